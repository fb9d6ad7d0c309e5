import { expect, test } from '@playwright/test';
import { apiSession } from './support/api';
import { apiURL, DEMO_PASSWORD, remotesURL } from './support/env';
import { isSameDocument, markDocument } from './support/navigation';
import { expectHeading, signIn, signInThroughForm } from './support/session';

test('a remote that cannot load shows a contained fallback and recovers on Retry', async ({
  page,
}) => {
  await page.route(`${remotesURL}/listings/**`, (route) => route.abort('connectionrefused'));
  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expect(page.getByText('Listings is temporarily unavailable')).toBeVisible();
  // The rest of the dashboard keeps working.
  await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
  await markDocument(page);

  await page.unroute(`${remotesURL}/listings/**`);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expectHeading(page, 'Listings');
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
  // Recovered without a page reload.
  expect(await isSameDocument(page)).toBe(true);
});

test('an API that does not answer: the list says so once, in words, with Retry', async ({
  page,
}) => {
  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expectHeading(page, 'Listings');
  await page.route('**/api/listing/**', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Go to next page' }).click();
  const said = page.getByText("Hostdash can't reach its server right now.", { exact: false });
  await expect(said).toHaveCount(1);
  await expect(page.getByText(/no response was received/)).toHaveCount(0);

  await page.unroute('**/api/listing/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(said).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
});

test('the proxy refuses a cross-site change and the API refuses anonymous and non-admin calls', async ({
  request,
}) => {
  const crossSite = await request.post('/api/login', {
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    data: { email: 'owner@hostdash.test', password: DEMO_PASSWORD },
  });
  expect(crossSite.status()).toBe(403);
  expect((await crossSite.json()).message).toMatch(/refused/);

  expect((await request.get('/api/listing/load')).status()).toBe(401);

  const sessionId = await apiSession(request, 'owner@hostdash.test');
  const adminCall = await request.post(`${apiURL}/admin/flags/outage_banner_dashboard`, {
    headers: { authorization: sessionId },
    data: { enabled: true },
  });
  expect(adminCall.status()).toBe(403);
});

test('the session cookie is HttpOnly and the browser never sees the session id', async ({
  page,
  context,
}) => {
  const loginResponse = page.waitForResponse((response) => response.url().endsWith('/api/login'));
  await signInThroughForm(page, 'owner@hostdash.test');
  const body = (await (await loginResponse).json()) as Record<string, unknown>;
  expect(body.sessionId).toBeUndefined();
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'hd_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('hd_session');
});
