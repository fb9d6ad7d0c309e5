// Issue 32 in the browser: a month's charge fails, the owner is told on every page, replaces the
// card, and the month is paid and the banner goes. Set up as people would: the owner saves Stripe's
// test card 4000 0000 0000 0341 (it attaches, but every charge to it is declined) on /billing, and
// an admin runs the monthly close from /admin/jobs ("Run now", asked first since it charges cards).
//
// The owner is Inês Costa (secure@hostdash.test, a second step): her account has listings and
// screened stays in the month that ended and no card yet, so the close charges her and it fails.
// The demo owner owner@ would not do: the seed has her last three months closed and paid already
// (and billing.spec.ts counts them). The run closes the month for every other account too; none
// of them has a card that pays or a person another journey signs in as, but for Inês, whose month
// this journey leaves paid.
//
// A self sign-up seeing "check your mail" and confirming by the mailed link is onboarding.spec.ts.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, seriousOf } from './support/axe';
import { baseURL, TOTP_SECRET } from './support/env';
import { newestMailTo } from './support/mail';
import { navigateInApp } from './support/navigation';
import { expectHeading, signIn, signInThroughForm } from './support/session';
import { totp } from './support/totp';

const OWNER = 'secure@hostdash.test';
const OWNER_NAME = 'Inês Costa';

/** The month the close bills: the one that ended before today (UTC), e.g. "October 2026". */
function monthThatEnded(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toLocaleString(
    'en-US',
    { month: 'long', year: 'numeric', timeZone: 'UTC' },
  );
}

async function expectNoSeriousViolation(page: Page, include?: string): Promise<void> {
  const violations = await axeViolations(page, include);
  expect(seriousOf(violations), JSON.stringify(violations, null, 2)).toEqual([]);
}

const cardForm = (page: Page) => page.getByRole('form', { name: 'Card details' });

async function enterCard(page: Page, number: string): Promise<void> {
  const form = cardForm(page);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('04 / 30');
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Name on the card').fill(OWNER_NAME);
}

