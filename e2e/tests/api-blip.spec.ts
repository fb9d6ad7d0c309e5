// An API that stops answering for a moment does not sign anyone out (issue 11, finding 4): a page
// load while it is away says so and keeps the session; once it is back, Retry continues signed in
// at the same address.
import { expect, test } from '@playwright/test';
import { pidOf } from './support/processes';
import { expectHeading, signIn } from './support/session';

test('with the API not answering, a page load says so and keeps the session; Retry continues signed in', async ({
  page,
  context,
}) => {
  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expectHeading(page, 'Listings');
  const sessionCookie = async () =>
    (await context.cookies()).find((cookie) => cookie.name === 'hd_session')?.value;
  const session = await sessionCookie();
  expect(session).toBeTruthy();

  // Paused, not killed: the supervisor would start a killed API again within a second, while a
  // paused one is the blip a page load meets (connections accepted, nothing answered).
  const api = pidOf('api');
  process.kill(api, 'SIGSTOP');
  try {
    const answer = await page.goto('/listings?page=2');
    expect(answer?.status()).toBe(503);
    await expectHeading(page, "Hostdash can't reach its server right now");
    await expect(page).toHaveURL(/\/listings\?page=2$/);
    expect(await sessionCookie()).toBe(session);

    // Retry while the API is still away: the same page, saying it is still away.
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Still no answer from the server.')).toBeVisible({
      timeout: 20_000,
    });
    expect(await sessionCookie()).toBe(session);
  } finally {
    process.kill(api, 'SIGCONT');
  }

  await page.getByRole('button', { name: 'Retry' }).click();
  await expectHeading(page, 'Listings');
  await expect(page).toHaveURL(/\/listings\?page=2$/);
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
  expect(await sessionCookie()).toBe(session);
});
