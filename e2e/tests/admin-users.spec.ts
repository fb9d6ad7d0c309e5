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

// Issue 33, finding 7: staff have their own area and reach a host's pages only by opening the
// account; inside it every page is that account's, and the way back is in the frame.
test("an admin lands in the staff area, opens Olivia Hart's account, sees her billing and team, and goes back", async ({
  page,
}) => {
  const menu = page.getByRole('navigation', { name: 'Main' });
  const frame = page.getByRole('region', { name: 'Account you are viewing' });
  await signIn(page, 'admin@hostdash.test');
  await expectHeading(page, 'Users');
  await expect(page).toHaveURL(/\/users$/);
  await expect(menu.getByRole('link')).toHaveText([
    'Users',
    'Accounts',
    'All listings',
    'Usage analytics',
    'Jobs',
    'Feature flags',
    'Delivery',
  ]);
  // A host's page is no staff page: without an account open, its address leads to the staff area.
  await page.goto('/billing');
  await expectHeading(page, 'Users');
  await expect(page).toHaveURL(/\/users$/);

  await page.getByRole('textbox', { name: 'Search users' }).fill('olivia');
  await page.getByRole('button', { name: 'Olivia Hart' }).click();
  const panel = page.getByRole('dialog', { name: 'Olivia Hart' });
  await panel.getByRole('button', { name: 'Open this account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectHeading(page, 'Risks');
  await expect(frame).toContainText("Viewing Olivia Hart's account");
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Guest messages' })).toHaveCount(1);

  await menu.getByRole('link', { name: 'Billing' }).click();
  await expectHeading(page, 'Billing');
  await expect(page.getByText('Visa ending 4242', { exact: true })).toBeVisible();
  await expect(page.getByText(/does not exist or is not yours/)).toHaveCount(0);
  await menu.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByText('Marcus Reed').first()).toBeVisible();
  await expect(page.getByText(/0 people/)).toHaveCount(0);
  // A reload keeps the account: it lives on the session, in the API.
  await page.reload();
  await expect(frame).toContainText("Viewing Olivia Hart's account");
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expectHeading(page, 'Settings');

  await frame.getByRole('button', { name: 'Back to staff area' }).click();
  await expectHeading(page, 'Users');
  await expect(frame).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await page.goto('/reservations');
  await expect(page).toHaveURL(/\/users$/);
});
