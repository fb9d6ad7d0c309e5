// Listings and buildings on a phone (390 × 844): nothing wider than the screen, every value that
// matters on its card, and a status change that can be taken back.
import type { ListingPage } from '@hostdash/api-contract';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiPost, apiSession } from './support/api';
import { expectHeading, signIn } from './support/session';

test.use({ viewport: { width: 390, height: 844 } });

/** The page scrolls only downwards: nothing sticks out to the right. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.document).toBeLessThanOrEqual(widths.viewport);
}

test('building staff see each arrival’s verification on a phone, without scrolling sideways', async ({
  page,
}) => {
  await signIn(page, 'vendor@hostdash.test');
  await expect(page).toHaveURL(/\/building\/1\/marina-lofts$/);
  await expectHeading(page, 'Marina Lofts');
  await expect(page).toHaveTitle('Marina Lofts · Hostdash');

  const arrivals = page.getByRole('list', { name: 'Arrivals' }).getByRole('listitem');
  await expect(arrivals.first()).toBeVisible();
  const count = await arrivals.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const card = arrivals.nth(index);
    await card.scrollIntoViewIfNeeded();
    // The verification chip is on the card and inside the screen.
    const chip = card.locator('.MuiChip-root').first();
    await expect(chip).toBeVisible();
    const box = await chip.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // A chip is as wide as its words, not a bar across the card.
    expect(box?.width ?? 0).toBeLessThan(200);
  }
  // Each unit's status is there too.
  const units = page.getByRole('list', { name: 'Listings in this building' }).getByRole('listitem');
  await expect(units.first().getByText('Status')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('an owner archives a listing on a phone, sees the snackbar and undoes it', async ({
  page,
  request,
}) => {
  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expectHeading(page, 'Listings');
  const cards = page.getByRole('list', { name: 'Listings', exact: true }).getByRole('listitem');
  await expect(cards).toHaveCount(10);
  await expectNoSidewaysScroll(page);
  // The whole pagination row fits: the next-page arrow is on the screen.
  const next = page.getByRole('button', { name: 'Go to next page' });
  await next.scrollIntoViewIfNeeded();
  await expect(next).toBeInViewport({ ratio: 1 });

  const nickname = (await cards.first().getByRole('link').first().textContent()) ?? '';
  expect(nickname).not.toBe('');
  const status = page.getByRole('combobox', { name: `Status of ${nickname}` });
  await expect(status).toHaveText('Active');
  const session = await apiSession(request, 'owner@hostdash.test');
  try {
    await status.click();
    await page.getByRole('option', { name: 'Archived' }).click();
    const dialog = page.getByRole('dialog', { name: `Archive ${nickname}?` });
    await expect(dialog).toContainText('Its reservations stay');
    await dialog.getByRole('button', { name: 'Archive listing' }).click();

    await expect(page.getByText(`${nickname} archived. Its reservations stay.`)).toBeVisible();
    await expect(status).toHaveText('Archived');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(`${nickname} is active again.`)).toBeVisible();
    await expect(status).toHaveText('Active');
    await page.reload();
    await expect(page.getByRole('combobox', { name: `Status of ${nickname}` })).toHaveText(
      'Active',
    );
  } finally {
    // Leave the demo data as it was, whatever happened above (a status alone needs no version).
    const { items } = await apiGet<ListingPage>(
      request,
      session,
      `/listing/load?size=10&search=${encodeURIComponent(nickname)}`,
    );
    const listing = items.find((candidate) => candidate.nickname === nickname);
    if (listing && listing.status !== 'active')
      await apiPost(request, session, `/listing/update/${listing.id}`, { status: 'active' });
  }
});

test('every listings page fits a phone as the owner sees it', async ({ page, request }) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<ListingPage>(request, session, '/listing/load?size=1');
  const listing = items[0]!;
  await signIn(page, 'owner@hostdash.test', { next: '/buildings' });
  await expectHeading(page, 'Buildings');
  await expectNoSidewaysScroll(page);

  await page.goto('/building/1/marina-lofts');
  await expectHeading(page, 'Marina Lofts');
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Buildings');
  await expectNoSidewaysScroll(page);

  await page.goto(`/listing/${listing.id}`);
  await expectHeading(page, listing.nickname);
  await expect(page).toHaveTitle(`${listing.nickname} · Hostdash`);
  await expect(page.getByRole('heading', { name: 'Upcoming reservations' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
