// `npm test`: every check the project has, in phases, with the time each took (docs/adr/0033).
//   checks        contract:check and Prettier side by side (contract:check compiles the API's
//                 dist, which the builds and the journeys' platform then use)
//   jest          every package's jest project (npm run test:jest) and, side by side with it, the
//                 API's suite on the PostgreSQL server in TEST_DATABASE_URL (test:api:postgres,
//                 skipped without one): alone it kept one core of two busy (204 s of CPU in 229 s),
//                 its tests waiting on the server
//   e2e           the builds that are missing, then the Playwright journeys (npm run test:e2e);
//                 the builds begin beside jest, at the lowest CPU priority (nice 19): they take
//                 what CPU jest leaves (its last files, the API suite's waits), and e2e waits for them.
//                 ESLint and the type check (checks' other half) run beside the journeys' second
//                 run, on what CPU nothing else wants (SCHED_IDLE): those journeys leave a core
//                 idle a third of their time (a canary's steps, a paused API, a month's close),
//                 and every other phase keeps both busy (vmstat, ADR 33 item 14)
//   new-remote    a throw-away remote generated, tested, started and opened (npm run
//                 test:new-remote), once ESLint and the type check are done: it adds a remote to
//                 the workspace they read
// A failed phase does not stop the next ones: one run says everything that is wrong, and the table
// at the end names what failed. `--bail` stops at the first failure instead; `--only jest,e2e`
// runs only the phases named (a phase's work that would begin in a phase left out runs in its own).
// The command fails when any phase failed.
import { spawn, spawnSync } from 'node:child_process';
import { root } from './builds.mjs';

/**
 * Each phase runs its scripts (`together`: a label and `npm` arguments) side by side. `later`: more
 * of its scripts, begun in the background when the phase `from` starts and awaited by the phase
 * `awaitedBy`. `background`: a command begun with the phase, awaited by `awaitedBy`.
 */
const PHASES = [
  {
    name: 'checks',
    together: [
      ['contract:check', ['run', 'contract:check']],
      ['lint:format', ['run', 'lint:format']],
    ],
    // Read-only work that waits for the idle CPU of the journeys (see above): from the line that
    // starts their second run (e2e/journeys.mjs), at once if none comes.
    later: {
      from: 'e2e',
      when: /^> Playwright: the journeys that run alone/,
      priority: 'idle',
      awaitedBy: 'new-remote',
      together: [
        // `npm run lint`'s other half, and the type check.
        ['lint:code', ['run', 'lint:code']],
        ['typecheck', ['run', 'typecheck']],
      ],
    },
  },
  {
    name: 'jest',
    // Both jest runs' API tests need the storage package built: built once, before either starts.
    before: ['node', ['scripts/build-if-missing.mjs', '@hostdash/storage', '--quiet']],
    background: {
      label: 'builds',
      command: ['node', ['scripts/build-if-missing.mjs']],
      awaitedBy: 'e2e',
    },
    together: [
      ['test:jest', ['run', 'test:jest']],
      ['test:api:postgres', ['run', 'test:api:postgres', '--', '--skip-without-server']],
    ],
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
 * Runs one npm script (or `command` with `args`). Alone, its output goes straight through; beside
 * others, each line is prefixed with the script's name as it comes, so that a run cut short still
 * shows how far it got.
 */
function runScript(label, args, { prefixed, command = 'npm', priority = 'normal', onLine }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const tail = [];
    const say = (line) => {
      process.stdout.write(`[${label}] ${line}\n`);
      onLine?.(line);
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
    };
    const [file, argv] = PRIORITIES[priority](command, args);
    const child = spawn(file, argv, {
      cwd: root,
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) say(line);
        });
        stream.on('end', () => rest && say(rest));
      }
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (prefixed)
        console.log(
          `[${label}] ended after ${seconds.toFixed(0)} s, ${code === 0 ? 'passed' : 'FAILED'}`,
        );
      resolve({ label, seconds, ok: code === 0, status: code ?? signal, tail });
    });
  });
}

/**
 * How a script is started at each CPU priority. `low` (nice 19) still gets a small share beside
 * busy work; `idle` (SCHED_IDLE) runs only on a core nothing else wants, and gives it back at once
 * when something wakes: what the journeys, which wait and wake all the time, need beside them.
 */
