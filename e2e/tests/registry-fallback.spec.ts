// A rollout's candidate that cannot load falls back to the live version (docs/adr/0019): the
// signed-in user in the canary sees the live version's page, with no error, and the page reports
// the failure against the candidate. Two ways a candidate breaks after it was deployed: its files
// are gone from the store, or its remoteEntry.js was changed after publish (integrity). The
// registry is put back as it was at the end (the journeys share the servers).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiSession } from './support/api';
import {
  aboutRow,
  buildRemote,
  readRegistryOnDisk,
  registryFile,
  remotesOk,
  restoreRegistry,
  servedRelease,
  storeDir,
} from './support/delivery';
import { expectHeading, signIn } from './support/session';
import { hidePageAndSend, recordTelemetry } from './support/telemetry';

test.describe.configure({ mode: 'serial' });

const OWNER = 'owner@hostdash.test';
const LABEL = `fallback check ${Date.now().toString(36)}`;
let buildsDir = '';
let candidateDir = '';
let candidateVersion = '';
let liveVersion = '';
let registryBefore = '';
let ownerId = '';

interface TelemetryEvent {
  type: string;
  remote: string | null;
  remoteVersion: string | null;
  inRollout: boolean;
}

const run = (...argv: string[]): string => remotesOk(argv);

/** The candidate for the owner alone (named user, no share). */
function deployCandidateForOwner(): void {
  expect(run('deploy', 'listings', '--dist', candidateDir, '--users', ownerId)).toContain(
    `listings ${candidateVersion} (published to`,
  );
}

/** Every event the page sent to the collector, up to now. */
async function sentEvents(page: Page, bodies: string[]): Promise<TelemetryEvent[]> {
  await hidePageAndSend(page);
  return bodies.flatMap((body) => (JSON.parse(body) as { events: TelemetryEvent[] }).events);
}

/**
 * The owner opens Listings and sees the live version: no error, no candidate in About, no offer of
 * a new version; the page reported one failed load of the candidate, in its rollout.
 */
async function expectLiveVersionInstead(page: Page): Promise<void> {
  const bodies = await recordTelemetry(page);
  // The page carries the candidate for the owner, and the live release to fall back to.
  await signIn(page, OWNER, { next: '/listings' });
  const listings = servedRelease(
    await (await page.request.get('/remotes.json')).json(),
    'listings',
  );
  expect(listings).toMatchObject({
    version: candidateVersion,
    canary: true,
    fallback: { version: liveVersion },
  });

  await expectHeading(page, 'Listings');
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
  await expect(page.getByText(`Build: ${LABEL}`)).toHaveCount(0);
  await expect(page.getByText(/temporarily unavailable/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  const row = await aboutRow(page, 'Listings');
  expect(row).toContain(liveVersion);
  expect(row).not.toContain(candidateVersion);
  expect(row).not.toContain('Canary');
  // Another page and back: the registry is read again (REMOTES_RECHECK_MS=0), and the failed
  // candidate is not offered as a new version.
  await page.getByRole('link', { name: 'Buildings' }).click();
  await expectHeading(page, 'Buildings');
  await page.getByRole('link', { name: 'Listings' }).click();
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
  await expect(page.getByText('A new version of Listings is available')).toHaveCount(0);

  const failures = (await sentEvents(page, bodies)).filter(
    (event) => event.type === 'remote_load_failed',
  );
  expect(failures).toEqual([
    expect.objectContaining({
      remote: 'listings',
      remoteVersion: candidateVersion,
      inRollout: true,
    }),
  ]);
}

test.beforeAll(async ({ request }) => {
  // A build of the listings remote with a visible label, as its team would make it (~20 s).
  test.setTimeout(180_000);
  buildsDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-e2e-fallback-'));
  candidateDir = path.join(buildsDir, 'candidate');
  registryBefore = readFileSync(registryFile, 'utf8');
  const live = readRegistryOnDisk().remotes.find((remote) => remote.name === 'listings');
  liveVersion = live?.version ?? '';
  expect(liveVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{8}$/);
  // The live release's entry is checked too: the live page loading proves integrity and CORS pass.
  expect(live?.integrity).toMatch(/^sha384-/);
  ({ version: candidateVersion } = await buildRemote('listings', candidateDir, {
    HOSTDASH_BUILD_LABEL: LABEL,
  }));
  expect(candidateVersion).not.toBe(liveVersion);
  const session = await apiSession(request, OWNER);
  ownerId = String((await apiGet<{ id: string | number }>(request, session, '/loadAuth')).id);
});

test.afterAll(() => {
  restoreRegistry(registryBefore);
  if (buildsDir) rmSync(buildsDir, { recursive: true, force: true });
  rmSync(path.join(storeDir, 'listings', candidateVersion), { recursive: true, force: true });
});

test('a candidate whose files are gone from the store falls back to the live version without an error page', async ({
  page,
}) => {
  deployCandidateForOwner();
  rmSync(path.join(storeDir, 'listings', candidateVersion), { recursive: true, force: true });
  await expectLiveVersionInstead(page);
  run('abort', 'listings');
});

test('a candidate whose remoteEntry.js was changed after publish is refused by its integrity and falls back', async ({
  page,
}) => {
  deployCandidateForOwner();
  const published = path.join(storeDir, 'listings', candidateVersion);
  const entry = path.join(published, 'remoteEntry.js');
  writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n;console.log('changed after publish');\n`);
  // The origin would send the precompressed copies, which are still the published bytes.
  for (const copy of ['.br', '.gz']) rmSync(`${entry}${copy}`, { force: true });
  await expectLiveVersionInstead(page);
  run('abort', 'listings');
});
