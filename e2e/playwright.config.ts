// Whole journeys in a real browser against the production build, started the way `npm start`
// starts it, on ports of its own and with a fresh database each run.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORTS, baseURL, journeyLaunchOptions } from './tests/support/env';

const dataDir = process.env.E2E_PGLITE_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'hostdash-e2e-'));
process.env.E2E_PGLITE_DIR = dataDir; // workers re-read this config: keep one database
// A store and registry of its own (start.mjs deploys the workspace builds into it), so the
// delivery journeys never touch a developer's live registry.
const deliveryDir =
  process.env.E2E_DELIVERY_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'hostdash-e2e-remotes-'));
process.env.E2E_DELIVERY_DIR = deliveryDir;
// The API writes each mail it sends into this folder (MAIL_DIR, docs/adr/0013): a journey reads an
// invite's link from it as the person would from their inbox.
const mailDir =
  process.env.E2E_MAIL_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'hostdash-e2e-mail-'));
process.env.E2E_MAIL_DIR = mailDir;

// The journeys run on two workers, in three groups, by what they share (docs/adr/0033-ci-time.md).
// All of them use one platform and one database. A file's tests run in order on one worker.
const spec = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

/**
 * One at a time, after every other journey: each changes what every other journey meets while it
 * runs: the outage banner on every page, the API paused or the remote origin killed, the registry's
 * live versions and canaries, the manager deactivated or their password and second step changed,
 * the monthly close charging every account.
 */
const ALONE = spec([
  'admin-flags',
  'outage-banner',
  'api-blip',
  'supervisor',
  'delivery',
  'admin-remotes',
  'registry-fallback',
  'rollout',
  'admin-users',
  'onboarding',
  'billing-dunning',
]);

/**
 * One at a time, beside `alone`: each starts a platform of its own on ports of its own and touches
 * nothing of the suite's. Not beside `journeys`, which keep both cores busy (a third platform's
 * start timed out there); `alone` spends half its time waiting (a canary's steps, a paused API, a
 * month's close), which these fill.
 */
const OWN_PLATFORM = spec(['live-loop', 'multi-instance', 'production-start']);

/**
 * One at a time, beside the other journeys: these change the demo owner's listings, stays and
 * guest settings (an archived listing, a verified stay, the risk tolerance, the selfie screen, a new
 * stay) and put them back, or read what those change (a stay's verification, the list of stays).
 */
const OWNER_DATA = spec([
  'listings',
  'listings-phone',
  'reservations',
  'reservations-phone',
  'keyboard',
  'guest-journey',
  'guest-portal',
  'guest-languages',
  'guest-invites',
]);

export default defineConfig({
  testDir: './tests',
  // journeys.mjs's second run writes its failures' screenshots and traces apart: each run empties
  // its own folder when it starts, and the first run's would be gone.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  // A `test.only` left in a journey fails the CI run instead of skipping every other journey.
  forbidOnly: !!process.env.CI,
  // The others (`journeys`) read the demo data, change only what is theirs (an invite, a reset
  // mail, their own telemetry) or route the browser's requests: any number of them at once.
  workers: 2,
  projects: [
    // First, so that one worker starts on these while the other takes the rest.
    { name: 'owner-data', testMatch: OWNER_DATA, workers: 1 },
    { name: 'journeys', testIgnore: [...ALONE, ...OWN_PLATFORM, ...OWNER_DATA] },
    // After both (`dependencies`): if one of them fails, these are reported as not run, so
    // `npm test` runs them in a Playwright run of their own (journeys.mjs, `--no-deps`).
    { name: 'alone', testMatch: ALONE, workers: 1, dependencies: ['journeys', 'owner-data'] },
    {
      name: 'own-platform',
      testMatch: OWN_PLATFORM,
      workers: 1,
      dependencies: ['journeys', 'owner-data'],
    },
  ],
  retries: process.env.CI ? 1 : 0,
  // A journey's limit guards against a hang; it is no measure of speed. Two journeys at once on
  // 2 cores each get half the machine: the long ones (guest-journey, keyboard's guest) ran out of
  // 60 s in loaded runs after every check had passed, and their retries cannot pass after that.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace of a failure's retry (CI retries once): recording every passing test's trace only
    // to drop it cost Chromium CPU on each of 135 journeys. Locally: `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: journeyLaunchOptions,
  },
  webServer: {
    command: 'node ../scripts/start.mjs --no-build',
    // The shell's /health answers 200 only once the API (and its database) answers too.
    url: `${baseURL}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORTS.shell),
      API_PORT: String(E2E_PORTS.api),
      REMOTES_PORT: String(E2E_PORTS.remotes),
      PGLITE_DIR: dataDir,
      MAIL_DIR: mailDir,
      STAGE: 'prod',
      LOG_LEVEL: 'warn',
      REMOTES_DIR: path.join(deliveryDir, 'store'),
      REMOTES_FILE: path.join(deliveryDir, 'remotes.json'),
      // The supervisor's processes (name, pid, restarts): the supervisor journey crashes one.
      RUN_STATE_FILE: path.join(deliveryDir, 'processes.json'),
      // Every in-app navigation re-reads the registry (the throttle itself is unit-tested).
      REMOTES_RECHECK_MS: '0',
      // The rollout journey (rollout.spec.ts): the driver judges four times a second, a
      // strategy's minute lasts 50 ms (a linear step's 5 minutes, one judgement), and a verdict
      // needs 2 users each side (one session each). The journey runs alone, on the critical path
      // of `npm test`: at 1 s and 100 ms its two tests took 30 s, at these 21 s.
      ROLLOUT_CHECK_MS: '250',
      ROLLOUT_MINUTE_MS: '50',
      ROLLOUT_MIN_SESSIONS: '2',
      // A first load of a new build on a busy 2-core machine is slower than users' loads are:
      // the journeys judge errors; the vitals rule is tested in the API on fixed figures.
      ROLLOUT_VITALS_MARGIN: '1000',
      // The demo owner stays unconnected: journeys count their listings and stays.
      PMS_SANDBOX_DEMO: 'off',
      // The API-blip journey pauses the API: the proxy gives up on it after 5 s, not 30.
      API_TIMEOUT_MS: '5000',
    },
  },
});
