// Issue 14, the delivery console: a team deploys a new build of listings from the terminal, an
// admin rolls it back from /admin/remotes after the confirmation names both versions, and the About
// dialog shows the previous version after a reload. Issue 35, preview before canary: the same build,
// first only published (`deploy --preview`), is previewed in the admin's browser from the link the
// command prints and from the console, while a host in another browser keeps the live version.
// The registry is put back as it was at the end (delivery.spec.ts and the other journeys share the
// servers and start from the workspace builds).
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
  storeDir,
} from './support/delivery';
import { baseURL } from './support/env';
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

test('an admin previews a published build in their own browser only, then stops', async ({
  page,
  browser,
}) => {
  const published = remotesCommand(
    ['deploy', 'listings', '--dist', path.join(buildsDir, 'listings'), '--preview'],
    {
      ...process.env,
      REMOTES_DIR: storeDir,
      REMOTES_FILE: registryFile,
      SHELL_URL: baseURL,
    },
  );
  expect(published.code, published.stderr).toBe(0);
  expect(published.stdout).toContain(`nobody gets it yet (live: ${previousVersion})`);
  const link = /Preview it in your browser \(nobody else gets it\): (\S+)/.exec(
    published.stdout,
  )?.[1];
  expect(link).toBe(`${baseURL}/?preview=${encodeURIComponent(`listings@${newVersion}`)}`);
  expect(readRegistryOnDisk().remotes.find((item) => item.name === 'listings')?.version).toBe(
    previousVersion,
  );

  // The printed link, opened by a signed-in admin: the frame asks first.
  await signIn(page, 'admin@hostdash.test', { next: '/admin/remotes' });
  await expectHeading(page, 'Delivery');
  await page.goto(link as string);
  const ask = page.getByRole('dialog', { name: `Preview listings ${newVersion}?` });
  await expect(ask).toContainText('Nobody else gets it.');
  await ask.getByRole('button', { name: 'Preview' }).click();
  const bar = page.getByRole('region', { name: 'Preview of listings' });
  await expect(bar).toContainText(`Previewing listings ${newVersion}`);
  await expect(bar).toContainText(`Everyone else gets ${previousVersion}.`);
  expect(page.url()).not.toContain('preview=');
  // What this page loads for listings (staff open it inside a host's account).
  expect(await aboutRow(page, 'Listings')).toContain(newVersion);

  // A host in another browser keeps the live version.
  const other = await browser.newContext();
  const host = await other.newPage();
  await signIn(host, 'owner@hostdash.test');
  expect(await aboutRow(host, 'Listings')).toContain(previousVersion);
  await expect(host.getByRole('region', { name: 'Preview of listings' })).toHaveCount(0);
  await other.close();

  // Recorded in the history, by the admin; nobody's version changed.
  const listings = readRegistryOnDisk().remotes.find((item) => item.name === 'listings');
  expect(listings?.version).toBe(previousVersion);
  expect(listings?.history?.at(-1)).toMatchObject({
    action: 'preview',
    version: newVersion,
    by: 'admin@hostdash.test',
  });

  await bar.getByRole('button', { name: 'Stop previewing listings' }).click();
  await expect(bar).toBeHidden();
  expect(await aboutRow(page, 'Listings')).toContain(previousVersion);

  // The console lists it as published, not deployed, with its own Preview.
  await page.goto('/admin/remotes');
  const unreleased = page
    .getByRole('article', { name: 'listings' })
    .getByRole('region', { name: 'Published versions of listings not deployed' });
  await expect(unreleased).toContainText(newVersion);
  await expect(
    unreleased.getByRole('link', { name: `Preview listings ${newVersion}` }),
  ).toBeVisible();
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
