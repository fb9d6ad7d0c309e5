// Progressive delivery that judges itself (issue 17), end to end: a candidate of the listings
// remote built to throw on its page goes out with a canary strategy; signed-in sessions on it and
// on the live version send their telemetry; the shell server's rollout driver asks the API for the
// verdict and aborts it without a human, and the users on it are back on the live version at their
// next page load. A healthy candidate goes out linearly and reaches everyone by itself. The web
// server runs the driver every second with short strategy minutes and a small minimum sample
// (playwright.config.ts). The registry is put back as it was at the end.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { canaryBucket } from '../../shell/server/delivery/canary';
import { readRegistryFile } from '../../shell/server/delivery/registryFile';
import { apiGet, apiSession } from './support/api';
import {
  aboutRow,
  buildRemote,
  registryFile,
  remotesOk,
  restoreRegistry,
} from './support/delivery';
import { expectHeading, signIn } from './support/session';
import { hidePageAndSend } from './support/telemetry';

test.describe.configure({ mode: 'serial' });

/** ROLLOUT_MIN_SESSIONS of the e2e web server: sessions each side needs for a verdict. */
const MIN_SESSIONS = 4;
const BAD_LABEL = `rollout bad ${Date.now().toString(36)}`;
const GOOD_LABEL = `rollout good ${Date.now().toString(36)}`;

let buildsDir = '';
let badDir = '';
let goodDir = '';
let registryBefore = '';
let liveVersion = '';
let badVersion = '';
let goodVersion = '';
/** A demo user named on the rollout, and one outside its share who stays on the live version. */
let onRollout = { email: 'owner@hostdash.test', id: '' };
let offRollout = { email: '', id: '' };

async function listings() {
  const registry = await readRegistryFile(registryFile);
  const remote = registry.remotes.find((candidate) => candidate.name === 'listings');
  if (!remote) throw new Error('listings is not in the registry');
  return remote;
}

const deploy = (...argv: string[]): string => remotesOk(argv);

/** Deploys a build of listings by a strategy, with the owner named on it. */
const rollOut = (dist: string, strategy: string) =>
  deploy('deploy', 'listings', '--dist', dist, '--strategy', strategy, '--users', onRollout.id);

/**
 * `count` page loads of /listings by one signed-in user, each its own tab session whose telemetry
 * reaches the collector; `expectPage` checks what each load shows.
 */
async function sessionsOf(
  browser: Browser,
  email: string,
  count: number,
  expectPage: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, { next: '/listings' });
  for (let session = 0; session < count; session++) {
    if (session > 0) await page.goto('/listings');
    await expectPage(page);
    await hidePageAndSend(page);
  }
  await page.goto('/listings');
  return page;
}

const showsListings = async (page: Page) => {
  await expectHeading(page, 'Listings');
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
};

test.beforeAll(async ({ request }) => {
  // Two candidates as a team would build them, at once (~30 s on 2 cores): one whose listings
  // page throws (a build-time label the remote reads), one that is fine.
  test.setTimeout(240_000);
  buildsDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-e2e-rollout-'));
  badDir = path.join(buildsDir, 'bad');
  goodDir = path.join(buildsDir, 'good');
  registryBefore = readFileSync(registryFile, 'utf8');
  liveVersion = (await listings()).version ?? '';
  const [bad, good] = await Promise.all([
    buildRemote('listings', badDir, {
      HOSTDASH_BUILD_LABEL: BAD_LABEL,
      HOSTDASH_FAULT: 'listings-page',
    }),
    buildRemote('listings', goodDir, { HOSTDASH_BUILD_LABEL: GOOD_LABEL }),
  ]);
  badVersion = bad.version;
  goodVersion = good.version;
  expect(new Set([liveVersion, badVersion, goodVersion]).size).toBe(3);

  // The owner is named on each rollout; the first other demo user whose bucket is above the
  // strategies' first step (10 %) stays on the live version while the verdict is made.
  const idOf = async (email: string) => {
    const session = await apiSession(request, email);
    return String((await apiGet<{ id: string }>(request, session, '/loadAuth')).id);
  };
  onRollout = { ...onRollout, id: await idOf(onRollout.email) };
  for (const email of ['manager@hostdash.test', 'admin@hostdash.test', 'vendor@hostdash.test']) {
    const id = await idOf(email);
    if (canaryBucket('listings', id) >= 10) {
      offRollout = { email, id };
      break;
    }
  }
  expect(offRollout.id, 'a demo user outside the first step').not.toBe('');
});

