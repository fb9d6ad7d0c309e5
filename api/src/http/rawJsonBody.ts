// Webhook routes check a signature over the exact bytes sent (PMS webhooks, Stripe's): in their own
// Fastify scope JSON is parsed from a string that is also kept, for the route to read back.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

const rawBodies = new WeakMap<FastifyRequest, string>();

/** The body of `request` as it was sent ('' when it had none or another parser read it). */
export const rawJsonBody = (request: FastifyRequest): string => rawBodies.get(request) ?? '';

/** Makes `scope` parse JSON bodies (up to 1 MB) keeping their text for rawJsonBody. */
export function keepRawJsonBodies(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      rawBodies.set(request, text);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError(400, 'invalid_json', 'The body is not JSON.'), undefined);
      }
    },
  );
}
