import { expect, test } from '@playwright/test';
import { OFF_SITE_NEXTS, REPORTED_OFF_SITE_NEXTS } from '@hostdash/testing/offSiteNexts';
import { baseURL, TOTP_SECRET } from './support/env';
import { expectHeading, signInThroughForm as signIn } from './support/session';
import { totp } from './support/totp';

test.describe('signing in', () => {
  test('an owner signs in and lands on the risks page', async ({ page }) => {
    await signIn(page, 'owner@hostdash.test');
    await expect(page).toHaveURL(/\/$/);
    await expectHeading(page, 'Risks');
    await expect(
      page.getByRole('table', { name: 'Coming stays by risk' }).getByRole('row'),
    ).toHaveCount(11);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Risks', 'Reservations', 'Listings', 'Buildings', 'Protect', 'Analytics']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }

    // A full page load starts with the user the server checked: no second sign-in, no detour.
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expectHeading(page, 'Risks');
    await expect(page.getByRole('button', { name: /Notifications/ })).toBeVisible();
  });

  test('signing in returns to the page that asked for it', async ({ page }) => {
    await page.goto('/listings?from=0');
    await expect(page).toHaveURL(/\/login\?next=%2Flistings%3Ffrom%3D0$/);
    await page.getByLabel('Email').fill('owner@hostdash.test');
    await page.getByLabel('Password').fill('hostdash-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/listings\?from=0$/);
    await expectHeading(page, 'Listings');
  });

  test('a wrong password is refused with a readable message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('owner@hostdash.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a deactivated account cannot sign in, and the refusal does not confirm its password', async ({
    page,
  }) => {
    await signIn(page, 'inactive@hostdash.test');
    // The right password of a deactivated account reads as a wrong one (ADR 9); the words say
    // what to do if the account was deactivated.
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText('The email or password is incorrect.');
    await expect(refusal).toContainText(
      'If your account has been deactivated, ask your account owner',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an account with a second step signs in with a code from its authenticator', async ({
    page,
  }) => {
    await signIn(page, 'secure@hostdash.test', { next: '/listings' });
    await expect(page).toHaveURL(/\/login\/challenge/);
    await expectHeading(page, "Verify it's you");

    await page.getByLabel('Code').fill('000000' === totp(TOTP_SECRET) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not valid');

    await page.getByLabel('Code').fill(totp(TOTP_SECRET));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/listings$/);
    await expectHeading(page, 'Listings');
  });

  test('signing out ends the session on the server', async ({ page }) => {
    await signIn(page, 'owner@hostdash.test');
    await expectHeading(page, 'Risks');
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expectHeading(page, 'Signed out');
    await page.goto('/listings');
    await expect(page).toHaveURL(/\/login\?next=%2Flistings$/);
  });

  // Issue 30, finding 1: signed in, each of these took Chromium to evil.com (the server answered
  // `Location: //evil.com`); after a form sign-in the page stayed on the sign-in address, and a
  // reload went there.
  test.describe('with a next that leads off the site', () => {
    const home = `${baseURL}/`;
    /** Every page address the browser asked another host for, in this test. */
    let offSite: string[];

    test.beforeEach(({ page }) => {
      offSite = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && new URL(request.url()).origin !== baseURL)
          offSite.push(request.url());
      });
    });

    /**
     * Nothing here reaches the internet, so a page load that went to another host fails: it is
     * recorded above, and the test says where it went instead of how it failed.
     */
    const settle = (loading: Promise<unknown>) => loading.catch(() => undefined);

    test('a signed-in user opening a sign-in page lands on / of this site', async ({ page }) => {
      await signIn(page, 'owner@hostdash.test');
      await expectHeading(page, 'Risks');
      for (const next of OFF_SITE_NEXTS) {
        for (const signInPage of ['/login', '/login/challenge']) {
          const address = `${signInPage}?next=${next}`;
          await settle(page.goto(address));
          expect(offSite, address).toEqual([]);
          await expect(page, address).toHaveURL(home);
        }
      }
      await expectHeading(page, 'Risks');
    });

    test('signing in through the form lands on / of this site, and so does a reload', async ({
      page,
    }) => {
      await signIn(page, 'owner@hostdash.test', { next: REPORTED_OFF_SITE_NEXTS[0] });
      await expect(page).toHaveURL(home);
      await expectHeading(page, 'Risks');
      await settle(page.reload());
      expect(offSite).toEqual([]);
      await expect(page).toHaveURL(home);
      await expectHeading(page, 'Risks');
    });
  });
});
