// The sandbox sends its own webhooks (issue 31): with PMS_SANDBOX on, a scheduled job looks at each
// sandbox connection's new events (src/pms/sandbox.ts: a few bookings made or changed an hour,
// faster with PMS_SANDBOX_SPEED) and delivers each to this API over HTTP as the system would —
// Hostaway's unified webhook with the connection's basic auth, Guesty's signed the Svix way — so
// the whole loop runs from `npm start`: route, job, upsert, screening, alert. The 16 systems
// without a webhook route get their connection's sync queued instead (what their real
// counterparts rely on). A delivery the API does not take falls back to that sync too.
import { randomUUID } from 'node:crypto';
import type { ApiConfig } from '../../config';
import type { JobContext, JobDefinition } from '../../jobs/jobs';
import { enqueueJob } from '../../jobs/jobs';
import type { JobSchedule } from '../../jobs/schedules';
import type { PmsName } from '../pms';
import { SANDBOX_ACCOUNT_ID, SANDBOX_EVENT_MS, sandboxEvents, type SandboxEvent } from '../sandbox';
import { PMS_SYNC_QUEUE } from './syncJobs';
import {
  ensureWebhookSecret,
  hasWebhooks,
  svixSignature,
  type WebhookSecret,
  type WebhookSystem,
} from './webhookCredentials';

export const SANDBOX_WEBHOOK_QUEUE = 'pms.sandbox';
/** Deliveries one connection sends per run at most (a fast clock after a long pause). */
const MAX_DELIVERIES = 25;
const SECOND_DIVISORS = [5, 10, 15, 20, 30];

/** How often the sandbox looks for its events: about one event per look, every 5 s to a minute. */
export function sandboxTickCron(speed: number): string {
  const seconds = SANDBOX_EVENT_MS / 1000 / speed;
  const every = SECOND_DIVISORS.find((divisor) => divisor >= seconds);
  return every === undefined ? '* * * * *' : `*/${every} * * * * *`;
}

/** This API's own address, as the sandbox calls it (a wildcard host is called on loopback). */
export function ownApiOrigin(config: Pick<ApiConfig, 'host' | 'port'>): string {
  const host =
    config.host === '0.0.0.0' || config.host === ''
      ? '127.0.0.1'
      : config.host === '::'
        ? '[::1]'
        : config.host.includes(':')
          ? `[${config.host}]`
          : config.host;
  return `http://${host}:${config.port}`;
}

/** One delivery of `event`, as its system would send it. */
function delivery(
  system: WebhookSystem,
  secret: WebhookSecret,
  event: SandboxEvent,
): { headers: Record<string, string>; body: string } {
  if (system === 'hostaway' && secret.kind === 'basic') {
    const body = JSON.stringify({
      object: 'reservation',
      event: event.kind === 'created' ? 'reservation.created' : 'reservation.updated',
      accountId: Number(SANDBOX_ACCOUNT_ID),
      data: { id: event.externalId },
    });
    const basic = Buffer.from(`${secret.login}:${secret.password}`).toString('base64');
    return { headers: { authorization: `Basic ${basic}` }, body };
  }
  if (secret.kind !== 'svix') throw new Error('the connection’s webhook secret is not Guesty’s');
  const body = JSON.stringify({
    event: event.kind === 'created' ? 'reservation.new' : 'reservation.updated',
    reservation: { _id: event.externalId },
  });
  const id = `msg_${randomUUID().replace(/-/g, '')}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    headers: {
      'svix-id': id,
      'svix-timestamp': timestamp,
      'svix-signature': svixSignature(secret.secret, id, timestamp, body),
    },
    body,
  };
}

async function send(
  context: JobContext,
  connectionId: string,
  system: WebhookSystem,
  events: readonly SandboxEvent[],
): Promise<boolean> {
  const made = await ensureWebhookSecret(context.db, context.vault, connectionId);
  if (!made) return false;
  const origin = ownApiOrigin(context.config);
  for (const event of events.slice(-MAX_DELIVERIES)) {
    const { headers, body } = delivery(system, made.secret, event);
    try {
      const response = await fetch(`${origin}/webhooks/${system}/${made.webhookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status !== 202) {
        context.log.warn(
          { event: 'pms_sandbox', connectionId, status: response.status },
          'The sandbox’s webhook was not taken; its connection is synced instead',
        );
        return false;
      }
    } catch {
      context.log.warn(
        { event: 'pms_sandbox', connectionId, origin },
        'The sandbox could not reach this API; its connection is synced instead',
      );
      return false;
    }
  }
  return true;
}

/** One look: each sandbox connection's events since the last look, delivered. */
export async function runSandboxWebhooks(context: JobContext): Promise<number> {
  const { db, config } = context;
  if (!config.pmsSandbox) return 0;
  const connections = await db.query<{ id: string; pms: PmsName; from: string; to: string }>(
    `select id::text as id, pms, coalesce(sandbox_sent_until, now()) as from, now() as to
     from pms_connections where status = 'connected' order by id`,
  );
  let sent = 0;
  for (const connection of connections) {
    const events = sandboxEvents(
      connection.pms,
      new Date(connection.from),
      new Date(connection.to),
      config.pmsSandboxSpeed,
    );
    const delivered =
      events.length === 0 ||
      (hasWebhooks(connection.pms) && (await send(context, connection.id, connection.pms, events)));
    if (!delivered) {
      await enqueueJob(db, {
        queue: PMS_SYNC_QUEUE,
        key: connection.id,
        payload: { connectionId: connection.id },
      });
      context.jobsQueued();
    }
    sent += events.length;
    await db.query(
      `update pms_connections set sandbox_sent_until = $2::timestamptz where id = $1::bigint`,
      [connection.id, connection.to],
    );
  }
  return sent;
}

export const sandboxWebhooksJob: JobDefinition = {
  queue: SANDBOX_WEBHOOK_QUEUE,
  // Never retried: the next look (seconds away) sends what this one could not.
  run: async (_payload, context) => {
    await runSandboxWebhooks(context);
  },
};

/** The sandbox's looks, with PMS_SANDBOX on. */
export function sandboxWebhooksSchedule(
  config: Pick<ApiConfig, 'pmsSandbox' | 'pmsSandboxSpeed'>,
): JobSchedule[] {
  if (!config.pmsSandbox) return [];
  return [
    {
      name: 'pms.sandbox',
      cron: sandboxTickCron(config.pmsSandboxSpeed),
      queue: SANDBOX_WEBHOOK_QUEUE,
    },
  ];
}
