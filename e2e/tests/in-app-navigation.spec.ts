// Spec section 6 on in-app navigation: the client router applies the same rules as the server,
// without a page load, one role at a time.
import { expect, test } from '@playwright/test';
import { apiSession } from './support/api';
import { apiURL } from './support/env';
import { isSameDocument, markDocument, navigateInApp } from './support/navigation';
import { expectHeading, signIn } from './support/session';

test('rule 1: after signing out, a login page sends to sign in with next', async ({ page }) => {
  await signIn(page, 'owner@hostdash.test');
  await expectHeading(page, 'Risks');
  await markDocument(page);
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expectHeading(page, 'Signed out');
  await navigateInApp(page, '/listings?from=10');
  await expect(page).toHaveURL(/\/login\?next=%2Flistings%3Ffrom%3D10$/);
  await expectHeading(page, 'Sign in');
  expect(await isSameDocument(page)).toBe(true);
});

test('rule 2: a vendor is kept to vendor pages', async ({ page }) => {
  await signIn(page, 'vendor@hostdash.test');
  await expectHeading(page, 'Marina Lofts');
  await markDocument(page);
  await navigateInApp(page, '/reservations');
  // Said at the address the vendor opened, with their buildings to go on to.
  await expect(page).toHaveURL(/\/reservations$/);
  await expectHeading(page, "This page isn't part of your building view");
  const buildings = page.getByRole('list', { name: 'Your buildings' });
  await expect(buildings.getByRole('link', { name: 'Marina Lofts' })).toBeVisible();
  await buildings.getByRole('link', { name: 'Wynwood Studios' }).click();
  await expectHeading(page, 'Wynwood Studios');
  expect(await isSameDocument(page)).toBe(true);
});

test('rule 3: a manager is not allowed on owner pages; rule 4: nor on admin pages', async ({
  page,
}) => {
  await signIn(page, 'manager@hostdash.test');
  await expectHeading(page, 'Risks');
  await markDocument(page);
  await navigateInApp(page, '/settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expectHeading(page, 'This page is for the account owner');
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  await navigateInApp(page, '/users');
  await expect(page).toHaveURL(/\/users$/);
  await expectHeading(page, 'Page not found');
  // Navigation offers only what the role may open.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Listings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  expect(await isSameDocument(page)).toBe(true);
});

test('rule 5: an account deactivated while in use is signed out on its next call', async ({
  page,
  request,
}) => {
  await signIn(page, 'manager@hostdash.test');
  await expectHeading(page, 'Risks');
  // The page's own first calls are done (the heading shows before the last of them leaves), so
  // the next call is the one this journey makes, not one of those landing after the deactivation.
  await page.waitForLoadState('networkidle');
  const session = await apiSession(request, 'admin@hostdash.test');
  const users = await request.get(`${apiURL}/admin/user/load?from=0&size=100`, {
    headers: { authorization: session },
  });
  const manager = ((await users.json()) as { items: { id: string; email: string }[] }).items.find(
    (user) => user.email === 'manager@hostdash.test',
  );
  const update = (action: string) =>
    request.post(`${apiURL}/admin/user/update/${manager?.id}/${action}`, {
      headers: { authorization: session },
    });
  expect((await update('deactivate')).ok()).toBeTruthy();
  try {
    // Bounded, so the manager is active again (finally) even if this fails.
    await page.getByRole('button', { name: 'Go to next page' }).click({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/logout$/);
    await expectHeading(page, 'Signed out');
  } finally {
    expect((await update('activate')).ok()).toBeTruthy();
  }
});

test('an expired session sends the person to sign in, saying why', async ({ page, context }) => {
  await signIn(page, 'owner@hostdash.test');
  await expectHeading(page, 'Risks');
  // The page's own first calls are done (the heading shows before the last of them leaves), so
  // the next call is the one this journey makes.
  await page.waitForLoadState('networkidle');
  // The session ends elsewhere (here: the cookie the browser holds no longer matches any session).
  await context.addCookies([
    {
      name: 'hd_session',
      value: 'revoked-elsewhere',
      url: page.url(),
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  await expect(page.getByText('Your session has ended. Sign in again to continue.')).toBeVisible();
});
