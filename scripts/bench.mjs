// `npm run bench -- [flags]`: the benches one after the other — the API's, the front end's, under
// load, then the API's scale tests at full size (`bench:scale`: 50,000 listings, 100,000
// reservations; `npm test` runs them small, api/src/testing/scale.ts). npm hands a script's
// arguments to its last command only, so the flags go through here to the one bench that reads
// them, the API's (`--database-url`, `--runs`, `--warmup`, `--compare`: `npm run bench:api --
// --help`); the others read their settings from the environment (README, Benchmarks).
import { spawnSync } from 'node:child_process';
import { root } from './builds.mjs';

const args = process.argv.slice(2);

function run(script, scriptArgs = []) {
  console.log(`\n> npm run ${script}${scriptArgs.length > 0 ? ' -- …' : ''}`);
  const result = spawnSync(
    'npm',
    ['run', script, ...(scriptArgs.length > 0 ? ['--', ...scriptArgs] : [])],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (args.includes('--help') || args.includes('-h')) {
  console.log("Usage: npm run bench -- [the API bench's flags]\n");
  run('bench:api', ['--help']);
  process.exit(0);
}
run('bench:api', args);
run('bench:web');
run('bench:load');
run('bench:scale');
