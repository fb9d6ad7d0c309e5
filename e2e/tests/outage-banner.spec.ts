import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiPost, apiSession } from './support/api';
import { expectHeading, signIn } from './support/session';

const FLAG = 'outage_banner_dashboard';

async function setBanner(
  request: APIRequestContext,
  enabled: boolean,
  value?: unknown,
): Promise<void> {
  const session = await apiSession(request, 'admin@hostdash.test');
  await apiPost(request, session, `/admin/flags/${FLAG}`, {
    enabled,
    ...(value === undefined
      ? {}
      : { value: typeof value === 'string' ? value : JSON.stringify(value) }),
  });
}

test.describe('outage banner', () => {
  test.afterEach(async ({ request }) => setBanner(request, false));

  test('an info notice shows at the top, can be closed, and hides itself after 10 seconds', async ({
    page,
    request,
  }) => {
    await setBanner(request, true, { severity: 'info', text: 'Syncing with Guesty is delayed.' });
    await page.clock.install();
    await signIn(page, 'owner@hostdash.test');
    await expectHeading(page, 'Risks');
    const banner = page.getByRole('status', { name: 'Service status' });
    await expect(banner).toContainText('Syncing with Guesty is delayed.');
    await page.clock.fastForward(9_000);
    await expect(banner).toBeVisible();
    await page.clock.fastForward(2_000);
    await expect(banner).toBeHidden();

    await page.reload();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Close' }).click();
    await expect(banner).toBeHidden();
  });

  test('an error notice cannot be dismissed', async ({ page, request }) => {
    await setBanner(request, true, { severity: 'error', text: 'Payments are down. We are on it.' });
    await page.clock.install();
    await signIn(page, 'owner@hostdash.test');
    const banner = page.getByRole('alert', { name: 'Service status' });
    await expect(banner).toContainText('Payments are down. We are on it.');
    await expect(banner.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.clock.fastForward(60_000);
    await page.keyboard.press('Escape');
    await expect(banner).toBeVisible();
  });

  test('a malformed value never breaks the page', async ({ page, request }) => {
    await setBanner(request, true, '{"severity": "error", "text": ');
    await signIn(page, 'owner@hostdash.test');
    await expectHeading(page, 'Risks');
  });
});