/** Signs the owner in with her password and her authenticator's code. */
async function signInOwner(page: Page, next: string): Promise<void> {
  await signInThroughForm(page, OWNER, { next });
  await expect(page).toHaveURL(/\/login\/challenge/);
  await page.getByLabel('Code').fill(totp(TOTP_SECRET));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

async function adminPage(browser: Browser, next: string): Promise<Page> {
  const admin = await browser.newPage({ baseURL, viewport: { width: 1366, height: 900 } });
  await signIn(admin, 'admin@hostdash.test', { next });
  return admin;
}

const banner = (page: Page) => page.getByRole('status', { name: 'Billing' });
const warning = (page: Page) =>
  page.getByRole('alert').filter({ hasText: /Last payment failed|Past due/ });

test.use({ viewport: { width: 1366, height: 900 } });
// No retry: the journey changes what it starts from (a card saved, a month charged), and its
// authenticator code would be a replay within the same 30 s, so a retry fails for neither reason
// the first attempt did and hides it.
test.describe.configure({ retries: 0 });

test('a failed monthly charge: the owner is told everywhere, replaces the card, and it is paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const month = monthThatEnded();
  // The page writes a month unbroken (a no-break space): matched as any space.
  const monthPattern = month.replace(' ', '\\s');
  const monthRow = (target: Page) =>
    target
      .getByRole('table', { name: 'Past invoices' })
      .getByRole('row')
      .filter({ hasText: new RegExp(monthPattern) });

  await test.step('the owner saves a card whose charges are declined', async () => {
    await signInOwner(page, '/billing');
    await expectHeading(page, 'Billing');
    await expect(page.getByText(/Add a card to start screening/)).toBeVisible();
    await enterCard(page, '4000 0000 0000 0341');
    await cardForm(page).getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Visa ending 0341', { exact: true })).toBeVisible();
    await expect(page.getByText(/Nothing is charged until the month ends/)).toBeVisible();
    await expect(warning(page)).toHaveCount(0);
  });

  await test.step('an admin runs the monthly close now, after saying yes to charging cards', async () => {
    const admin = await adminPage(browser, '/admin/jobs?view=scheduled');
    await expectHeading(admin, 'Jobs');
    const close = admin
      .getByRole('table', { name: 'Schedules' })
      .getByRole('row')
      .filter({ hasText: 'billing.close' });
    await close.getByRole('button', { name: 'Run now: billing.close' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Run billing.close now?' });
    await expect(dialog).toContainText(`It closes ${month} for every account`);
    await dialog.getByRole('button', { name: 'Run and charge' }).click();
    await expect(admin.getByText('billing.close runs now: a worker queues its job')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await admin.close();
  });

  await test.step('the charge fails: the owner is mailed, and /billing warns and explains', async () => {
    // The schedule's job queues one close per account; each runs within seconds.
    await expect
      .poll(() => newestMailTo(OWNER) ?? '', { timeout: 60_000 })
      .toMatch(new RegExp(`Subject: Your payment for ${month} failed`));
    await expect(async () => {
      await page.reload();
      await expect(warning(page)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(warning(page)).toContainText(`The payment for ${month} failed.`);
    await expect(warning(page)).toContainText('Your card was declined');
    await expect(monthRow(page)).toContainText(/Payment failed\s*next try \w{3}\s\d{1,2},\s\d{4}/);
    const note = page.getByRole('region', { name: 'What past due means' });
    await expect(note).toContainText('Nothing is switched off');
    await expectNoSeriousViolation(page);
  });

  await test.step('every other page has the banner, with the way to the card', async () => {
    await navigateInApp(page, '/listings');
    await expectHeading(page, 'Listings');
    await expect(banner(page)).toContainText(
      new RegExp(
        `The payment for ${monthPattern} failed: Your card was declined\\..* We try again on `,
      ),
    );
    // The banner itself (the listings page's own toggle buttons have a contrast finding of their
    // own, older than this journey).
    await expectNoSeriousViolation(page, 'main [role="status"][aria-label="Billing"]');
    // On a phone it fits, the button under the words.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(banner(page).getByRole('link', { name: 'Update card' })).toBeVisible();
    // Polled: the page lays itself out again for the phone after the resize (its media queries
    // re-render), and on a busy machine the first frames can still hold the desktop's layout.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: 'the page is wider than the phone by this many pixels',
        timeout: 10_000,
      })
      .toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step('an admin sees the failed payment in the owner’s panel', async () => {
    const admin = await adminPage(browser, `/users?search=${encodeURIComponent(OWNER)}`);
    await admin.getByRole('button', { name: OWNER_NAME }).click();
    const panel = admin.getByRole('dialog', { name: OWNER_NAME });
    await expect(panel).toContainText(`Failed payment${month}: Your card`);
    await expect(panel).toContainText(/Payment failed\s*next try/);
    await admin.close();
  });

  await test.step('the owner replaces the card: the month is paid at once, the banner goes', async () => {
    await banner(page).getByRole('link', { name: 'Update card' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    // /billing says it itself: no banner on top of its warning.
    await expect(warning(page)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Replace card' }).click();
    await enterCard(page, '4242 4242 4242 4242');
    await cardForm(page).getByRole('button', { name: 'Replace card' }).click();
    await expect(
      page.getByText('Card saved: Visa ending 4242. The unpaid invoice is charged to it now.'),
    ).toBeVisible();
    await expect(warning(page)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'What past due means' })).toHaveCount(0);
    await expect(monthRow(page)).toContainText('Paid');
    await expect(monthRow(page)).not.toContainText('next try');

    await navigateInApp(page, '/listings');
    await expectHeading(page, 'Listings');
    await expect(banner(page)).toHaveCount(0);
    // And on the next page load too: the server's user has nothing failed left.
    await page.reload();
    await expectHeading(page, 'Listings');
    await expect(banner(page)).toHaveCount(0);
    await expect
      .poll(() => newestMailTo(OWNER) ?? '', { timeout: 30_000 })
      .toMatch(new RegExp(`Subject: Thank you: your payment for ${month} went through`));
  });
});

test('staff list the users of past-due accounts from the address, and the page passes axe', async ({
  browser,
}) => {
  const admin = await adminPage(browser, '/users');
  await expectHeading(admin, 'Users');
  await admin.getByRole('combobox', { name: 'Billing' }).click();
  await admin.getByRole('option', { name: 'Past due' }).click();
  await expect(admin).toHaveURL(/\/users\?past_due=true$/);
  await expect(admin.getByText(/^\d+ users? of past-due accounts: /)).toBeVisible();
  await expect(admin.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousViolation(admin);
  // A reload keeps it: the address holds the filter.
  await admin.reload();
  await expect(admin.getByRole('combobox', { name: 'Billing' })).toHaveText('Past due');
  await admin.close();
});
