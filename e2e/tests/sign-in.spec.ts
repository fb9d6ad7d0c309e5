import { expect, test } from '@playwright/test';
import { TOTP_SECRET } from './support/env';
import { expectHeading, signIn } from './support/session';
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
});
