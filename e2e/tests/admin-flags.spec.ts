// Issue 14, feature flags: an admin puts the outage banner up from /admin/flags, and an owner's
// open dashboard shows it on its next flag poll (every minute), without a reload.
import { expect, test } from '@playwright/test';
import { apiPost, apiSession } from './support/api';
import { baseURL } from './support/env';
import { expectHeading, signIn } from './support/session';

test.afterEach(async ({ request }) => {
  const session = await apiSession(request, 'admin@hostdash.test');
  await apiPost(request, session, '/admin/flags/outage_banner_dashboard', { enabled: false });
});

test("an admin switches the outage banner on from the flags page and the owner's open tab shows it", async ({
  page,
  browser,
}) => {
  const owner = await browser.newPage({ baseURL });
  await owner.clock.install();
  await signIn(owner, 'owner@hostdash.test');
  await expectHeading(owner, 'Risks');
  const banner = owner.getByRole('alert', { name: 'Service status' });
  await expect(banner).toHaveCount(0);

  await signIn(page, 'admin@hostdash.test', { next: '/admin/flags' });
  await expectHeading(page, 'Feature flags');
  await page.getByRole('switch', { name: 'Show the banner' }).click();
  await page.getByRole('radio', { name: /Outage: stays/ }).check();
  await page.getByRole('textbox', { name: 'Text' }).fill('Payments are delayed. We are on it.');
  await expect(page.getByRole('figure', { name: 'Preview' }).getByRole('alert')).toHaveText(
    'Payments are delayed. We are on it.',
  );
  await page.getByRole('button', { name: 'Save banner' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Show banner' }).click();
  await expect(page.getByText(/The outage banner is on/)).toBeVisible();

  await owner.clock.fastForward(61_000);
  await expect(banner).toContainText('Payments are delayed. We are on it.');
  await owner.close();
});
