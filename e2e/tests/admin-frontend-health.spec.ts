// Issue 17, the admin's front-end health: an owner's pages report to the collector when the page
// is hidden; an admin then finds that session's remote in /admin/kibana's "Front-end health", its
// version's figures, the route it timed among the slowest, and narrows the part to that remote.
// Issue 35, health that tells the truth: a declined card is a refusal the billing page expects and
// says, not a failure — the admin sees it apart, with its call (method, route, status) — and
// /connect/{pms}'s normal state ("no import yet") asks nothing the API refuses.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, seriousOf } from './support/axe';
import { navigateInApp } from './support/navigation';
import { expectHeading, signIn } from './support/session';
import { hidePageAndSend, recordTelemetry } from './support/telemetry';

/** The admin's front-end health part, opened on /admin/kibana with `query`. */
async function openHealth(page: Page, query = '') {
  await signIn(page, 'admin@hostdash.test', { next: `/admin/kibana${query}` });
  await expectHeading(page, 'Usage analytics');
  return page.getByRole('region', { name: 'Front-end health' });
}

test('an admin sees the front-end health of what a signed-in session just reported', async ({
  browser,
}) => {
  const owner = await browser.newPage();
  await signIn(owner, 'owner@hostdash.test');
  await expectHeading(owner, 'Risks');
  await navigateInApp(owner, '/listings');
  await expectHeading(owner, 'Listings');
  await hidePageAndSend(owner);
  await owner.close();

  const page = await browser.newPage();
  const health = await openHealth(page);
  const versions = health.getByRole('table', { name: 'Remotes and versions' });
  const listings = versions.getByRole('row').filter({ hasText: /^listings/ });
  await expect(listings.first()).toBeVisible();
  // At least the owner's session, on the version that rendered /listings.
  const sessions = Number(await listings.first().getByRole('cell').nth(2).textContent());
  expect(sessions).toBeGreaterThanOrEqual(1);
  await expect(
    health
      .getByRole('table', { name: 'Slowest routes' })
      .getByRole('row', { name: /^\/listings listings/ }),
  ).toBeVisible();

  await health.getByRole('combobox', { name: 'Remote' }).click();
  await page.getByRole('option', { name: 'listings', exact: true }).click();
  await expect(page).toHaveURL(/[?&]remote=listings/);
  await expect(versions.getByRole('row').filter({ hasText: /^(Shell|reservations)/ })).toHaveCount(
    0,
  );
  await expect(
    versions
      .getByRole('row')
      .filter({ hasText: /^listings/ })
      .first(),
  ).toBeVisible();
});

test('a declined card is a refusal the page expects: apart from the failures, with its call', async ({
  browser,
}) => {
  const owner = await browser.newPage();
  await signIn(owner, 'owner@hostdash.test', { next: '/billing' });
  await expectHeading(owner, 'Billing');
  await owner.getByRole('button', { name: 'Replace card' }).click();
  const form = owner.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill('4000 0000 0000 0002');
  await form.getByLabel('Expiry (MM / YY)').fill('04 / 30');
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Name on the card').fill('Olivia Reed');
  const declined = owner.waitForResponse((response) =>
    response.url().includes('/api/user/billing/updateCard/'),
  );
  await form.getByRole('button', { name: 'Replace card' }).click();
  expect((await declined).status()).toBe(402);
  // The page says it; the old card stays.
  await expect(form.getByRole('alert')).toContainText('Your card was declined');
  await hidePageAndSend(owner);
  await owner.close();

  const page = await browser.newPage();
  const health = await openHealth(page, '?remote=billing');
  const refusals = health.getByRole('table', { name: 'Refusals the pages expect' });
  await expect(
    refusals.getByRole('row', {
      name: /^POST \/user\/billing\/updateCard\/\{id\} 402 card_declined billing /,
    }),
  ).toBeVisible();
  // Never among the errors: no row of the top errors is a 402.
  const errors = health.getByRole('region', { name: 'Top errors' });
  await expect(errors.getByRole('row').filter({ hasText: /card_declined|\b402\b/ })).toHaveCount(0);
  // Counted apart in its version's figures: refusals, not API failures.
  const billing = health
    .getByRole('table', { name: 'Remotes and versions' })
    .getByRole('row')
    .filter({ hasText: /^billing/ })
    .first();
  const cells = billing.getByRole('cell');
  await expect(cells.nth(6)).toHaveText('0');
  expect(Number(await cells.nth(7).textContent())).toBeGreaterThanOrEqual(1);

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // At the new width the page changes form (its lists become cards on a media query, then a
    // render): axe right after the resize once read it half-way (a scrollable region without
    // focus, in the headless shell). The page at rest must pass; a lasting violation still fails.
    await expect
      .poll(async () => seriousOf(await axeViolations(page, 'main')), {
        message: `axe at ${width} px`,
        timeout: 5_000,
      })
      .toEqual([]);
  }
});

test('/connect/{pms} before any import asks nothing the API refuses', async ({ browser }) => {
  const page = await browser.newPage();
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  const batches = await recordTelemetry(page);
  // The demo owner has never imported from Hostaway: the page's normal state.
  await signIn(page, 'owner@hostdash.test', { next: '/connect/hostaway' });
  await expectHeading(page, 'Connect Hostaway');
  await expect(page.getByRole('button', { name: /^Connect/ })).toBeVisible();
  await hidePageAndSend(page);
  expect(refused).toEqual([]);
  const events = batches.flatMap(
    (body) => (JSON.parse(body) as { events: { type: string }[] }).events,
  );
  expect(
    events.filter((event) => event.type.startsWith('api_') && event.type !== 'api_calls'),
  ).toEqual([]);
});
