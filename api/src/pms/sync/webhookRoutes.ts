// The PMS webhooks (issue 31, docs/adr/0027-pms-webhooks-and-sync.md): one public route per system,
// `POST /webhooks/hostaway/{webhookId}` and `POST /webhooks/guesty/{webhookId}` (under /api behind
// the dashboard). Before anything is read, the delivery proves itself — Hostaway with the
// connection's basic-auth login and password, Guesty with a Svix signature made with the
// connection's secret, within 5 minutes, never seen before — else 401, the same answer for an
// unknown connection and wrong credentials. A proven delivery only queues a `pms.webhook` job keyed
// by the connection and the booking (a flood for one booking collapses into one job) and answers
// 202 at once: the route never reads the system nor writes a booking. Nothing secret is logged: no
// header, no body, and the route's pattern instead of its address.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { ApiError } from '../../http/errors';
import { errors, ref, type Api } from '../../http/schemas';
import { enqueueJob } from '../../jobs/jobs';
import type { PmsName } from '../pms';
import { PMS_WEBHOOK_QUEUE } from './syncJobs';
import {
  basicAuthMatches,
  checkSvix,
  openWebhookSecret,
  type WebhookSystem,
} from './webhookCredentials';
import {
  GuestyWebhookBody,
  HostawayWebhookBody,
  WebhookAcceptedSchema,
  WebhookParams,
} from './webhookSchemas';
import { keepRawJsonBodies, rawJsonBody } from '../../http/rawJsonBody';

export const HOSTAWAY_WEBHOOK_SECURITY = [{ hostawayWebhook: [] }];
export const GUESTY_WEBHOOK_SECURITY = [{ guestyWebhook: [] }];

/** The one answer to a delivery that does not prove itself (which part failed is logged, not said). */
const refused = () =>
  new ApiError(
    401,
    'webhook_refused',
    'This delivery was refused: its address or credentials are not those Hostdash gave (see Settings → Connected systems).',
  );

const replayed = () =>
  new ApiError(
    401,
    'webhook_replayed',
    'This delivery was refused: a delivery with this id was received already, or it was signed more than 5 minutes ago.',
  );

interface ProvenDelivery {
  connectionId: string;
  system: WebhookSystem;
  /** Svix's delivery id (Guesty), recorded with the job; null for Hostaway. */
  deliveryId: string | null;
}

/** The exact bytes of each JSON body, for the signature (kept per request, never logged). */
/** What preValidation proved, for the handler. */
const proven = new WeakMap<FastifyRequest, ProvenDelivery>();

const WEBHOOK_ID = /^[0-9a-f]{32}$/;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Queues the job that reads the booking again. A job for it already waiting takes this delivery
 * too; one already running may have read the booking before this change, so one more waits
 * behind it (`…#next`, itself collapsing the deliveries that come meanwhile).
 */
async function queueBooking(sql: Sql, connectionId: string, externalId: string): Promise<void> {
  const key = `${connectionId}:${externalId}`;
  const payload = { connectionId, externalId };
  if (await enqueueJob(sql, { queue: PMS_WEBHOOK_QUEUE, key, payload })) return;
  const [waiting] = await sql.query<{ state: string }>(
    `select state from jobs where queue = $1 and key = $2 and state in ('queued', 'running')`,
    [PMS_WEBHOOK_QUEUE, key],
  );
  if (waiting?.state === 'running')
    await enqueueJob(sql, { queue: PMS_WEBHOOK_QUEUE, key: `${key}#next`, payload });
}

