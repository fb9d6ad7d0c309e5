// Issue 14, the delivery console: a team deploys a new build of listings from the terminal, an
// admin rolls it back from /admin/remotes after the confirmation names both versions, and the About
// dialog shows the previous version after a reload. The registry is put back as it was at the end
// (delivery.spec.ts and the other journeys share the servers and start from the workspace builds).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  aboutRow,
  buildRemote,
  readRegistryOnDisk,
  registryFile,
  remotesCommand,
  restoreRegistry,
} from './support/delivery';
import { expectHeading, signIn } from './support/session';

test.describe.configure({ mode: 'serial' });

let buildsDir = '';
let registryBefore = '';
let previousVersion = '';
let newVersion = '';

test.beforeAll(async () => {
  // One build of listings as its team would make it (~20 s); the workspace build is live already.
  test.setTimeout(180_000);
  registryBefore = readFileSync(registryFile, 'utf8');
  previousVersion =
    readRegistryOnDisk().remotes.find((remote) => remote.name === 'listings')?.version ?? '';
  expect(previousVersion).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{8}$/);
  buildsDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-e2e-console-'));
  const build = await buildRemote('listings', path.join(buildsDir, 'listings'), {
    HOSTDASH_BUILD_LABEL: `console check ${Date.now().toString(36)}`,
  });
  newVersion = build.version;
  expect(newVersion).not.toBe(previousVersion);
});

test.afterAll(() => {
  if (registryBefore) restoreRegistry(registryBefore);
  if (buildsDir) rmSync(buildsDir, { recursive: true, force: true });
});

test('an admin rolls a remote back from the delivery console, and About shows the previous version', async ({
  page,
}) => {
  const deployed = remotesCommand([
    'deploy',
    'listings',
    '--dist',
    path.join(buildsDir, 'listings'),
  ]);
  expect(deployed.code, deployed.stderr).toBe(0);

  await signIn(page, 'admin@hostdash.test', { next: '/admin/remotes' });
  await expectHeading(page, 'Delivery');
  const listings = page.getByRole('article', { name: 'listings' });
  await expect(listings.getByRole('region', { name: 'Live' })).toContainText(newVersion);
  await expect(listings.getByRole('region', { name: 'Live' })).toContainText('by e2e');
  expect(await aboutRow(page, 'Listings')).toContain(newVersion);

  await listings.getByRole('button', { name: `Roll back to ${previousVersion}` }).click();
  const dialog = page.getByRole('dialog', {
    name: `Roll back listings from ${newVersion} to ${previousVersion}?`,
  });
  await expect(dialog).toContainText('Open dashboards hear of it on their next navigation');
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Listings is back on ${previousVersion} (was ${newVersion})`),
  ).toBeVisible();
  await expect(listings.getByRole('region', { name: 'Live' })).toContainText(previousVersion);

  // The registry says who did it: the signed-in admin, not the server's user.
  const entry = readRegistryOnDisk().remotes.find((item) => item.name === 'listings');
  expect(entry?.version).toBe(previousVersion);
  expect(entry?.history?.at(-1)).toMatchObject({
    action: 'rollback',
    version: previousVersion,
    previous: newVersion,
    by: 'admin@hostdash.test',
  });

  await page.reload();
  await expectHeading(page, 'Delivery');
  const about = await aboutRow(page, 'Listings');
  expect(about).toContain(previousVersion);
  expect(about).not.toContain(newVersion);
});
