// Loggers for tests that drive a worker directly: one that says nothing, and one that keeps every
// call (to prove what a log line holds, e.g. never a credential).
import type { FastifyBaseLogger } from 'fastify';

/** A logger that keeps each call's arguments in `lines`. */
export function recordingLog(): { log: FastifyBaseLogger; lines: unknown[][] } {
  const lines: unknown[][] = [];
  const record = (...args: unknown[]) => void lines.push(args);
  const log = {
    level: 'info',
    info: record,
    warn: record,
    error: record,
    fatal: record,
    debug: record,
    trace: record,
    silent: record,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** A logger that says nothing. */
export const silentLog: FastifyBaseLogger = recordingLog().log;
