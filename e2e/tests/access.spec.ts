// Spec section 6, rule by rule, one role at a time: first as a direct page load (the shell server
// decides before any HTML), then where it matters as in-app navigation (the client router). A
// refusal the user can only read about is shown at the address they opened, with its status
// (issue 12); sign-in, sign-out, billing and a vendor's `/` still redirect.
import { expect, test } from '@playwright/test';
import { apiSession } from './support/api';
import { apiURL, baseURL } from './support/env';
import { serverRedirect } from './support/navigation';
import { expectHeading, signIn, signInThroughForm } from './support/session';

test.describe('rule 1: a login-required page without a user goes to sign-in', () => {
  test('the server redirects with next', async ({ request }) => {
    expect(await serverRedirect(request, '/listings')).toEqual({
      status: 302,
      location: '/login?next=%2Flistings',
    });
    expect(await serverRedirect(request, '/reservation/42?tab=log')).toEqual({
      status: 302,
      location: '/login?next=%2Freservation%2F42%3Ftab%3Dlog',
    });
  });

  test('public pages load without a user', async ({ page }) => {
    for (const [path, heading] of [
      ['/login', 'Sign in'],
      ['/account/reset', 'Reset your password'],
      ['/error/not-allowed', 'This page is for the account owner'],
    ] as const) {
      await page.goto(path);
      await expectHeading(page, heading);
    }
  });

  test('pages ask search engines not to index them', async ({ request }) => {
    const response = await request.get('/login');
    expect(response.headers()['x-robots-tag']).toContain('noindex');
    expect(await response.text()).toMatch(/<meta name="?robots"? content="noindex, nofollow"/);
  });
});

test.describe('rule 2: a vendor sees only vendor pages', () => {
  test('on a direct load and after signing in', async ({ page }) => {
    // A vendor's home is their first granted building, never an error page.
    await signInThroughForm(page, 'vendor@hostdash.test');
    await expect(page).toHaveURL(/\/building\/1\/marina-lofts$/);
    await expectHeading(page, 'Marina Lofts');

    expect(await serverRedirect(page.request, '/')).toEqual({
      status: 302,
      location: '/building/1/marina-lofts',
    });
    for (const path of ['/listings', '/settings']) {
      expect(await serverRedirect(page.request, path)).toEqual({
        status: 403,
        location: undefined,
      });
    }
    const refused = await page.goto('/listings');
    expect(refused?.status()).toBe(403);
    await expect(page).toHaveURL(/\/listings$/);
    await expectHeading(page, "This page isn't part of your building view");
    await expect(
      page
        .getByRole('list', { name: 'Your buildings' })
        .getByRole('link', { name: 'Wynwood Studios' }),
    ).toBeVisible();
    const building = await serverRedirect(page.request, '/building/1/marina-lofts');
    expect(building.status).toBe(200);
    await page.goto('/logout');
    await expectHeading(page, 'Signed out');
  });
});

test.describe('rule 3: owner-only pages need an owner or admin', () => {
  test('a manager is not allowed; the owner is', async ({ page, browser }) => {
    await signIn(page, 'manager@hostdash.test');
    await expectHeading(page, 'Risks');
    expect(await serverRedirect(page.request, '/settings')).toEqual({
      status: 403,
      location: undefined,
    });
    const refused = await page.goto('/billing');
    expect(refused?.status()).toBe(403);
    await expect(page).toHaveURL(/\/billing$/);
    await expectHeading(page, 'This page is for the account owner');

    const owner = await browser.newPage({ baseURL });
    await signIn(owner, 'owner@hostdash.test');
    await expectHeading(owner, 'Risks');
    expect((await serverRedirect(owner.request, '/settings')).status).toBe(200);
    await owner.close();
  });
});

test.describe('rule 4: admin-only pages are not found for everyone else', () => {
  test('the owner gets a 404 page; an admin opens it', async ({ page, browser }) => {
    await signIn(page, 'owner@hostdash.test');
    await expectHeading(page, 'Risks');
    expect(await serverRedirect(page.request, '/users')).toEqual({
      status: 404,
      location: undefined,
    });
    const notFound = await page.goto('/users');
    expect(notFound?.status()).toBe(404);
    await expect(page).toHaveURL(/\/users$/);
    await expectHeading(page, 'Page not found');

    const admin = await browser.newPage({ baseURL });
    await signIn(admin, 'admin@hostdash.test');
    // Staff land in the staff area; a host's page opens only inside an account (issue 33).
    await expectHeading(admin, 'Users');
    expect((await serverRedirect(admin.request, '/users')).status).toBe(200);
    expect(await serverRedirect(admin.request, '/listings')).toEqual({
      status: 302,
      location: '/users',
    });
    await admin.close();
  });
});

test.describe('rule 5: a deactivated user is signed out', () => {
  test('an account deactivated while signed in goes to /logout on its next page load', async ({
    page,
    request,
  }) => {
    await signIn(page, 'manager@hostdash.test');
    await expectHeading(page, 'Risks');
    const adminSession = await apiSession(request, 'admin@hostdash.test');
    const users = await request.get(`${apiURL}/admin/user/load?from=0&size=100`, {
      headers: { authorization: adminSession },
    });
    const manager = ((await users.json()) as { items: { id: string; email: string }[] }).items.find(
      (user) => user.email === 'manager@hostdash.test',
    );
    expect(manager).toBeDefined();
    const update = (action: string) =>
      request.post(`${apiURL}/admin/user/update/${manager?.id}/${action}`, {
        headers: { authorization: adminSession },
      });
    expect((await update('deactivate')).ok()).toBeTruthy();
    try {
      // The page says "Signed out" once the API has answered the sign-out (leaving while it was
      // under way aborted the post on a busy machine, and the session was still there).
      const signedOut = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/logout',
      );
      await page.goto('/listings');
      await expect(page).toHaveURL(/\/logout$/);
      await expectHeading(page, 'Signed out');
      await signedOut;
      await page.goto('/listings');
      await expect(page).toHaveURL(/\/login\?next=/);
    } finally {
      expect((await update('activate')).ok()).toBeTruthy();
    }
  });
});

// Rule 6 for a host without a card: billing.spec.ts (saving the card there changes the database).
test.describe('rule 6: staff are never sent to billing', () => {
  test('admins are never sent to billing', async ({ page }) => {
    await signIn(page, 'admin@hostdash.test', { next: '/reservations' });
    // To the staff area (issue 33), never to billing.
    await expectHeading(page, 'Users');
  });
});
