// The telemetry collector (issue 17): POST /telemetry takes a batch of events from a browser tab
// (the shell sends it with `navigator.sendBeacon` to /api/telemetry on page hide). Public: the
// sign-in page reports too, and a beacon carries no Authorization. Its answer is 202 and a count;
// the browser never waits for it.
import { clientOf, tooMany } from '../auth/throttle';
import type { AppContext } from '../context';
import { errors, ref, type Api } from '../http/schemas';
import { countBatch, limitBatchSize, type MinuteLimit } from './telemetryLimits';
import { TelemetryAcceptedSchema, TelemetryBatchBody } from './telemetrySchemas';
import { storeBatch } from './telemetryStore';

const TOO_MANY = 'Too many telemetry batches.';

export function registerTelemetryRoutes(app: Api, { db, config }: AppContext): void {
  const perSession: MinuteLimit = {
    name: 'telemetry_session',
    perMinute: config.telemetrySessionRateLimit,
  };
  const perClient: MinuteLimit = {
    name: 'telemetry_client',
    perMinute: config.telemetryClientRateLimit,
  };

  app.post(
    '/telemetry',
    {
      schema: {
        summary: 'Report a batch of browser telemetry events',
        description:
          'Errors, remote load failures and contract refusals, API failures, route changes and Web Vitals from one browser tab, each with its remote, version, rollout flag and route template. No session needed. At most 256 KB (`payload_too_large` 413, also for a streamed body) and 200 events; batches are limited per tab session and per client address each minute (429 with `Retry-After`).',
        tags: ['telemetry'],
        body: TelemetryBatchBody,
        response: { 202: ref(TelemetryAcceptedSchema), ...errors(400, 413, 415, 429) },
      },
      // The client's allowance is counted before the body is read: a flood costs one upsert each.
      onRequest: async (request) => {
        const wait = await countBatch(db, perClient, clientOf(request));
        if (wait !== null) throw tooMany('too_many_requests', TOO_MANY, wait);
      },
      preParsing: limitBatchSize,
    },
    async (request, reply) => {
      const wait = await countBatch(db, perSession, request.body.session);
      if (wait !== null) throw tooMany('too_many_requests', TOO_MANY, wait);
      const accepted = await storeBatch(db, request.body);
      return reply.code(202).send({ accepted });
    },
  );
}
