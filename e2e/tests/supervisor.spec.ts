// `npm start` keeps serving when one of its processes dies: the supervisor starts it again
// (scripts/supervisor.mjs), and a page that needed it recovers.
import { expect, test } from '@playwright/test';
import { remotesURL } from './support/env';
import { pidOf, supervised } from './support/processes';
import { expectHeading, signIn } from './support/session';

test('a crashed remote origin is started again and the page that needs it recovers', async ({
  page,
  request,
}) => {
  await signIn(page, 'owner@hostdash.test');
  await expectHeading(page, 'Risks');

  const before = supervised('remotes');
  process.kill(pidOf('remotes'), 'SIGKILL');

  // A page load while the origin is down: the shell serves it; the remote comes once it is back.
  await page.goto('/listings');
  await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();

  // The supervisor starts the origin again (first wait 0.5 s) and records its new pid.
  await expect
    .poll(() => supervised('remotes'), { timeout: 20_000 })
    .toMatchObject({ restarts: before.restarts + 1 });
  expect(supervised('remotes').pid).not.toBe(before.pid);
  const originStatus = () =>
    request.get(`${remotesURL}/health`).then(
      (response) => response.status(),
      () => 0, // not listening yet
    );
  await expect.poll(originStatus, { timeout: 20_000 }).toBe(200);

  // Either the page loaded once the origin was back, or it shows the contained fallback: Retry.
  const retry = page.getByRole('button', { name: 'Retry' });
  if (await retry.isVisible()) await retry.click();
  await expectHeading(page, 'Listings');
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
});
