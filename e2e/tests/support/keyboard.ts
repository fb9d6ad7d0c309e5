// A person who uses only the keyboard (issue 33, WCAG 2.1.1 and 2.4.7): they move with Tab, act
// with Enter and Space, choose with the arrow keys, and must always see where the focus is.
// A journey collects every Tab stop whose focus cannot be seen and fails on them at its end.
import { expect, type Locator, type Page } from '@playwright/test';

export interface KeyboardUser {
  page: Page;
  /** The Tab stops that showed no focus: what was focused, where. */
  unseen: string[];
}

export const keyboardUser = (page: Page): KeyboardUser => ({ page, unseen: [] });

/**
 * Where the focus is, and whether a sighted person can see it: a ring (outline) on the focused
 * element or on the control drawn around it (MUI marks a text field's frame `Mui-focused` and a
 * keyboard-focused button `Mui-focusVisible`), on something with a size on the screen.
 */
async function focusShown(page: Page): Promise<{ what: string; shown: boolean }> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    // Nothing of the page has the focus after a Tab: it went past the page's last stop to the
    // browser's own controls (which show their focus themselves; the next Tab comes back to the
    // page's first stop), or the browser held it a moment (a file chooser just closed). Neither is
    // a stop of the page. Chromium's headless shell, which the journeys run in, has no controls:
    // there the stop past the last one is the document.
    if (!focused || focused === document.body) return { what: 'the browser', shown: true };
    const what =
      focused.getAttribute('aria-label') || (focused.textContent ?? '').trim().slice(0, 40);
    const ringed = (element: Element): boolean => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const marked =
        element.classList.contains('Mui-focused') || element.classList.contains('Mui-focusVisible');
      const box = element.getBoundingClientRect();
      return (outline || marked) && box.width > 4 && box.height > 4;
    };
    let element: Element | null = focused;
    for (let depth = 0; element && depth < 4; depth++, element = element.parentElement)
      if (ringed(element))
        return { what: `${focused.tagName.toLowerCase()} "${what}"`, shown: true };
    return { what: `${focused.tagName.toLowerCase()} "${what}"`, shown: false };
  });
}

/** One press of Tab (or Shift+Tab), noting a stop whose focus cannot be seen. */
async function step(user: KeyboardUser, backwards: boolean): Promise<void> {
  await user.page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  const { what, shown } = await focusShown(user.page);
  if (!shown) user.unseen.push(`${what} on ${new URL(user.page.url()).pathname}`);
}

const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab until `target` has the focus; fails when it is not reached in `limit` presses. */
export async function tabTo(
  user: KeyboardUser,
  target: Locator,
  { limit = 80, backwards = false }: { limit?: number; backwards?: boolean } = {},
): Promise<void> {
  await expect(target).toBeAttached();
  for (let press = 0; press < limit; press++) {
    await step(user, backwards);
    if (await hasFocus(target)) return;
  }
  throw new Error(`${target} was not reached in ${limit} presses of Tab`);
}

/**
 * Chooses an option of the focused list box (an MUI select): opens it with the down arrow and
 * moves down until the option is focused, then Enter.
 */
export async function chooseWithArrows(
  user: KeyboardUser,
  option: string | RegExp,
  { limit = 20 }: { limit?: number } = {},
): Promise<void> {
  const { page } = user;
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  const wanted = page.getByRole('option', { name: option });
  for (let press = 0; press < limit; press++) {
    if (await hasFocus(wanted)) {
      await page.keyboard.press('Enter');
      await expect(page.getByRole('listbox')).toBeHidden();
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The option ${String(option)} was not reached with the arrow keys`);
}

/** At the end of a journey: every stop showed where the focus was. */
export function expectFocusAlwaysSeen(user: KeyboardUser): void {
  expect([...new Set(user.unseen)], 'Tab stops whose focus cannot be seen').toEqual([]);
}
