import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';

/**
 * Signs in for a journey that is not about signing in: the sign-in form's own request
 * (`POST /api/login` through the shell at the page's base URL) made in the page's browser
 * context, whose cookie jar keeps the session, then `next` (or `/`, each role's home) opened.
 * One page load fewer than the form (docs/adr/0033-ci-time.md): the form is the sign-in
 * journeys' (`signInThroughForm`), and an account with a second step signs in there too.
 */
export async function signIn(
  page: Page,
  email: string,
  options: { next?: string; password?: string } = {},
): Promise<void> {
  const answer = await page.request.post('/api/login', {
    data: { email, password: options.password ?? DEMO_PASSWORD },
  });
  expect(answer.status(), `signing in as ${email}`).toBe(200);
  const body = (await answer.json()) as { redirect?: string };
  expect(body.redirect, `${email} has a second step: sign in through the form`).toBeUndefined();
  await page.goto(options.next ?? '/');
}

/**
 * Signs in through the real form and waits for the API's answer (success or not), so that the
 * session cookie is set before the test goes on.
 */
export async function signInThroughForm(
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
