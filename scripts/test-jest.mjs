// `npm test`'s jest step: every package's jest project, on every core (jest.config.cjs). The API's
// suite runs whole on one engine and in part on the other, not whole twice (docs/adr/0033-ci-time.md):
// with TEST_DATABASE_URL the next step (`npm run test:api:postgres`) runs it whole on that
// PostgreSQL server, so here it runs PGlite's own set (api/jest.config.cjs); without a server it
// runs whole here, on PGlite. Arguments go to jest. `npm run test:unit` is plain `jest`: all of it
// on PGlite.
import { spawnSync } from 'node:child_process';
import { root } from './builds.mjs';

export function apiTestSet(env = process.env) {
  return env.TEST_DATABASE_URL?.trim() ? 'pglite' : 'all';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const set = apiTestSet();
  console.log(
    set === 'pglite'
      ? "The API's suite: PGlite's own set here; all of it on PostgreSQL in the next step (TEST_DATABASE_URL)."
      : "The API's suite: all of it on PGlite (no TEST_DATABASE_URL for a PostgreSQL run).",
  );
  const result = spawnSync('npx', ['jest', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HOSTDASH_API_TEST_SET: set },
  });
  process.exit(result.status ?? 1);
}
