// The API's graceful shutdown (SIGTERM/SIGINT, issue 18): readiness fails at once (a load balancer
// stops sending traffic), then after `delayMs` the server stops accepting connections while the
// requests under way finish, and the job worker takes nothing new — the jobs under way end (a mail
// is handed over or not; an import ends after its page, handing its task back) — then the database
// closes. Bounded: out of time, the import task under way is handed back
// anyway (its run then writes nothing more: every write checks the lease) and the caller exits; a
// transaction still open is rolled back by the server when the connection goes. Nothing is left
// half-written, and no task stays 'running' under a process that is gone for longer than the lease.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { Readiness } from '../health/readiness';

export interface ShutdownParts {
  readiness: Readiness;
  app: FastifyInstance;
  /** Background workers by name (the job worker): `release` hands back what its runs hold. */
  workers: Record<string, { stop(): Promise<void>; release?: () => Promise<number> } | null>;
  db: Database;
  log: FastifyBaseLogger;
  /** How long readiness fails before the server stops accepting (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** How long requests and workers get to finish after that (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** After the requests and workers, before the database closes (the last spans). */
  beforeDatabaseCloses?: () => Promise<void>;
}

/** `drained`: everything finished and the database is closed; `timed_out`: the caller exits now. */
export type ShutdownOutcome = 'drained' | 'timed_out';

export async function shutDown(parts: ShutdownParts): Promise<ShutdownOutcome> {
  const { readiness, app, db, log } = parts;
  readiness.beginDraining();
  log.info({ delayMs: parts.delayMs }, 'Shutting down: readiness fails from now');
  if (parts.delayMs > 0) await sleep(parts.delayMs);

  const workers = Object.entries(parts.workers).flatMap(([name, worker]) =>
    worker ? [{ name, worker }] : [],
  );
  log.info('Shutting down: no new connections; finishing the requests and work under way');
  const drained = Promise.all([app.close(), ...workers.map(({ worker }) => worker.stop())]).then(
    () => 'drained' as const,
  );
  const deadline = sleep(parts.timeoutMs, 'timed_out' as const, { ref: false });
  if ((await Promise.race([drained, deadline])) === 'timed_out') {
    for (const { name, worker } of workers) {
      try {
        const released = (await worker.release?.()) ?? 0;
        if (released > 0) log.warn({ worker: name, released }, 'Work under way handed back');
      } catch (error) {
        log.error({ err: error, worker: name }, 'Work under way could not be handed back');
      }
    }
    log.error({ timeoutMs: parts.timeoutMs }, 'Shutting down took too long; exiting');
    return 'timed_out';
  }
  await parts.beforeDatabaseCloses?.();
  await db.close();
  log.info('Shut down');
  return 'drained';
}
