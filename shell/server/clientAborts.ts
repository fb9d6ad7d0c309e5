// A browser that leaves before its answer has gone out (a tab closed right after its telemetry
// beacon, a page left while the API was still answering) is no server error (issue 30, finding 6):
// it was once logged at error level twice, with a 500, so closing tabs could fill error logs and
// fire 5xx alerts. It is logged once, at info, as what it is; nothing is sent to the closed socket.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CLIENT_CLOSED = 'the client closed the connection before the answer was sent';

/** A stream that ended because the other side went away (Node's and end-of-stream's words). */
export function isPrematureClose(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    error.message.toLowerCase() === 'premature close'
  );
}

/**
 * The browser's connection is closed: nothing more can reach it. (Not `request.raw.destroyed`: a
 * request whose body has been read is destroyed while its socket waits for the answer.)
 */
export const clientGone = (request: FastifyRequest): boolean =>
  request.raw.socket?.destroyed === true;

/** Ends a reply whose client has left: one info line, no status, nothing written. */
export function dropReply(request: FastifyRequest, reply: FastifyReply, details: object = {}) {
  request.log.info(details, CLIENT_CLOSED);
  reply.hijack();
  reply.raw.destroy();
}

/**
 * The server's error handler for what is really a client abort: a compressed or streamed answer
 * whose socket closed under it. Anything else goes on to Fastify's own handler, as before.
 */
export function registerClientAborts(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (isPrematureClose(error) && clientGone(request)) return dropReply(request, reply);
    throw error;
  });
}

type LogCall = (this: unknown, ...args: unknown[]) => void;

/**
 * pino's logMethod hook: @fastify/compress logs every broken pipe of a compressed answer as an
 * error; a premature close there is the client leaving, so it is written at info as one.
 */
export function clientAbortsAtInfo(
  this: { info: LogCall },
  args: unknown[],
  method: LogCall,
  level: number,
): void {
  if (level >= 50 && isPrematureClose(args[0])) return this.info({}, CLIENT_CLOSED);
  return method.apply(this, args);
}
