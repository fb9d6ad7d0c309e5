// The telemetry collector (issue 17): POST /telemetry takes a batch of events from a browser tab
// (the shell sends it with `navigator.sendBeacon` to /api/telemetry on page hide). Public: the
// sign-in page reports too, and a beacon carries no Authorization. Its answer is 202 and a count;
// the browser never waits for it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { clientOf, tooMany } from '../auth/throttle';
import type { AppContext } from '../context';
import { ApiError, unauthorized } from '../http/errors';
import { errors, ref, type Api } from '../http/schemas';
import type { ApiRoutes } from './apiRoutes';
import { rolloutHealth } from './rolloutHealth';
import { countBatch, limitBatchSize, type MinuteLimit } from './telemetryLimits';
import {
  RolloutHealthQuery,
  RolloutHealthSchema,
  TelemetryAcceptedSchema,
  TelemetryBatchBody,
  TelemetryHeaders,
  type TelemetryBatch,
} from './telemetrySchemas';
import { hashBody, stampKey, stampOf } from './telemetryStamp';
import { storeBatch } from './telemetryStore';

/** The shell server's rollout driver, in the `X-Delivery-Token` header (the `deliveryToken` scheme). */
export const DELIVERY_TOKEN_HEADER = 'x-delivery-token';
const DELIVERY_TOKEN = [{ deliveryToken: [] }];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared by their digests in constant time: the token's length and bytes leak nothing. */
function checkDeliveryToken(expected: string | null) {
  return async (request: FastifyRequest) => {
    if (expected === null) {
      throw new ApiError(
        503,
        'not_configured',
        'Rollout health is not served here: set DELIVERY_TOKEN on the API and the shell server.',
      );
    }
    const sent = request.headers[DELIVERY_TOKEN_HEADER];
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), digest(expected))) {
      throw unauthorized();
    }
  };
}

const TOO_MANY = 'Too many telemetry batches.';

/**
 * The batch with each API call's path as the API route it calls (`/reservation/get/{id}`), or none
 * when it calls no route of this API: only the API's own templates are stored (apiRoutes.ts).
 */
export function withRouteTemplates(batch: TelemetryBatch, routes: ApiRoutes): TelemetryBatch {
  return {
    ...batch,
    events: batch.events.map(({ apiPath, ...event }) => {
      const template =
        apiPath === undefined || event.apiMethod === undefined
          ? null
          : routes.templateOf(event.apiMethod, apiPath);
      return template === null ? event : { ...event, apiPath: template };
    }),
  };
}

export function registerTelemetryRoutes(
  app: Api,
  { db, config }: AppContext,
  routes: ApiRoutes,
): void {
  const perSession: MinuteLimit = {
    name: 'telemetry_session',
    perMinute: config.telemetrySessionRateLimit,
  };
  const perClient: MinuteLimit = {
    name: 'telemetry_client',
    perMinute: config.telemetryClientRateLimit,
  };
  const key = config.deliveryToken ? stampKey(config.deliveryToken) : null;

  app.post(
    '/telemetry',
    {
      schema: {
        summary: 'Report a batch of browser telemetry events',
        description:
          'Errors, remote load failures and contract refusals, API failures and the refusals a page expects (each with its method, the API route it called as a template, and its status), route changes and Web Vitals from one browser tab, each with its remote, version, rollout flag and route template. An API path that is no route of the API is not kept. No session needed. Event times more than a day from the server’s clock are refused (400). At most 256 KB (`payload_too_large` 413, also for a streamed body) and 200 events; batches are limited per tab session and per client address each minute (429 with `Retry-After`). Everything feeds the analytics; only what the shell server vouched for (`X-Telemetry-Stamp`) counts for a rollout verdict.',
        tags: ['telemetry'],
        headers: TelemetryHeaders,
        body: TelemetryBatchBody,
        response: { 202: ref(TelemetryAcceptedSchema), ...errors(400, 413, 415, 429) },
      },
      // The client's allowance is counted before the body is read: a flood costs one upsert each.
      onRequest: async (request) => {
        const wait = await countBatch(db, perClient, clientOf(request));
        if (wait !== null) throw tooMany('too_many_requests', TOO_MANY, wait);
      },
      preParsing: [limitBatchSize, hashBody],
    },
    async (request, reply) => {
      const wait = await countBatch(db, perSession, request.body.session);
      if (wait !== null) throw tooMany('too_many_requests', TOO_MANY, wait);
      const batch = withRouteTemplates(request.body, routes);
      const accepted = await storeBatch(db, batch, stampOf(request, key));
      return reply.code(202).send({ accepted });
    },
  );

  app.get(
    '/telemetry/rollout-health',
    {
      schema: {
        summary: 'Judge a rollout’s candidate against the live version',
        description:
          'For the shell server’s rollout driver (`X-Delivery-Token`, DELIVERY_TOKEN): the candidate’s telemetry since `from` against the live version’s from users not on the rollout, over the same minutes, counting only what the shell server vouched for (`X-Telemetry-Stamp` on POST /telemetry), one session per user. `not_enough_data` below ROLLOUT_MIN_SESSIONS on either side; `unhealthy` when the share of sessions with an error, the share with a remote load failure or the share of API calls that failed (refusals a page expects, `apiRefusalRate`, are not failures and never judged) is worse by more than ROLLOUT_ERROR_MARGIN (percentage points), or LCP or INP p75 slower by more than ROLLOUT_VITALS_MARGIN percent (and 100 ms). 503 `not_configured` without DELIVERY_TOKEN.',
        tags: ['telemetry'],
        security: DELIVERY_TOKEN,
        querystring: RolloutHealthQuery,
        response: { 200: ref(RolloutHealthSchema), ...errors(401, 503) },
      },
      onRequest: checkDeliveryToken(config.deliveryToken),
    },
    async (request) => {
      const { remote, candidate, live, from } = request.query;
      const now = new Date();
      const judgement = await rolloutHealth(
        db,
        { remote, candidate, live, from: new Date(from), now },
        {
          minSessions: config.rolloutMinSessions,
          errorMargin: config.rolloutErrorMargin,
          vitalsMargin: config.rolloutVitalsMargin,
        },
      );
      return { ...judgement, at: now.toISOString() };
    },
  );
}
