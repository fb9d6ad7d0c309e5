// What a container orchestrator asks of the shell server and the remote origin (issue 18):
// `GET /health/live` (the process answers: restart it if not) and `GET /health/ready` (send it
// traffic: 503 while it cannot serve, or while it is stopping), and a stop on SIGTERM or SIGINT
// that finishes the requests in flight before the process exits, within a bound. `/health` stays
// what it was: the operator's detailed report.
import type { FastifyInstance } from 'fastify';
import type { Readiness } from '@hostdash/delivery';

const draining = new WeakSet<FastifyInstance>();

/**
 * From now on `/health/ready` says 503 while the server still serves: the load balancer stops
 * sending it traffic before it stops accepting connections (SHUTDOWN_DELAY_MS).
 */
export function startDraining(app: FastifyInstance): void {
  draining.add(app);
}

/**
 * Adds the probes. `ready` says whether what the process depends on answers (the registry's
 * database); once draining or closing, the process is not ready, whatever `ready` says.
 */
export function registerProbes(
  app: FastifyInstance,
  ready: () => Promise<Readiness> = async () => ({ ready: true }),
): void {
  // preClose runs as close() begins, before the requests in flight are waited for.
  app.addHook('preClose', async () => startDraining(app));
  // While stopping, every answer closes its connection: a browser's or a load balancer's
  // keep-alive connection would otherwise outlive its last answer and hold the close open.
  app.addHook('onSend', async (_request, reply) => {
    if (draining.has(app)) reply.header('connection', 'close');
  });
  app.get('/health/live', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/health/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const readiness = draining.has(app)
      ? { ready: false, reason: 'the server is stopping' }
      : await ready().catch((error: unknown) => ({
          ready: false,
          reason: error instanceof Error ? error.message : String(error),
        }));
    return readiness.ready
      ? reply.send({ status: 'ready' })
      : reply.code(503).send({ status: 'not_ready', reason: readiness.reason });
  });
}

/**
 * Stops `app` gracefully on SIGTERM or SIGINT: not ready any more, and after `delayMs` (for the
 * load balancer to notice) no new connections; the requests in flight (proxied API calls too)
 * finish, then `close` hooks run (the registry's LISTEN connection and pool close) and `after`
 * (the last spans); the process exits 0. Past `delayMs + timeoutMs` it exits 1 anyway, saying so.
 */
export function stopOnSignals(
  app: FastifyInstance,
  options: { timeoutMs: number; delayMs: number; after?: () => Promise<void> },
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: not ready any more, finishing the requests in flight');
    startDraining(app);
    setTimeout(() => {
      app.log.error(
        `requests still in flight after ${options.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting anyway`,
      );
      process.exit(1);
    }, options.delayMs + options.timeoutMs).unref();
    void new Promise((resolve) => setTimeout(resolve, options.delayMs))
      .then(() => app.close())
      .catch((error: unknown) => app.log.error({ err: error }, 'closing the server failed'))
      .then(() => options.after?.())
      .catch((error: unknown) => console.error('The last spans could not be exported', error))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
