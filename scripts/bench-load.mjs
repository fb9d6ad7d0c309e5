// `npm run bench:load`: how much the dashboard serves under load, on loopback only. Starts the
// platform as `npm start` does (ports and a database of its own), signs in as the demo owner, then
// drives two endpoints with autocannon, one after the other: the listings page's API call through
// the shell's proxy, and the sign-in page. Prints requests per second, latency p50/p99 and errors,
// and saves the run as .data/bench/load/<time>.json. A measurement, not a test: it exits 1 only
// when something fails (the platform does not start, or an answer is not 2xx).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from './builds.mjs';

const PORTS = { shell: 3500, remotes: 3501, api: 4500 };
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 20);
const origin = `http://localhost:${PORTS.shell}`;

const cases = (cookie) => [
  {
    name: 'GET /api/listing/load (signed in, through the proxy)',
    url: `${origin}/api/listing/load?from=0&size=10&sort=nickname:asc`,
    headers: { cookie, accept: 'application/json', 'accept-encoding': 'br, gzip' },
  },
  {
    name: 'GET /login (the sign-in page)',
    url: `${origin}/login`,
    headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  },
];

const progress = (line) => process.stderr.write(`${line}\n`);

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Signs in through the shell, as the browser does; returns the session cookie. */
async function signIn() {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'owner@hostdash.test', password: 'hostdash-demo' }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`signing in answered ${response.status}`);
  return cookie;
}

function run(benchCase) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: benchCase.url,
        headers: benchCase.headers,
        connections: CONNECTIONS,
        duration: SECONDS,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function summary(benchCase, result) {
  return {
    name: benchCase.name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
})();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-bench-load-'));
const platform = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    ...process.env,
    PORT: String(PORTS.shell),
    REMOTES_PORT: String(PORTS.remotes),
    API_PORT: String(PORTS.api),
    PGLITE_DIR: path.join(dataDir, 'db'),
    REMOTES_DIR: path.join(dataDir, 'store'),
    REMOTES_FILE: path.join(dataDir, 'remotes.json'),
    RUN_STATE_FILE: path.join(dataDir, 'processes.json'),
    LOG_LEVEL: 'warn',
  },
});
let stderr = '';
platform.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));

let exitCode = 0;
try {
  progress(`starting the platform on ports ${PORTS.shell}, ${PORTS.remotes}, ${PORTS.api} …`);
  await waitFor(`${origin}/health`, 180_000);
  const cookie = await signIn();
  const results = [];
  for (const benchCase of cases(cookie)) {
    progress(`${benchCase.name}: ${CONNECTIONS} connections for ${SECONDS} s …`);
    results.push(summary(benchCase, await run(benchCase)));
  }
  const rows = results.map(
    (r) =>
      `${r.name.padEnd(52)} ${String(r.requestsPerSecond).padStart(7)}  ${String(r.latencyMs.p50).padStart(6)}  ${String(r.latencyMs.p99).padStart(6)}  ${String(r.errors + r.non2xx).padStart(6)}`,
  );
  console.log(
    [
      `${new Date().toISOString()}  commit ${commit ?? 'unknown'}`,
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
      `each case: ${CONNECTIONS} connections for ${SECONDS} s on loopback`,
      '',
      `${'case'.padEnd(52)}   req/s  p50 ms  p99 ms  errors`,
      ...rows,
    ].join('\n'),
  );
  const file = path.join(
    root,
    '.data/bench/load',
    `${new Date().toISOString().replace(/:/g, '-')}.json`,
  );
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), commit, seconds: SECONDS, connections: CONNECTIONS, results }, null, 2)}\n`,
  );
  console.log(`\nSaved ${path.relative(root, file)}`);
  if (results.some((r) => r.errors + r.non2xx > 0)) {
    console.error('Some requests failed (see errors).');
    exitCode = 1;
  }
} catch (error) {
  console.error(`Load check failed: ${error instanceof Error ? error.message : String(error)}`);
  if (stderr) console.error(stderr);
  exitCode = 1;
} finally {
  platform.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