const PRIORITIES = {
  normal: (command, args) => [command, args],
  low: (command, args) => ['nice', ['-n', '19', command, ...args]],
  idle: (command, args) =>
    canRunIdle() ? ['chrt', ['--idle', '0', command, ...args]] : PRIORITIES.low(command, args),
};

let idleWorks;
/** Whether `chrt` is there and may set SCHED_IDLE here (a container may refuse it): else nice. */
function canRunIdle() {
  idleWorks ??= spawnSync('chrt', ['--idle', '0', 'true'], { stdio: 'ignore' }).status === 0;
  return idleWorks;
}

// A CI log is often read from its end only: a failed script's last lines (jest's summary of the
// failing tests) are said again there, below the table.
const TAIL_LINES = 100;

const minutes = (seconds) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

const results = [];
const startedAll = Date.now();
const running = (name) => !only || only.includes(name);
/** Work begun in the background for a later phase, by that phase's name ('' for the end). */
const pending = new Map();
/** Work to begin in the background when a phase starts, by that phase's name. */
const starting = new Map();
const add = (map, name, item) => map.set(name, [...(map.get(name) ?? []), item]);

/** Begins `scripts` in the background at `priority`, to be awaited by the phase `awaitedBy`. */
function begin(scripts, awaitedBy, { command, priority }) {
  const waiter = running(awaitedBy) ? awaitedBy : '';
  for (const [label, args] of scripts)
    add(pending, waiter, runScript(label, args, { prefixed: true, command, priority }));
}

for (const phase of PHASES) {
  if (!running(phase.name)) continue;
  const later = phase.later && running(phase.later.from) ? phase.later : null;
  const together = [...phase.together, ...(phase.later && !later ? phase.later.together : [])];
  console.log(`\n=== npm test: ${phase.name} (${together.map(([label]) => label).join(', ')})`);
  const started = Date.now();
  const background = [];
  if (pending.has(phase.name)) {
    console.log(`(waiting for what began earlier for ${phase.name})`);
    background.push(...(await Promise.all(pending.get(phase.name))));
    pending.delete(phase.name);
  }
  if (phase.before) spawnSync(phase.before[0], phase.before[1], { cwd: root, stdio: 'inherit' });
  // What begins in this phase: at once, or at the line of its scripts' output it waits for.
  const waiting = new Set(starting.get(phase.name) ?? []);
  const beginNow = (work) => {
    if (!waiting.delete(work)) return;
    begin(work.together, work.awaitedBy, work);
  };
  for (const work of waiting) if (!work.when) beginNow(work);
  const onLine = (line) => {
    for (const work of waiting) if (work.when.test(line)) beginNow(work);
  };
  if (later) add(starting, later.from, later);
  // The builds: only for e2e, which builds what is missing itself when it runs without them.
  const builds = phase.background;
  if (builds && running(builds.awaitedBy)) {
    const [command, args] = builds.command;
    begin([[builds.label, args]], builds.awaitedBy, { command, priority: 'low' });
  }
  const prefixed = together.length > 1 || pending.size > 0 || waiting.size > 0;
  const scripts = await Promise.all(
    together.map(([label, args]) => runScript(label, args, { prefixed, onLine })),
  );
  for (const work of waiting) beginNow(work);
  const seconds = (Date.now() - started) / 1000;
  results.push({ phase: phase.name, seconds, scripts: [...background, ...scripts] });
  if (bail && [...background, ...scripts].some((script) => !script.ok)) break;
}
// What was begun for a phase left out (or cut short by --bail) is awaited before the table.
for (const [name, work] of pending) {
  const started = Date.now();
  const scripts = await Promise.all(work);
  const seconds = (Date.now() - started) / 1000;
  results.push({ phase: `(${name || 'end'})`, seconds, scripts });
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
  for (const script of failed.filter((failure) => failure.tail.length > 0)) {
    console.log(`\n=== the last ${script.tail.length} lines of ${script.label}`);
    for (const line of script.tail) console.log(line);
  }
  console.log(
    `\nFailed: ${failed.map((script) => script.label).join(', ')} (their output is above).`,
  );
  process.exit(1);
}
