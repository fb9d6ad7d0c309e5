import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';

/**
 * Signs in through the real form and waits for the API's answer (success or not), so that the
 * session cookie is set before the test goes on.
 */
export async function signIn(
  page: Page,
  email: string,
  options: { next?: string; password?: string } = {},
): Promise<void> {
  await page.goto(options.next ? `/login?next=${encodeURIComponent(options.next)}` : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(options.password ?? DEMO_PASSWORD);
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/login',
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answered;
}

export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}