export function registerPmsWebhookRoutes(app: Api, { db, vault, jobsQueued }: AppContext): void {
  /** Proves a delivery (preValidation: before its body is checked against the schema). */
  async function prove(request: FastifyRequest, system: WebhookSystem): Promise<void> {
    const { webhookId } = request.params as { webhookId?: string };
    const fail = (reason: string, error = refused()) => {
      request.log.warn({ event: 'pms_webhook_refused', system, reason }, 'A webhook was refused');
      return error;
    };
    if (!webhookId || !WEBHOOK_ID.test(webhookId)) throw fail('unknown_connection');
    const [row] = await db.query<{ id: string; pms: PmsName; webhook_secret: unknown }>(
      `select id::text as id, pms, webhook_secret from pms_connections where webhook_id = $1`,
      [webhookId],
    );
    const secret = row?.pms === system ? openWebhookSecret(vault, row.webhook_secret) : null;
    if (!row || !secret) throw fail('unknown_connection');
    if (system === 'hostaway') {
      const ok =
        secret.kind === 'basic' &&
        basicAuthMatches(header(request, 'authorization'), secret.login, secret.password);
      if (!ok) throw fail('bad_credentials');
      proven.set(request, { connectionId: row.id, system, deliveryId: null });
      return;
    }
    if (secret.kind !== 'svix') throw fail('bad_credentials');
    const check = checkSvix(
      secret.secret,
      {
        id: header(request, 'svix-id'),
        timestamp: header(request, 'svix-timestamp'),
        signature: header(request, 'svix-signature'),
      },
      rawJsonBody(request),
    );
    if (check === 'stale') throw fail('stale_timestamp', replayed());
    if (check !== 'ok') throw fail(check);
    proven.set(request, { connectionId: row.id, system, deliveryId: header(request, 'svix-id')! });
  }

  /** Records the delivery (refusing a replay) and queues its booking, in one transaction. */
  async function accept(
    request: FastifyRequest,
    externalId: string | null,
  ): Promise<{ queued: boolean }> {
    const delivery = proven.get(request);
    if (!delivery) throw refused();
    const queued = await db.transaction(async (tx) => {
      if (delivery.deliveryId !== null) {
        const [fresh] = await tx.query(
          `insert into pms_webhook_deliveries (connection_id, delivery_id) values ($1::bigint, $2)
           on conflict do nothing returning delivery_id`,
          [delivery.connectionId, delivery.deliveryId.slice(0, 200)],
        );
        if (!fresh) {
          request.log.warn(
            { event: 'pms_webhook_refused', system: delivery.system, reason: 'replay' },
            'A webhook was refused',
          );
          throw replayed();
        }
      }
      if (externalId === null) return false;
      await queueBooking(tx, delivery.connectionId, externalId);
      return true;
    });
    if (queued) jobsQueued();
    return { queued };
  }

  app.register(async (scope) => {
    // The signature is over the bytes sent: this scope keeps them beside the parsed body.
    keepRawJsonBodies(scope);
    const api = scope as unknown as Api;
    const common = {
      // Logged by route pattern: the address names the connection's webhook.
      logSerializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.routeOptions.url,
        }),
      },
    };

    api.post(
      '/webhooks/hostaway/:webhookId',
      {
        ...common,
        preValidation: async (request) => prove(request, 'hostaway'),
        schema: {
          summary: 'Hostaway’s unified webhook (basic auth)',
          description:
            'Hostaway calls it when a reservation is created or changed, with the login and password shown on /settings. Answers 202 once the booking is queued to be read again from Hostaway and screened; other events are accepted and ignored. 401 for an unknown webhook or wrong credentials.',
          tags: ['webhooks'],
          security: HOSTAWAY_WEBHOOK_SECURITY,
          params: WebhookParams,
          body: HostawayWebhookBody,
          response: { 202: ref(WebhookAcceptedSchema), ...errors(401) },
        },
      },
      async (request, reply) => {
        const { object, event, data } = request.body;
        const about =
          (object === undefined || object === 'reservation') &&
          event.startsWith('reservation.') &&
          data?.id !== undefined
            ? String(data.id)
            : null;
        reply.code(202);
        return accept(request, about);
      },
    );

    api.post(
      '/webhooks/guesty/:webhookId',
      {
        ...common,
        preValidation: async (request) => prove(request, 'guesty'),
        schema: {
          summary: 'Guesty’s webhook (Svix signature)',
          description:
            'Guesty calls it when a reservation is created or changed, signed with the secret shown on /settings (`svix-id`, `svix-timestamp`, `svix-signature`). Answers 202 once the booking is queued to be read again from Guesty and screened; other events are accepted and ignored. 401 for an unknown webhook, a bad signature, a timestamp more than 5 minutes away, or a delivery id seen before.',
          tags: ['webhooks'],
          security: GUESTY_WEBHOOK_SECURITY,
          params: WebhookParams,
          headers: Type.Object(
            {
              'svix-id': Type.Optional(Type.String({ maxLength: 200 })),
              'svix-timestamp': Type.Optional(Type.String({ maxLength: 20 })),
              'svix-signature': Type.Optional(Type.String({ maxLength: 2000 })),
            },
            { additionalProperties: true },
          ),
          body: GuestyWebhookBody,
          response: { 202: ref(WebhookAcceptedSchema), ...errors(401) },
        },
      },
      async (request, reply) => {
        const { event, reservation } = request.body;
        const about = event.startsWith('reservation.') && reservation?._id ? reservation._id : null;
        reply.code(202);
        return accept(request, about);
      },
    );
  });
}
