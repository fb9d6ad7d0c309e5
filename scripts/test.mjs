// `npm test`: every check the project has, in phases, with the time each took (docs/adr/0033).
//   checks        lint, contract:check and typecheck, side by side (each is mostly one process on
//                 one core, so on two cores they take the time of the longest, not of the sum)
//   jest          every package's jest project (npm run test:jest)
//   api-postgres  the API's suite on the PostgreSQL server in TEST_DATABASE_URL (skipped without)
//   e2e           the builds that are missing, then the Playwright journeys (npm run test:e2e)
//   new-remote    a throw-away remote generated, tested, started and opened (npm run test:new-remote)
// A failed phase does not stop the next ones: one run says everything that is wrong, and the table
// at the end names what failed. `--bail` stops at the first failure instead; `--only jest,e2e`
// runs only the phases named. The command fails when any phase failed.
import { spawn } from 'node:child_process';
import { root } from './builds.mjs';

const PHASES = [
  {
    name: 'checks',
    together: [
      ['lint', ['run', 'lint']],
      ['contract:check', ['run', 'contract:check']],
      ['typecheck', ['run', 'typecheck']],
    ],
  },
  { name: 'jest', together: [['test:jest', ['run', 'test:jest']]] },
  {
    name: 'api-postgres',
    together: [['test:api:postgres', ['run', 'test:api:postgres', '--', '--skip-without-server']]],
  },
  { name: 'e2e', together: [['test:e2e', ['run', 'test:e2e']]] },
  { name: 'new-remote', together: [['test:new-remote', ['run', 'test:new-remote']]] },
];

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : (process.argv[index + 1] ?? '');
}

const bail = process.argv.includes('--bail');
const only = option('--only')
  ?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = (only ?? []).filter((name) => !PHASES.some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(
    `Not a phase: ${unknown.join(', ')}. The phases: ${PHASES.map((p) => p.name).join(', ')}.`,
  );
  process.exit(2);
}

/**
 * Runs one npm script. Alone, its output goes straight through; beside others, it is kept and
 * printed whole when it ends, so that two scripts' lines never interleave.
 */
function runScript(label, args, { buffered }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffered) {
        process.stdout.write(`\n> ${label} (${seconds.toFixed(0)} s)\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ label, seconds, ok: code === 0, status: code ?? signal });
    });
  });
}

const minutes = (seconds) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

const results = [];
const startedAll = Date.now();
for (const phase of PHASES) {
  if (only && !only.includes(phase.name)) continue;
  console.log(
    `\n=== npm test: ${phase.name} (${phase.together.map(([label]) => label).join(', ')})`,
  );
  const started = Date.now();
  const buffered = phase.together.length > 1;
  const scripts = await Promise.all(
    phase.together.map(([label, args]) => runScript(label, args, { buffered })),
  );
  const seconds = (Date.now() - started) / 1000;
  results.push({ phase: phase.name, seconds, scripts });
  if (bail && scripts.some((script) => !script.ok)) break;
}

const total = (Date.now() - startedAll) / 1000;
const failed = results.flatMap((result) => result.scripts.filter((script) => !script.ok));
console.log('\n=== npm test: the phases (wall-clock time, m:ss)');
for (const { phase, seconds, scripts } of results) {
  const parts = scripts
    .map((script) => `${script.label} ${minutes(script.seconds)}${script.ok ? '' : ' FAILED'}`)
    .join(', ');
  console.log(`${phase.padEnd(13)} ${minutes(seconds).padStart(6)}  ${parts}`);
}
console.log(`${'in all'.padEnd(13)} ${minutes(total).padStart(6)}`);
if (failed.length > 0) {
  console.log(
    `\nFailed: ${failed.map((script) => script.label).join(', ')} (their output is above).`,
  );
  process.exit(1);
}