test.afterAll(() => {
  if (registryBefore) restoreRegistry(registryBefore);
  if (buildsDir) rmSync(buildsDir, { recursive: true, force: true });
});

test('a candidate that throws is aborted by the health check, and its users are back on the live version', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  expect(rollOut(badDir, 'canary10-15m')).toContain(`listings ${badVersion}`);

  // Users outside the rollout: the live version, working.
  await sessionsOf(browser, offRollout.email, MIN_SESSIONS, showsListings);
  // The owner, on the candidate: its page throws, the shell contains it.
  const owner = await sessionsOf(browser, onRollout.email, MIN_SESSIONS, async (page) => {
    await expect(page.getByText('Listings is temporarily unavailable')).toBeVisible();
  });

  // Nobody acts: the driver judges the candidate against the live version and stops it.
  await expect
    .poll(async () => (await listings()).canary?.version ?? null, { timeout: 30_000 })
    .toBeNull();
  const remote = await listings();
  expect(remote.version).toBe(liveVersion);
  const aborted = remote.history?.at(-1);
  expect(aborted).toMatchObject({ action: 'abort', version: badVersion, by: 'health check' });
  expect(aborted?.reason).toMatch(
    /^aborted by health check: error rate 100\.0 % vs 0\.0 %, \d+ sessions$/,
  );
  expect(deploy('status', 'listings')).toContain(aborted?.reason);

  // The owner's next page load is the live version again, without an error.
  await owner.reload();
  await showsListings(owner);
  await expect(owner.getByText(`Build: ${BAD_LABEL}`)).toHaveCount(0);
  expect(await aboutRow(owner, 'Listings')).toContain(liveVersion);
});

test('a healthy candidate advances step by step to everyone by itself', async ({ browser }) => {
  test.setTimeout(120_000);
  expect(rollOut(goodDir, 'linear10-every-5m')).toContain(
    'linear10-every-5m, raised while healthy',
  );
  await sessionsOf(browser, offRollout.email, MIN_SESSIONS, showsListings);
  const owner = await sessionsOf(browser, onRollout.email, MIN_SESSIONS, async (page) => {
    await showsListings(page);
    await expect(page.getByText(`Build: ${GOOD_LABEL}`)).toBeVisible();
  });

  await expect.poll(async () => (await listings()).version, { timeout: 60_000 }).toBe(goodVersion);
  const remote = await listings();
  expect(remote.canary).toBeUndefined();
  const history = remote.history ?? [];
  expect(
    history
      .filter((entry) => entry.action === 'advance' && entry.version === goodVersion)
      .map((entry) => entry.percent),
  ).toEqual([20, 30, 40, 50, 60, 70, 80, 90]);
  expect(history.at(-1)).toMatchObject({
    action: 'promote',
    version: goodVersion,
    previous: liveVersion,
    by: 'health check',
    reason: expect.stringMatching(
      /^linear10-every-5m completed, healthy: error rate 0\.0 % vs 0\.0 %/,
    ),
  });

  // Everyone has it now: the user who was outside the rollout too.
  const other = await sessionsOf(browser, offRollout.email, 1, showsListings);
  await expect(other.getByText(`Build: ${GOOD_LABEL}`)).toBeVisible();
  await owner.reload();
  await expect(owner.getByText(`Build: ${GOOD_LABEL}`)).toBeVisible();
});
