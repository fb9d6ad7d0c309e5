// `npm test`'s PostgreSQL leg without a server: one line saying it was skipped, and success; asked
// for directly (`npm run test:api:postgres`), a clear failure instead of a run that tests nothing.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const script = path.join(__dirname, 'test-api-postgres.mjs');
const withoutServer = (...args) => {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return spawnSync(process.execPath, [script, ...args], { env, encoding: 'utf8' });
};

test('npm test skips the leg in one line when TEST_DATABASE_URL is not set', () => {
  const run = withoutServer('--skip-without-server');
  expect(run.status).toBe(0);
  expect(run.stdout.trim().split('\n')).toEqual([
    expect.stringMatching(/^Skipped: The API suite on PostgreSQL: TEST_DATABASE_URL is not set/),
  ]);
});

test('asked for directly without a server, it fails and says what is missing', () => {
  const run = withoutServer();
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/TEST_DATABASE_URL is not set/);
});
