// Issue 33, findings 12 and 15: the pages axe-core failed for colour contrast (the toggle-button
// filters, the held/released filter) pass with no serious violation, as the owner, on a laptop and
// on a phone; and a list page and a form page share the one frame: both start where the header
// starts, the list as wide as the content area, the form at the one readable width.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, seriousOf } from './support/axe';
import { signIn } from './support/session';

const OWNER = 'owner@hostdash.test';
const PAGES = ['/', '/listings', '/reservations', '/guestportal', '/stargate'];

/** The page's content, not its placeholders. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root:visible')).toHaveCount(0, { timeout: 15_000 });
}

for (const [device, viewport] of [
  ['a laptop', { width: 1366, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    test('the owner’s most used pages have no serious accessibility violation', async ({
      page,
    }) => {
      await signIn(page, OWNER, { next: '/listings' });
      for (const path of PAGES) {
        await page.goto(path);
        await settled(page);
        const violations = seriousOf(await axeViolations(page));
        expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
      }
    });
  });
}

test.describe('the one frame', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('a list and a form start under the header; the list is full width, the form is not', async ({
    page,
  }) => {
    await signIn(page, OWNER, { next: '/listings' });
    const frameOf = async (path: string) => {
      await page.goto(path);
      await settled(page);
      const frame = page.locator('[data-page-width]').first();
      return { width: await frame.getAttribute('data-page-width'), box: await frame.boundingBox() };
    };
    const list = await frameOf('/listings');
    const form = await frameOf('/billing');
    expect(list.width).toBe('list');
    expect(form.width).toBe('form');
    // Left-aligned alike: not centred in the content area.
    expect(form.box?.x).toBe(list.box?.x);
    expect(form.box?.width).toBeLessThan((list.box?.width ?? 0) - 100);
  });
});

// docs/adr/0045: a page whose route declares its frame has it in the HTML, painted before any
// script runs; the dashboard's own header then takes its place without moving a pixel.
for (const [device, viewport] of [
  ['a laptop', { width: 1366, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${device}, the frame in the first paint is where the page draws its header`, async ({
    browser,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, OWNER, { next: '/listings' });
    const firstPaint = await browser.newContext({
      viewport,
      storageState: await page.context().storageState(),
    });
    const before = await firstPaint.newPage();
    // The page as the server sends it, before the shell's code runs (with scripts on: a page
    // without them shows its <noscript> line above).
    await before.route('**/assets/*.js', (route) => route.abort());
    for (const path of ['/', '/billing']) {
      await before.goto(path);
      const bootTitle = before.locator('.hd-boot-title');
      const bootSummary = before.locator('.hd-boot-summary');
      const summary = (await bootSummary.textContent()) ?? '';
      await page.goto(path);
      await settled(page);
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText((await bootTitle.textContent()) ?? '');
      const shown = page.locator('main').getByText(summary, { exact: true });
      await expect(shown).toBeVisible();
      for (const [boot, drawn] of [
        [bootTitle, title],
        [bootSummary, shown],
      ] as const) {
        const [a, b] = [await boot.boundingBox(), await drawn.boundingBox()];
        expect({ path, x: a?.x, y: a?.y, height: a?.height }).toEqual({
          path,
          x: b?.x,
          y: b?.y,
          height: b?.height,
        });
      }
      // The same colours too: the summary in the secondary text colour.
      expect(await bootSummary.evaluate((element) => getComputedStyle(element).color)).toBe(
        await shown.evaluate((element) => getComputedStyle(element).color),
      );
    }
    await firstPaint.close();
  });
}
