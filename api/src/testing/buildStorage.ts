// Imported first by globalSetup.ts, for this side effect: globalSetup runs outside jest's module
// map, so `@hostdash/storage` there is the built package (storage/dist), not its sources as in the
// tests. A fresh clone has no build yet, and a build older than its sources would seed the template
// with yesterday's code: it is built here, before anything imports it, when missing or stale.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

const built = spawnSync(
  process.execPath,
  [path.join(root, 'scripts/build-if-missing.mjs'), '--quiet', '@hostdash/storage'],
  { cwd: root, stdio: 'inherit' },
);
if (built.status !== 0)
  throw new Error('The API tests need @hostdash/storage built, and its build failed (above).');
