// Listings and buildings, as a host and as building staff use them.
import type { Listing, ListingPage } from '@hostdash/api-contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, apiPost, apiSession } from './support/api';
import { expectHeading, signIn } from './support/session';

const listingsTable = (page: Page) => page.getByRole('table', { name: 'Listings' });
const statusOf = (page: Page, nickname: string) =>
  listingsTable(page).getByRole('combobox', { name: `Status of ${nickname}` });

async function openListings(page: Page): Promise<void> {
  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expectHeading(page, 'Listings');
  await expect(listingsTable(page).getByRole('row')).toHaveCount(11);
}

async function firstRows(page: Page, count: number): Promise<string[]> {
  const links = listingsTable(page).getByRole('row').locator('td:nth-child(2) a');
  return (await links.allTextContents()).slice(0, count);
}

/** The owner's listings with these nicknames, as the API has them now. */
async function listingsNamed(
  request: APIRequestContext,
  session: string,
  nicknames: string[],
): Promise<Listing[]> {
  const found: Listing[] = [];
  for (const nickname of nicknames) {
    const { items } = await apiGet<ListingPage>(
      request,
      session,
      `/listing/load?size=10&search=${encodeURIComponent(nickname)}`,
    );
    const listing = items.find((candidate) => candidate.nickname === nickname);
    if (listing) found.push(listing);
  }
  return found;
}

/** Puts each listing's status back as it was (a status alone needs no version). */
async function restoreStatuses(request: APIRequestContext, session: string, before: Listing[]) {
  for (const listing of before)
    await apiPost(request, session, `/listing/update/${listing.id}`, { status: listing.status });
}

test('an owner changes a listing’s status and sees it after a reload', async ({
  page,
  request,
}) => {
  await openListings(page);
  const [nickname = ''] = await firstRows(page, 1);
  const session = await apiSession(request, 'owner@hostdash.test');
  const before = await listingsNamed(request, session, [nickname]);
  expect(before.map((listing) => listing.status)).toEqual(['active']);
  try {
    await statusOf(page, nickname).click();
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/listing/update/') && response.ok(),
    );
    await page.getByRole('option', { name: 'Inactive' }).click();
    await saved;
    await expect(statusOf(page, nickname)).toHaveText('Inactive');

    await page.reload();
    await expect(statusOf(page, nickname)).toHaveText('Inactive');
  } finally {
    // Leave the demo data as it was, whatever happened above.
    await restoreStatuses(request, session, before);
  }
});

test('a batch of three listings is archived together, after a confirmation, with the result reported', async ({
  page,
  request,
}) => {
  await openListings(page);
  const nicknames = await firstRows(page, 3);
  const session = await apiSession(request, 'owner@hostdash.test');
  const before = await listingsNamed(request, session, nicknames);
  expect(before).toHaveLength(3);
  try {
    for (const nickname of nicknames)
      await page.getByRole('checkbox', { name: `Select ${nickname}` }).check();
    await expect(page.getByRole('region', { name: 'Selected listings' })).toContainText(
      '3 selected',
    );
    await page.getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('menuitem', { name: 'Archived' }).click();
    // Archiving asks first; a run without failures is reported once, by the snackbar.
    const dialog = page.getByRole('dialog', { name: 'Archive 3 listings?' });
    await expect(dialog).toContainText('Their reservations stay');
    await dialog.getByRole('button', { name: 'Archive listings' }).click();

    await expect(page.getByText('3 listings archived. Their reservations stay.')).toBeVisible();
    for (const nickname of nicknames) await expect(statusOf(page, nickname)).toHaveText('Archived');
    await page.reload();
    for (const nickname of nicknames) await expect(statusOf(page, nickname)).toHaveText('Archived');
  } finally {
    await restoreStatuses(request, session, before);
  }
});

test('search finds a listing by part of its address', async ({ page, request }) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<ListingPage>(
    request,
    session,
    '/listing/load?from=57&size=1&sort=created_at:asc',
  );
  const target = items[0];
  expect(target).toBeDefined();
  // The street and number, without the unit: "Rua de São Miguel 42, Apt 2B" → "São Miguel 42".
  const part = (target?.address ?? '').split(',')[0]!.split(' ').slice(-3).join(' ');

  await openListings(page);
  await page.getByRole('textbox', { name: 'Search listings' }).fill(part);
  await expect(
    listingsTable(page).getByRole('link', { name: target?.nickname ?? '' }),
  ).toBeVisible();
  for (const address of await listingsTable(page)
    .getByRole('row')
    .locator('td:nth-child(3)')
    .allTextContents()) {
    expect(address.toLowerCase()).toContain(part.toLowerCase());
  }
});

