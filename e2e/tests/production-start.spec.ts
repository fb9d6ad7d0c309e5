// A production start (ADR 24): the built API and shell server as the images run them
// (NODE_ENV=production) on an empty embedded database, with the first admin named by ADMIN_EMAIL
// and a password file, and the key ring made as the README says (`npm run secrets -- init`). Nobody from the demo can sign in; the first admin can, in Chromium, and
// finds themself alone on /users with how they were made, and the outage flag ready to use.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoDir } from './support/delivery';
import { E2E_PORT_OFFSET } from './support/env';
import {
  OwnServers,
  ownPlatformEnvironment,
  signInThrough,
  startOwnPlatform,
} from './support/ownServers';
import { expectHeading, signIn } from './support/session';

test.describe.configure({ mode: 'serial' });

const offset = E2E_PORT_OFFSET;
const PORTS = { shell: 3120 + offset, origin: 3121 + offset, api: 4120 + offset };
const shellUrl = `http://127.0.0.1:${PORTS.shell}`;
const ADMIN = {
  email: 'ops@example.com',
  name: 'Sam Okoro',
  password: `first-${randomBytes(6).toString('hex')}`,
};

let workDir = '';
let environment: NodeJS.ProcessEnv = {};
const own = new OwnServers(() => environment);

test.use({ baseURL: shellUrl });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-production-'));
  const passwordFile = path.join(workDir, 'admin-password');
  writeFileSync(passwordFile, `${ADMIN.password}\n`, { mode: 0o600 });
  // Production refuses to start without a key ring that is not beside the data (ADR 28).
  const keyFile = path.join(workDir, 'secrets.keys');
  execFileSync(process.execPath, [path.join(repoDir, 'scripts/secrets.mjs'), 'init', keyFile], {
    stdio: 'ignore',
  });
  environment = {
    ...ownPlatformEnvironment(workDir, PORTS),
    NODE_ENV: 'production',
    DEMO_DATA: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_NAME: ADMIN.name,
    ADMIN_PASSWORD_FILE: passwordFile,
    SECRETS_KEY_FILE: keyFile,
  };
  await startOwnPlatform(own, environment);
});

test.afterAll(async () => {
  await own.stopAll();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('a production start seeds no demo account', async () => {
  for (const email of ['admin@hostdash.test', 'owner@hostdash.test'])
    expect((await signInThrough(shellUrl, email)).status).toBe(401);
  const api = own.servers.find((server) => server.name === 'api');
  expect(api?.output.join('')).not.toContain(ADMIN.password);
});

test('the first admin from the settings signs in and finds how they were made', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, { next: '/users', password: ADMIN.password });
  await expectHeading(page, 'Users');
  await page.getByRole('button', { name: ADMIN.name, exact: true }).click();
  const panel = page.getByRole('dialog', { name: ADMIN.name });
  await expect(panel).toContainText('Hostdash staff');
  await expect(panel.getByRole('listitem').first()).toContainText(
    'Made the first admin (server settings)',
  );

  await page.goto('/admin/flags');
  await expectHeading(page, 'Feature flags');
  await expect(page.getByRole('switch', { name: 'Show the banner' })).not.toBeChecked();
});
