// Keeps the processes of `npm start` running. A process that stops without being asked to is
// started again after a back-off that doubles from `firstDelayMs` up to `maxDelayMs`, and resets
// once the process has run for `stableAfterMs`; the others keep serving meanwhile. Every stop and
// restart is logged, and the current processes are written to a state file (name, pid, restarts)
// for operators and for the e2e journey that crashes one. Stopping the supervisor stops them all
// and restarts nothing. In production each process runs alone under the orchestrator's restart
// policy instead (docs/adr/0011-a-supervisor-for-npm-start.md).
import { spawn as nodeSpawn } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const RESTART_POLICY = { firstDelayMs: 500, maxDelayMs: 30_000, stableAfterMs: 60_000 };

/** The wait before the next start, after `restarts` quick restarts in a row. */
export function restartDelay(restarts, policy = RESTART_POLICY) {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** restarts);
}

/**
 * Starts `services` ({ name, args }) as `spawn(process.execPath, args, …)` and keeps them running.
 * Returns `stop(signal)` and `state()`.
 */
export function supervise(services, options = {}) {
  const {
    spawn = nodeSpawn,
    command = process.execPath,
    spawnOptions = {},
    log = (line) => console.error(line),
    attachOutput = () => undefined,
    policy = RESTART_POLICY,
    now = Date.now,
    setTimer = setTimeout,
    clearTimer = clearTimeout,
    stateFile = null,
  } = options;
  let stopping = false;
  const running = new Map();

  const writeState = () => {
    if (!stateFile) return;
    const processes = [...running.values()].map(({ service, child, restarts, startedAt }) => ({
      name: service.name,
      pid: child?.pid ?? null,
      restarts,
      startedAt: new Date(startedAt).toISOString(),
    }));
    mkdirSync(path.dirname(stateFile), { recursive: true });
    // Written whole, then renamed: a reader never sees half a file.
    writeFileSync(`${stateFile}.tmp`, `${JSON.stringify({ processes }, null, 2)}\n`);
    renameSync(`${stateFile}.tmp`, stateFile);
  };

  const start = (entry) => {
    const child = spawn(command, entry.service.args, spawnOptions);
    entry.child = child;
    entry.startedAt = now();
    attachOutput(entry.service, child);
    child.on('exit', (code, signal) => {
      if (entry.child !== child) return;
      entry.child = null;
      if (stopping) return;
      const ranMs = now() - entry.startedAt;
      if (ranMs >= policy.stableAfterMs) entry.quickRestarts = 0;
      const delay = restartDelay(entry.quickRestarts, policy);
      entry.quickRestarts += 1;
      entry.restarts += 1;
      log(
        `[${entry.service.name}] stopped (${signal ?? `exit ${code}`}) after ${Math.round(ranMs / 1000)} s; ` +
          `starting it again in ${delay / 1000} s (restart ${entry.restarts}); the others keep serving.`,
      );
      entry.timer = setTimer(() => {
        entry.timer = null;
        if (stopping) return;
        start(entry);
        log(`[${entry.service.name}] started again (pid ${entry.child?.pid}).`);
        writeState();
      }, delay);
      writeState();
    });
  };

  for (const service of services) {
    const entry = {
      service,
      child: null,
      restarts: 0,
      quickRestarts: 0,
      startedAt: 0,
      timer: null,
    };
    running.set(service.name, entry);
    start(entry);
  }
  writeState();

  return {
    /**
     * Stops every process (and any restart waiting to happen). Resolves once each has exited: a
     * server finishes the requests it is serving first (its graceful stop, bounded by its own
     * SHUTDOWN_TIMEOUT_MS).
     */
    stop(signal = 'SIGTERM') {
      stopping = true;
      const exited = [];
      for (const entry of running.values()) {
        if (entry.timer) clearTimer(entry.timer);
        const { child } = entry;
        if (child && child.exitCode === null && !child.signalCode) {
          exited.push(new Promise((resolve) => child.once('exit', resolve)));
          child.kill(signal);
        }
      }
      return Promise.all(exited).then(() => undefined);
    },
    /** The processes now: name, pid and restarts. */
    state() {
      return [...running.values()].map(({ service, child, restarts }) => ({
        name: service.name,
        pid: child?.pid ?? null,
        restarts,
      }));
    },
  };
}
