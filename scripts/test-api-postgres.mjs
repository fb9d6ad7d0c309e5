// `npm run test:api:postgres`: the API's whole jest project a second time, on the PostgreSQL server
// in TEST_DATABASE_URL (a template database there, a copy per test: api/src/testing/testDatabase.ts).
// With --skip-without-server (what `npm test` runs) a machine without that server says so in one
// line and goes on; asked for directly, the run fails instead.
import { spawnSync } from 'node:child_process';
import { root } from './builds.mjs';

const skipWithoutServer = process.argv.includes('--skip-without-server');
const args = process.argv.slice(2).filter((arg) => arg !== '--skip-without-server');

if (!process.env.TEST_DATABASE_URL?.trim()) {
  const message =
    'The API suite on PostgreSQL: TEST_DATABASE_URL is not set (a server where the tests may create databases, e.g. postgres://postgres@127.0.0.1:5432/postgres)';
  if (skipWithoutServer) {
    console.log(`Skipped: ${message}.`);
    process.exit(0);
  }
  console.error(`${message}.`);
  process.exit(1);
}

const result = spawnSync('npx', ['jest', '--selectProjects', 'api', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, HOSTDASH_TEST_ENGINE: 'postgres' },
});
process.exit(result.status ?? 1);
