// Issue 13 in the browser: spec section 6's rule 6 end to end, and the billing page as an owner
// reads it. A new host is kept on /billing (by the server on a page load, by the client router in
// the app) until their first card is saved; then the redirect stops at once, in the same tab.
// Saving newhost's card changes the run's one database, so every journey that needs newhost
// without a card lives here, in order, before the card is saved.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from './support/env';
import { isSameDocument, markDocument, navigateInApp, serverRedirect } from './support/navigation';
import { expectHeading, signIn } from './support/session';

const cardForm = (page: Page) => page.getByRole('form', { name: 'Card details' });

async function enterCard(page: Page, number: string) {
  const form = cardForm(page);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('04 / 30');
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Name on the card').fill('Sam Okafor');
}

test.describe.serial('rule 6: a host without a payment method is kept on billing', () => {
  test('the server sends them to /billing on every page load, unless the bypass cookie is set', async ({
    page,
    context,
  }) => {
    await signIn(page, 'newhost@hostdash.test');
    await expect(page).toHaveURL(/\/billing$/);
    expect(await serverRedirect(page.request, '/reservations')).toEqual({
      status: 302,
      location: '/billing',
    });
    expect((await serverRedirect(page.request, '/billing')).status).toBe(200);
    // Issue 33, finding 8: the listings an import brought in open before the card.
    expect((await serverRedirect(page.request, '/listings')).status).toBe(200);

    await context.addCookies([{ name: 'hd_billing_bypass', value: '1', url: baseURL }]);
    await page.goto('/reservations');
    await expectHeading(page, 'Reservations');
  });

  test('the client router keeps them there too, without a page load', async ({ page }) => {
    await signIn(page, 'newhost@hostdash.test');
    await expect(page).toHaveURL(/\/billing$/);
    // The dashboard is running (its router listens): the page's own heading, not the frame the
    // server draws before any script has run (ADR 45).
    await expectHeading(page, 'Billing');
    await markDocument(page);
    await navigateInApp(page, '/reservations');
    await expect(page).toHaveURL(/\/billing$/);
    expect(await isSameDocument(page)).toBe(true);
  });

  test('a declined card keeps them on billing; a good one takes them to the dashboard', async ({
    page,
  }) => {
    await signIn(page, 'newhost@hostdash.test');
    await expect(page).toHaveURL(/\/billing$/);
    await expectHeading(page, 'Billing');
    await expect(page.getByText(/Add a card to start screening/)).toBeVisible();
    await markDocument(page);

    // Checked before anything is sent: a typo in the number, a card that has expired.
    await cardForm(page).getByLabel('Card number').fill('4242 4242 4242 4241');
    await cardForm(page).getByLabel('Expiry (MM / YY)').fill('01 / 20');
    await cardForm(page).getByRole('button', { name: 'Save card' }).click();
    await expect(cardForm(page).getByText(/not complete or has a typo/)).toBeVisible();
    await expect(cardForm(page).getByText(/This card has expired/)).toBeVisible();

    await enterCard(page, '4000 0000 0000 0002');
    await cardForm(page).getByRole('button', { name: 'Save card' }).click();
    await expect(cardForm(page).getByRole('alert')).toContainText('Your card was declined');
    await expect(page).toHaveURL(/\/billing$/);
    await expect(cardForm(page).getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');

    await enterCard(page, '4242 4242 4242 4242');
    await cardForm(page).getByRole('button', { name: 'Save card' }).click();
    await expect(page).toHaveURL(new URL('/', baseURL).href);
    await expect(page.getByText(/Card saved: Visa ending 4242/)).toBeVisible();
    await navigateInApp(page, '/listings');
    await expectHeading(page, 'Listings');
    await expect(page).toHaveURL(/\/listings$/);
    // Same tab, no new sign-in, no page load.
    expect(await isSameDocument(page)).toBe(true);
    // And the server agrees on the next page load.
    expect((await serverRedirect(page.request, '/listings')).status).toBe(200);

    await navigateInApp(page, '/billing');
    await expect(page.getByText('Visa ending 4242', { exact: true })).toBeVisible();
    await expect(page.getByText(/Expires 04 \/ 2030 · Sam Okafor/)).toBeVisible();
  });
});

test('an owner sees the upcoming invoice line by line and downloads a past invoice', async ({
  page,
}) => {
  await signIn(page, 'owner@hostdash.test', { next: '/billing' });
  await expectHeading(page, 'Billing');
  await expect(page.getByText('Visa ending 4242', { exact: true })).toBeVisible();
  // The seeded card expires at the end of this month.
  await expect(page.getByRole('alert').filter({ hasText: /expires/i })).toBeVisible();

  const upcoming = page.getByRole('table', { name: 'Upcoming invoice' });
  await expect(upcoming.getByRole('row', { name: /Active listings/ })).toContainText(
    /\d+ × €5\.00/,
  );
  await expect(upcoming.getByRole('row', { name: /Screened reservations/ })).toContainText(
    /\d+ × €1\.20/,
  );
  await expect(upcoming.getByRole('row', { name: /VAT 23 %/ })).toBeVisible();
  await expect(upcoming.getByRole('row', { name: /Total/ })).toContainText(/€\d/);

  const past = page.getByRole('table', { name: 'Past invoices' });
  await expect(past.getByRole('row')).toHaveCount(4); // a header and three paid months
  await expect(past.getByText('Paid').first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await past
    .getByRole('link', { name: /^Download PDF/ })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await readFile((await download.path()) ?? '');
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page).toHaveURL(/\/billing$/);
});
