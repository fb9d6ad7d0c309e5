// `npm run test:new-remote` (issue 35, docs/adr/0039), the last step of `npm test`: proves that a
// new remote takes one command. Generates a throw-away remote with `npm run new:remote`, starts the
// platform with `npm start` on a registry and a database of its own while the remote's own tests,
// lint and type check run, signs in as the demo owner in Chromium, opens the new page from the
// menu and reads its figures from the real API; then removes the remote again, whatever happened.
// The remote is not linked into node_modules (`--no-install`): the workspace globs are what npm,
// lerna, jest and the build read, and leaving the lockfile alone spares two `npm install`s.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { root } from './builds.mjs';

const NAME = 'probe';
const TITLE = 'Stock probe';
const offset = Number(process.env.E2E_PORT_OFFSET || 0);
// Below the e2e suite's ports (3100 + E2E_PORT_OFFSET and up), moved by the same offset.
const port = 3050 + offset;
const shellUrl = `http://localhost:${port}`;
const scratch = mkdtempSync(path.join(tmpdir(), 'hostdash-new-remote-'));

const run = (command, args, env = {}) =>
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
const npm = (...args) => run('npm', args);

/** Runs a command to its end without waiting for it here; rejects when it fails. */
function check(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} ${args.join(' ')} failed`)),
    );
  });
}

function startPlatform() {
  // The embedded database, whatever this shell was given: the demo is seeded into a new one.
  const { DATABASE_URL: _server, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      API_PORT: String(4050 + offset),
      REMOTES_PORT: String(3051 + offset),
      PGLITE_DIR: path.join(scratch, 'api'),
      REMOTES_DIR: path.join(scratch, 'remotes'),
      REMOTES_FILE: path.join(scratch, 'remotes.json'),
      RUN_STATE_FILE: path.join(scratch, 'run.json'),
    },
  });
  const output = [];
  const platform = { child, output, running: false };
  const keep = (chunk) => {
    const text = chunk.toString();
    if (text.includes('Hostdash is running')) platform.running = true;
    output.push(text);
    if (output.length > 400) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return platform;
}

/** Something else already answers on the proof's port: its answer would prove nothing. */
async function refuseTakenPort() {
  const taken = await fetch(`${shellUrl}/health/live`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`${shellUrl} is taken: set E2E_PORT_OFFSET to move the proof's ports`);
}

/** `npm start` says it is running once the API, the remote origin and the shell all answer. */
async function waitForPlatform(platform, deadline) {
  while (Date.now() < deadline && platform.child.exitCode === null) {
    if (platform.running) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not serve ${shellUrl}:\n${platform.output.join('').slice(-4000)}`);
}

async function openTheNewPage() {
  const browser = await chromium.launch({
    // As the journeys (e2e/tests/support/env.ts): Debian's headless shell when installed.
    executablePath:
      process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
      (existsSync('/usr/bin/chromium-headless-shell')
        ? '/usr/bin/chromium-headless-shell'
        : '/usr/bin/chromium'),
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${shellUrl}/login`);
    await page.getByLabel('Email').fill('owner@hostdash.test');
    await page.getByLabel('Password').fill('hostdash-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const navigation = page.getByRole('navigation', { name: 'Main' });
    await navigation.getByRole('link', { name: TITLE }).click({ timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 60_000 });
    const figures = page.getByRole('region', { name: 'Listings by status' });
    // The demo owner's listings, as the API counts them (a skeleton until the answer comes).
    const stats = await page.evaluate(async () => (await fetch('/api/listing/stats')).json());
    await figures.getByText(String(stats.total), { exact: true }).waitFor({ timeout: 30_000 });
    if (!(stats.total > 0))
      throw new Error(`the demo owner has no listings: ${JSON.stringify(stats)}`);
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);
    console.log(
      `${TITLE}: /${NAME} opened from the menu, ${stats.total} listings read from the API.`,
    );
  } finally {
    await browser.close();
  }
}

let platform;
try {
  npm('run', 'new:remote', '--', NAME, '--title', TITLE, '--no-install');
  await refuseTakenPort();
  // The remote's own tests, lint and type check run while `npm start` builds and starts: its
  // builds wait on one another (shared-auth, then the shell), and these fill the other core.
  const checks = Promise.all([
    check(path.join(root, 'node_modules/.bin/jest'), [`mfe-${NAME}`]),
    check(path.join(root, 'node_modules/.bin/eslint'), ['--max-warnings', '0', `mfe-${NAME}`]),
    check('npm', ['run', 'typecheck', '-w', `@hostdash/mfe-${NAME}`]),
  ]);
  platform = startPlatform();
  const opened = waitForPlatform(platform, Date.now() + 15 * 60_000).then(() =>
    openTheNewPage().catch((error) => {
      console.error(`npm start said:\n${platform.output.join('').slice(-4000)}`);
      throw error;
    }),
  );
  // Both settle before either's failure is reported: the platform is stopped below either way.
  const [checked, shown] = await Promise.allSettled([checks, opened]);
  for (const outcome of [checked, shown]) if (outcome.status === 'rejected') throw outcome.reason;
} finally {
  if (platform?.child.exitCode === null) {
    process.kill(-platform.child.pid, 'SIGTERM');
    await new Promise((resolve) => platform.child.once('exit', resolve));
  }
  rmSync(path.join(root, `mfe-${NAME}`), { recursive: true, force: true });
  run(process.execPath, [path.join(root, 'scripts/remotes.mjs')]);
  rmSync(scratch, { recursive: true, force: true });
}
