// Issue 31, Admin: Jobs. An admin opens /admin/jobs from the menu, sees the queues and, on the
// Scheduled tab, the hourly maintenance schedule the API registered at start; then support's
// question — "I never got the mail" — is answered from the mail log by the person's address. The
// page passes axe-core with no serious violation, on a laptop and on a phone, where nothing is
// wider than the screen. Screenshots of both are attached to the report (and written to
// E2E_SCREENSHOTS_DIR when it is set).
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiGet, apiPost, apiSession } from './support/api';
import { axeViolations, seriousOf } from './support/axe';
import { expectHeading, signIn } from './support/session';

const MANAGER = 'manager@hostdash.test';

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ fullPage: true, path: path.join(dir, `${name}.png`) });
}

async function expectNoSeriousViolation(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(seriousOf(violations), JSON.stringify(violations, null, 2)).toEqual([]);
}

/** The rows, not their placeholders. */
const settled = (page: Page) =>
  expect(page.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 15_000 });

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('an admin reads the queues and the maintenance schedule, and finds a person’s mail', async ({
    page,
    request,
  }, testInfo) => {
    // A mail to the manager, as support would be asked about.
    const session = await apiSession(request, 'admin@hostdash.test');
    const found = await apiGet<{ items: { id: string; email: string }[] }>(
      request,
      session,
      `/user/accounts/search?search=${encodeURIComponent(MANAGER)}`,
    );
    const manager = found.items.find((user) => user.email === MANAGER);
    expect(manager).toBeDefined();
    await apiPost(request, session, `/admin/user/update/${manager!.id}/send_password_reset`, {});

    await signIn(page, 'admin@hostdash.test', { next: '/users' });
    await expectHeading(page, 'Users');
    await page.getByRole('link', { name: 'Jobs' }).click();
    await expectHeading(page, 'Jobs');
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    const queues = page.getByRole('list', { name: 'Queues' });
    await expect(queues.getByRole('listitem', { name: 'Queue maintenance' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Failed \(\d+\)$/, selected: true })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolation(page);

    await page.getByRole('tab', { name: /^Scheduled/ }).click();
    await expect(page).toHaveURL(/\/admin\/jobs\?view=scheduled$/);
    const maintenance = page
      .getByRole('table', { name: 'Schedules' })
      .getByRole('row')
      .filter({ hasText: 'maintenance' });
    await expect(maintenance).toContainText('7 * * * *');
    // Its next run: a date, or "Now" in the seconds after minute 7 of an hour, when the run is
    // due and no worker has taken it yet.
    await expect(maintenance.locator('td').nth(2)).toHaveText(/\d{4}|^Now$/);
    await settled(page);
    await expectNoSeriousViolation(page);
    await screenshot(page, testInfo, 'admin-jobs-scheduled-1366');

    await page.getByRole('tab', { name: 'Mail log' }).click();
    await page.getByRole('textbox', { name: 'Recipient’s email' }).fill('Manager@Hostdash.test');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\?view=mails&recipient=Manager%40Hostdash\.test$/);
    const reset = page
      .getByRole('table', { name: 'Mail log' })
      .getByRole('row')
      .filter({ hasText: `To ${MANAGER}` })
      .filter({ hasText: /password/i })
      .first();
    await expect(reset).toBeVisible();
    await expect(reset).toContainText(/Not sent yet|Delivered|Failed/);
    await settled(page);
    await expectNoSeriousViolation(page);
    await screenshot(page, testInfo, 'admin-jobs-mails-1366');

    // Back returns to the schedules, as the address said.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/jobs\?view=scheduled$/);
    await expect(page.getByRole('table', { name: 'Schedules' })).toContainText('maintenance');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the jobs page fits a phone and passes axe-core', async ({ page }, testInfo) => {
    await signIn(page, 'admin@hostdash.test', { next: '/admin/jobs?view=scheduled' });
    await expectHeading(page, 'Jobs');
    await expect(page.getByRole('list', { name: 'Schedules' })).toContainText('maintenance');
    await settled(page);
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.document, 'the page is wider than the phone').toBeLessThanOrEqual(
      widths.viewport,
    );
    await expectNoSeriousViolation(page);
    await screenshot(page, testInfo, 'admin-jobs-scheduled-390');

    await page.getByRole('tab', { name: 'Mail log' }).click();
    await expect(page.getByRole('textbox', { name: 'Recipient’s email' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolation(page);
    await screenshot(page, testInfo, 'admin-jobs-mails-390');
  });
});
