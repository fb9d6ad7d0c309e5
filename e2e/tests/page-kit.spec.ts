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
