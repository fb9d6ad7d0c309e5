// `npm test -w @hostdash/e2e` (what `npm test` runs): the journeys in two runs of Playwright.
// First `owner-data` and `journeys` (two workers), then `alone` beside `own-platform` (one worker
// each), on a platform of their own (playwright.config.ts, docs/adr/0033-ci-time.md). In one run
// a failure among the first two groups would leave every later journey unrun (Playwright skips a
// project whose dependencies failed); here both runs always run, and the command fails if either
// did. Arguments (a file, a --grep) go to both runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);

// One database, registry and mail folder for both runs (playwright.config.ts reads these), as when
// they were one run: the second run's platform starts on what the first left, migrated and
// seeded (3 s instead of 10).
for (const [name, prefix] of [
  ['E2E_PGLITE_DIR', 'hostdash-e2e-'],
  ['E2E_DELIVERY_DIR', 'hostdash-e2e-remotes-'],
  ['E2E_MAIL_DIR', 'hostdash-e2e-mail-'],
])
  process.env[name] ??= mkdtempSync(path.join(os.tmpdir(), prefix));

function playwright(label, projectArgs, env = {}) {
  console.log(`\n> Playwright: ${label}`);
  // A file or --grep of only one run's journeys leaves the other with none: that is no failure.
  const result = spawnSync(
    'npx',
    ['playwright', 'test', '--pass-with-no-tests', ...projectArgs, ...args],
    {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  return result.status ?? 1;
}

const together = playwright('the journeys that may run side by side (2 workers)', [
  '--project',
  'owner-data',
  '--project',
  'journeys',
]);
const alone = playwright(
  'the journeys that run alone (1 worker), beside those with a platform of their own (1 worker)',
  ['--project', 'alone', '--project', 'own-platform', '--no-deps'],
  { E2E_OUTPUT_DIR: 'test-results-alone' },
);
process.exit(together !== 0 ? together : alone);
