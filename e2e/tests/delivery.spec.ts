// Independent delivery, end to end: a team builds and deploys its remote and the open dashboard
// serves it on the next load — no shell rebuild, no restart — then rolls it back, runs a canary,
// and the shell refuses an incompatible build or contains a missing one. The journeys share the
// servers with the other specs: the registry is put back as it was at the end.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CONTRACT_VERSION } from '../../shared-auth/src/contract';
import { canaryBucket } from '@hostdash/delivery';
import { apiGet, apiSession } from './support/api';
import {
  aboutRow,
  buildRemote,
  hashTree,
  readRegistryOnDisk,
  registryFile,
  remotesOk,
  repoDir,
  restoreRegistry,
  servedRelease,
  serverProcesses,
  storeDir,
} from './support/delivery';
import { expectHeading, signIn } from './support/session';

test.describe.configure({ mode: 'serial' });

const LABEL = `delivery check ${Date.now().toString(36)}`;
const shellDist = path.join(repoDir, 'shell', 'dist');
let buildsDir = '';
let labelledDir = '';
let incompatibleDir = '';

let registryBefore = '';
let liveVersion = '';
let labelledVersion = '';
let incompatibleVersion = '';
let shellFiles: Record<string, string> = {};
let processes: ReturnType<typeof serverProcesses>;

const deploy = (...argv: string[]): string => remotesOk(argv);

async function listingsAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, { next: '/listings' });
  await expectHeading(page, 'Listings');
  return page;
}

test.beforeAll(async () => {
  // Two builds of the listings remote, as its team would make them, at once (~30 s on 2 cores):
  // one with a visible change, one that declares a shell contract this dashboard does not offer.
  test.setTimeout(240_000);
  buildsDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-e2e-builds-'));
  labelledDir = path.join(buildsDir, 'labelled');
  incompatibleDir = path.join(buildsDir, 'incompatible');
  registryBefore = readFileSync(registryFile, 'utf8');
  liveVersion =
    readRegistryOnDisk().remotes.find((remote) => remote.name === 'listings')?.version ?? '';
  expect(liveVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{8}$/);
  shellFiles = hashTree(shellDist);
  processes = serverProcesses();
  const [labelled, incompatible] = await Promise.all([
    buildRemote('listings', labelledDir, { HOSTDASH_BUILD_LABEL: LABEL }),
    buildRemote('listings', incompatibleDir, {
      HOSTDASH_BUILD_LABEL: 'needs contract 2',
      HOSTDASH_CONTRACT_RANGE: '^2.0.0',
    }),
  ]);
  labelledVersion = labelled.version;
  incompatibleVersion = incompatible.version;
  expect(new Set([liveVersion, labelledVersion, incompatibleVersion]).size).toBe(3);
});

test.afterAll(() => {
  restoreRegistry(registryBefore);
  if (buildsDir) rmSync(buildsDir, { recursive: true, force: true });
});

test('a deployed version is served on the next load, and an open dashboard offers it', async ({
  page,
}) => {
  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expectHeading(page, 'Listings');
  expect(await aboutRow(page, 'Listings')).toContain(liveVersion);
  await expect(page.getByText(`Build: ${LABEL}`)).toHaveCount(0);

  expect(deploy('deploy', 'listings', '--dist', labelledDir)).toContain(
    `listings ${labelledVersion} (published to`,
  );

  // The open page learns of it on its next in-app navigation, and waits for the person.
  await page.getByRole('link', { name: 'Buildings' }).click();
  await expectHeading(page, 'Buildings');
  await expect(page.getByText('A new version of Listings is available')).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('link', { name: 'Listings' }).click();
  await expect(page.getByText(`Build: ${LABEL}`)).toBeVisible();
  expect(await aboutRow(page, 'Listings')).toContain(labelledVersion);

  // Nothing of the shell was rebuilt, nothing was restarted.
  expect(hashTree(shellDist)).toEqual(shellFiles);
  expect(serverProcesses()).toEqual(processes);
});

test('a rollback serves the previous version on the next load', async ({ page }) => {
  expect(deploy('rollback', 'listings')).toContain(
    `listings is back on ${liveVersion} (was ${labelledVersion})`,
  );
  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expectHeading(page, 'Listings');
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
  await expect(page.getByText(`Build: ${LABEL}`)).toHaveCount(0);
  expect(await aboutRow(page, 'Listings')).toContain(liveVersion);
});

