// Issue 14, users: an admin finds the manager on /users and deactivates them; the manager's open
// tab is signed out on its next navigation inside the app (rule 5); the admin reactivates them,
// and both changes are in the user's history.
import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiPost, apiSession } from './support/api';
import { baseURL } from './support/env';
import { expectHeading, signIn } from './support/session';

const MANAGER = 'manager@hostdash.test';

test.afterEach(async ({ request }) => {
  // Whatever happened above, the manager leaves this test active.
  const session = await apiSession(request, 'admin@hostdash.test');
  const found = await apiGet<{ items: { id: string; email: string; is_active: boolean }[] }>(
    request,
    session,
    `/user/accounts/search?search=${encodeURIComponent(MANAGER)}`,
  );
  const manager = found.items.find((user) => user.email === MANAGER);
  if (manager && !manager.is_active)
    await apiPost(request, session, `/admin/user/update/${manager.id}/activate`, {});
});

async function confirm(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog', { name: /\?$/ })).toHaveCount(0);
}

test("an admin deactivates the manager from /users, the manager's open tab is signed out on its next navigation, and the admin reactivates them", async ({
  page,
  browser,
}) => {
  const manager = await browser.newPage({ baseURL });
  await signIn(manager, MANAGER);
  await expectHeading(manager, 'Risks');

  await signIn(page, 'admin@hostdash.test', { next: '/users' });
  await expectHeading(page, 'Users');
  await page.getByRole('textbox', { name: 'Search users' }).fill('marcus');
  await expect(page).toHaveURL(/\/users\?search=marcus$/);
  await page.getByRole('button', { name: 'Marcus Reed' }).click();
  const panel = page.getByRole('dialog', { name: 'Marcus Reed' });
  await expect(panel).toContainText('Manager');
  await expect(panel).toContainText('Active');

  await panel.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('dialog', { name: 'Deactivate Marcus Reed?' })).toContainText(
    'signed out everywhere at once',
  );
  await confirm(page, 'Deactivate');
  await expect(
    page.getByText('Marcus Reed is deactivated and signed out everywhere.'),
  ).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toContainText('Deactivated');
  await expect(panel.getByRole('listitem').first()).toContainText('by Priya Shah');

  // The manager's tab was opened before; its next move inside the app ends the session.
  await manager
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Listings' })
    .click();
  await expect(manager).toHaveURL(/\/(logout|login)/);
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText(/Signed out|Sign in/);

  await panel.getByRole('button', { name: 'Reactivate' }).click();
  await confirm(page, 'Reactivate');
  await expect(page.getByText('Marcus Reed is active again.')).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toContainText('Activated');

  await signIn(manager, MANAGER);
  await expectHeading(manager, 'Risks');
  await manager.close();
});
