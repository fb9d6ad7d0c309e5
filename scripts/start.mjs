// `npm start`: builds what is missing, deploys each remote's new workspace build (the first run
// deploys them all), then runs the API, the remote origin and the shell server under a supervisor
// that starts a crashed one again (supervisor.mjs), and prints where to go and who to sign in as.
// Ctrl-C stops all three.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildIfMissing } from './build-if-missing.mjs';
import { root } from './builds.mjs';
import { deployWorkspaceBuilds } from './deploy.mjs';
import { supervise } from './supervisor.mjs';

const env = { ...process.env };
const port = env.PORT || '3000';
const apiPort = env.API_PORT || '4000';
const remotesPort = env.REMOTES_PORT || '3001';
env.API_URL ||= `http://127.0.0.1:${apiPort}`;
env.REMOTES_ORIGIN ||= `http://localhost:${remotesPort}`;
env.SHELL_ORIGINS ||= `http://localhost:${port},http://127.0.0.1:${port}`;
env.SHELL_ORIGIN ||= `http://localhost:${port}`;
// The shell server's rollout driver asks the API for health verdicts with this secret
// (docs/adr/0020): both get it from here unless the operator set one.
env.DELIVERY_TOKEN ||= randomBytes(32).toString('base64url');
// The live demo (issue 31): the sandbox's clock runs 6 times faster than real time, so a new or
// changed booking reaches the demo owner every few minutes rather than three times an hour.
if (env.NODE_ENV?.trim() !== 'production') env.PMS_SANDBOX_SPEED ||= '6';

if (!process.argv.includes('--no-build')) await buildIfMissing();
// The remote origin serves the store (REMOTES_DIR) and the shell reads the registry (REMOTES_FILE):
// a remote with no live version, or a workspace build never published, is deployed now. With
// DATABASE_URL (passed on to the API and the shell server as it is) the registry is in the API's
// database, whose tables exist once the API has migrated: then they are deployed once it answers.
if (!env.DATABASE_URL) await deployWorkspaceBuilds(env);

const services = [
  {
    name: 'api',
    args: [path.join(root, 'api/dist/server.js')],
    health: `${env.API_URL}/health/ready`,
  },
  {
    name: 'remotes',
    args: [path.join(root, 'shell/dist-server/server/main.js'), '--remote-origin'],
    health: `${env.REMOTES_ORIGIN}/health`,
  },
  {
    name: 'shell',
    args: [path.join(root, 'shell/dist-server/server/main.js')],
    health: `http://localhost:${port}/health/live`,
  },
];

/** Each line of a process's output, prefixed with its name. */
function attachOutput(service, child) {
  const prefix = `[${service.name}] `;
  const forward = (stream, target) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) target.write(prefix + line + '\n');
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
}

// A process that dies is started again with back-off; the others keep serving (supervisor.mjs).
const supervisor = supervise(services, {
  spawnOptions: { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  attachOutput,
  stateFile: path.resolve(root, env.RUN_STATE_FILE || '.data/run/processes.json'),
});

/** Each server finishes its requests in flight and exits (bounded by its SHUTDOWN_TIMEOUT_MS). */
function stop(code = 0) {
  void supervisor.stop().then(() => process.exit(code));
  setTimeout(() => process.exit(code), Number(env.SHUTDOWN_TIMEOUT_MS || 10_000) + 2_000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

if (env.DATABASE_URL && (await waitFor(services[0].health, 120_000)))
  await deployWorkspaceBuilds(env);
const ready = await Promise.all(services.map((service) => waitFor(service.health, 120_000)));
// The API's rule (api/src/config.ts, DEMO_DATA): the demo accounts unless production says otherwise.
const demoData = env.DEMO_DATA?.trim()
  ? ['on', 'true', '1', 'yes'].includes(env.DEMO_DATA.trim().toLowerCase())
  : env.NODE_ENV?.trim() !== 'production';
const accounts = demoData
  ? `  Demo accounts (password: hostdash-demo)
    owner@hostdash.test     host with ~120 listings
    newhost@hostdash.test   host without a payment method (sent to /billing)
    manager@hostdash.test   the owner's team member (subtype manager)
    vendor@hostdash.test    building staff with two buildings (Marina Lofts, Wynwood Studios)
    admin@hostdash.test     Hostdash staff (admin)
    inactive@hostdash.test  deactivated (sign-in refused)
    secure@hostdash.test    second step: TOTP secret JBSWY3DPEHPK3PXP`
  : `  No demo accounts (DEMO_DATA off): sign in as the admin ADMIN_EMAIL names (README, "First admin")`;
if (ready.every(Boolean)) {
  console.log(`
  Hostdash is running: http://localhost:${port}

${accounts}

  Remotes live now: npm run remotes -- status
`);
} else {
  const down = services.filter((_service, index) => !ready[index]).map((service) => service.name);
  console.error(`Not ready after 2 minutes: ${down.join(', ')}`);
  stop(1);
}
