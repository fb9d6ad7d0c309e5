// Every list page at 390 × 844, as the role it is for: nothing is wider than the phone, and no
// table is cut off or needs sideways scrolling (issue 12: a page shows each column's information
// on a phone, as cards where a table would not fit). A screenshot of each is kept in the report.
import { expect, test, type Page } from '@playwright/test';
import { expectHeading, signIn } from './support/session';

test.use({ viewport: { width: 390, height: 844 } });

interface Overflow {
  documentWidth: number;
  viewportWidth: number;
  /** Tables that reach past the viewport or past the box that holds them. */
  clippedTables: string[];
}

async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewportWidth = window.innerWidth;
    const clippedTables = Array.from(document.querySelectorAll('table'))
      .filter((table) => {
        const box = table.getBoundingClientRect();
        const holder = table.parentElement;
        const hidden = holder ? holder.scrollWidth > holder.clientWidth + 1 : false;
        return box.right > viewportWidth + 1 || box.left < -1 || hidden;
      })
      .map((table) => table.getAttribute('aria-label') ?? table.textContent?.slice(0, 40) ?? '');
    return {
      documentWidth: document.documentElement.scrollWidth,
      viewportWidth,
      clippedTables,
    };
  });
}

const PAGES: ReadonlyArray<{ email: string; path: string; heading: string | RegExp }> = [
  { email: 'owner@hostdash.test', path: '/', heading: 'Risks' },
  { email: 'owner@hostdash.test', path: '/reservations', heading: 'Reservations' },
  { email: 'owner@hostdash.test', path: '/reservations?view=calendar', heading: 'Reservations' },
  { email: 'owner@hostdash.test', path: '/listings', heading: 'Listings' },
  { email: 'owner@hostdash.test', path: '/buildings', heading: 'Buildings' },
  { email: 'owner@hostdash.test', path: '/protect', heading: 'Protect' },
  { email: 'owner@hostdash.test', path: '/accounts', heading: 'Team' },
  { email: 'manager@hostdash.test', path: '/listings', heading: 'Listings' },
  { email: 'vendor@hostdash.test', path: '/building/1/marina-lofts', heading: /Marina Lofts/ },
];

for (const { email, path, heading } of PAGES) {
  test(`${path} as ${email.split('@')[0]} fits a phone`, async ({ page }, testInfo) => {
    await signIn(page, email, { next: path });
    await expectHeading(page, heading);
    // Its rows, not their placeholders.
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 15_000 });
    await testInfo.attach('390px', { body: await page.screenshot(), contentType: 'image/png' });
    const overflow = await overflowOf(page);
    expect(overflow.clippedTables, 'tables cut off or scrolling sideways').toEqual([]);
    expect(overflow.documentWidth, 'the page is wider than the phone').toBeLessThanOrEqual(
      overflow.viewportWidth,
    );
  });
}