test('a canary sends a stable share of users to the candidate until it is promoted', async ({
  browser,
  request,
}) => {
  // Two demo users on either side of the canary's share, by the same bucket the server computes.
  const demo = ['owner@hostdash.test', 'manager@hostdash.test', 'admin@hostdash.test'];
  const users = await Promise.all(
    demo.map(async (email) => {
      const session = await apiSession(request, email);
      const { id } = await apiGet<{ id: string }>(request, session, '/loadAuth');
      return { email, bucket: canaryBucket('listings', String(id)) };
    }),
  );
  const [inside, , outside] = [...users].sort((a, b) => a.bucket - b.bucket);
  if (!inside || !outside) throw new Error('three demo users expected');
  expect(outside.bucket, JSON.stringify(users)).toBeGreaterThan(inside.bucket);
  // 50% when the seeded users straddle it (they do today); otherwise the share that splits them.
  const percent = inside.bucket < 50 && outside.bucket >= 50 ? 50 : inside.bucket + 1;

  expect(
    deploy('deploy', 'listings', '--dist', labelledDir, '--canary', String(percent)),
  ).toContain(`candidate for ${percent}% of users`);
  const candidatePage = await listingsAs(browser, inside.email);
  await expect(candidatePage.getByText(`Build: ${LABEL}`)).toBeVisible();
  const row = await aboutRow(candidatePage, 'Listings');
  expect(row).toContain(labelledVersion);
  expect(row).toContain('Canary');
  // A host reads the live release; its build id is in the version's title.
  expect(row).toMatch(/Everyone else: \d+\.\d+\.\d+/);
  expect(row).toContain(liveVersion);
  // The same user gets the same version on every load, and from /remotes.json (Retry, refresh).
  await candidatePage.reload();
  await expect(candidatePage.getByText(`Build: ${LABEL}`)).toBeVisible();
  const resolved = await (await candidatePage.request.get('/remotes.json')).json();
  expect(servedRelease(resolved, 'listings')).toMatchObject({
    version: labelledVersion,
    canary: true,
    fallback: { version: liveVersion },
  });

  const livePage = await listingsAs(browser, outside.email);
  await expect(livePage.getByRole('table', { name: 'Listings' })).toBeVisible();
  await expect(livePage.getByText(`Build: ${LABEL}`)).toHaveCount(0);
  expect(await aboutRow(livePage, 'Listings')).not.toContain('Canary');

  expect(deploy('promote', 'listings')).toContain(
    `listings ${labelledVersion} is live for everyone`,
  );
  await livePage.reload();
  await expect(livePage.getByText(`Build: ${LABEL}`)).toBeVisible();

  deploy('rollback', 'listings');
});

test('a remote built for another contract is refused in its place; the rest keeps working', async ({
  page,
  request,
}) => {
  const output = deploy('deploy', 'listings', '--dist', incompatibleDir);
  expect(output).toContain(
    `needs shell contract ^2.0.0; the shell built here provides ${CONTRACT_VERSION}`,
  );

  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expectHeading(page, 'Listings needs a newer dashboard');
  await expect(
    page.getByText(`(${incompatibleVersion}) is made for dashboard contract ^2.0.0`),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Risks' }).click();
  await expectHeading(page, 'Risks');

  const health = (await (await request.get('/health')).json()) as { problems: string[] };
  expect(health.problems).toContain(
    `listings ${incompatibleVersion}: needs shell contract ^2.0.0; this shell provides ${CONTRACT_VERSION}`,
  );
  deploy('rollback', 'listings');
});

test('a version whose files are gone from the store is contained; the rest keeps working', async ({
  page,
  request,
}) => {
  deploy('deploy', 'listings', '--dist', labelledDir);
  rmSync(path.join(storeDir, 'listings', labelledVersion), { recursive: true, force: true });

  await signIn(page, 'owner@hostdash.test', { next: '/listings' });
  await expectHeading(page, 'Listings is temporarily unavailable');
  await page.getByRole('link', { name: 'Risks' }).click();
  await expectHeading(page, 'Risks');

  const health = (await (await request.get('/health')).json()) as {
    remotes: { name: string; version: string; manifestAnswers: boolean }[];
  };
  expect(health.remotes.find((remote) => remote.name === 'listings')).toMatchObject({
    version: labelledVersion,
    manifestAnswers: false,
  });

  // Rolled back in seconds, without touching the missing files.
  deploy('rollback', 'listings');
  await page.goto('/listings');
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();

  expect(hashTree(shellDist)).toEqual(shellFiles);
  expect(serverProcesses()).toEqual(processes);
});