test('editing a listing is safe against a second tab', async ({ page, request }) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<ListingPage>(request, session, '/listing/load?from=5&size=1');
  const listing = items[0]!;

  try {
    await signIn(page, 'owner@hostdash.test', { next: `/listing/${listing.id}` });
    await expectHeading(page, listing.nickname);
    const second = await page.context().newPage();
    await second.goto(`/listing/${listing.id}`);
    await expectHeading(second, listing.nickname);

    await page.getByRole('textbox', { name: 'Nickname' }).fill(`${listing.nickname} (first tab)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectHeading(page, `${listing.nickname} (first tab)`);

    await second.getByRole('textbox', { name: 'City' }).fill('Sintra');
    await second.getByRole('button', { name: 'Save changes' }).click();
    await expect(second.getByText('Someone else changed this listing')).toBeVisible();
    await second.getByRole('button', { name: 'Keep my edits' }).click();
    await expect(second.getByRole('textbox', { name: 'Nickname' })).toHaveValue(
      `${listing.nickname} (first tab)`,
    );
    await second.getByRole('button', { name: 'Save changes' }).click();
    await expect(second.getByText('Changes saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Sintra');
    await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue(
      `${listing.nickname} (first tab)`,
    );
    await second.close();
  } finally {
    const current = await apiGet<Listing>(request, session, `/listing/get/${listing.id}`);
    await apiPost(request, session, `/listing/update/${listing.id}`, {
      version: current.version,
      nickname: listing.nickname,
      city: listing.city,
    });
  }
});

test('an owner sees buildings with their arrivals and opens one', async ({ page }) => {
  await signIn(page, 'owner@hostdash.test', { next: '/buildings' });
  await expectHeading(page, 'Buildings');
  const card = page.getByRole('article', { name: 'Marina Lofts' });
  await expect(card).toContainText('arrivals today');
  await card.getByRole('link', { name: 'Open building: Marina Lofts' }).click();
  await expect(page).toHaveURL(/\/building\/1\/marina-lofts$/);
  await expectHeading(page, 'Marina Lofts');
  await expect(page.getByRole('table', { name: 'Listings in this building' })).toBeVisible();
});

test('a vendor opens their building, never sees guest contact details, and cannot open another’s', async ({
  page,
  request,
}) => {
  await signIn(page, 'vendor@hostdash.test');
  await expect(page).toHaveURL(/\/building\/1\/marina-lofts$/);
  await expectHeading(page, 'Marina Lofts');
  await expect(
    page.getByRole('heading', { name: 'Arrivals: today and the next 7 days' }),
  ).toBeVisible();
  const text = await page.locator('main').innerText();
  expect(text).not.toContain('@');

  const owner = await apiSession(request, 'owner@hostdash.test');
  const { buildings } = await apiGet<{ buildings: { account_id: string; slug: string }[] }>(
    request,
    owner,
    '/listing/load/?buildings=1&noitems=1',
  );
  const vendor = await apiSession(request, 'vendor@hostdash.test');
  const { vendor_buildings: granted } = await apiGet<{ vendor_buildings: { slug: string }[] }>(
    request,
    vendor,
    '/loadAuth',
  );
  const other = buildings.find((building) => !granted.some((mine) => mine.slug === building.slug));
  expect(other).toBeDefined();

  await page.goto(`/building/${other?.account_id}/${other?.slug}`);
  await expect(page).toHaveURL(/\/error\/building-not-found$/);
  await expectHeading(page, 'Building not found');
});

test('leaving a listing with unsaved edits asks first: in the dashboard, on Back, on tab close', async ({
  page,
  request,
}) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<ListingPage>(request, session, '/listing/load?from=7&size=1');
  const listing = items[0]!;
  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await page.getByRole('link', { name: listing.nickname, exact: true }).first().click();
  await expectHeading(page, listing.nickname);
  await page.getByRole('textbox', { name: 'City' }).fill('Sintra');

  // The shell's own menu is held too, not only the page's links.
  await page.getByRole('navigation').getByRole('link', { name: 'Buildings' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toContainText(`Your changes to ${listing.nickname} will be lost.`);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${listing.id}$`));
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Sintra');

  // The browser's Back button: held as well, and Leave then goes back.
  await page.goBack();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${listing.id}$`));
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Sintra');
  await page.goBack();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/listings$/);
  await page.goForward();
  await expectHeading(page, listing.nickname);
  await page.getByRole('textbox', { name: 'City' }).fill('Sintra');

  // Closing the tab: the browser's own prompt.
  const prompted = new Promise<string>((resolve) =>
    page.once('dialog', (browserDialog) => {
      resolve(browserDialog.type());
      void browserDialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await prompted).toBe('beforeunload');
});

test('the listings table’s main link reads as a link, in the colour of the others', async ({
  page,
}) => {
  await openListings(page);
  const row = listingsTable(page).getByRole('row').nth(1);
  const colourOf = (cell: number) =>
    row
      .locator(`td:nth-child(${cell}) a`)
      .first()
      .evaluate((link) => getComputedStyle(link).color);
  const nickname = await colourOf(2);
  expect(nickname).toBe(await colourOf(4)); // the building link beside it
  expect(nickname).not.toBe(await row.evaluate((cells) => getComputedStyle(cells).color));
});
