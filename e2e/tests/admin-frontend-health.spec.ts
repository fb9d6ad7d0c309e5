// Issue 17, the admin's front-end health: an owner's pages report to the collector when the page
// is hidden; an admin then finds that session's remote in /admin/kibana's "Front-end health", its
// version's figures, the route it timed among the slowest, and narrows the part to that remote.
import { expect, test } from '@playwright/test';
import { navigateInApp } from './support/navigation';
import { expectHeading, signIn } from './support/session';
import { hidePageAndSend } from './support/telemetry';

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
  await signIn(page, 'admin@hostdash.test', { next: '/admin/kibana' });
  await expectHeading(page, 'Usage analytics');
  const health = page.getByRole('region', { name: 'Front-end health' });
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
