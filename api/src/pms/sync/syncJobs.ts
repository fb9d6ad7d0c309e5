// The jobs that bring bookings in without a click (docs/adr/0027-pms-webhooks-and-sync.md):
// - `pms.webhook`: one booking a system told us about (./webhookRoutes.ts queued it), read again
//   from the system by its own id — deliveries come out of order and several collapse into one job,
//   so the job writes the booking as it stands now, never a delivery's copy;
// - `pms.sync`: every PMS_SYNC_INTERVAL minutes the schedule's run fans out one job per connection
//   (key: the connection), which asks the system for what changed since the connection's cursor
//   and moves the cursor on. A connection whose account is importing is left to the import.
// Both write through ./bookingWrites.ts (upsert, screen, alert). Credentials refused: the
// connection is marked `reconnect` and its owner told once (./syncFailure.ts). The system
// unavailable: the job is tried again later (the job system's back-off).
import type { Database } from '../../db/database';
import type { JobContext, JobDefinition } from '../../jobs/jobs';
import { enqueueJob, RetryJobLater } from '../../jobs/jobs';
import { everyMinutesCron, type JobSchedule } from '../../jobs/schedules';
import type { ApiConfig } from '../../config';
import {
  PmsAuthError,
  type Credentials,
  type PmsConnection,
  type PmsName,
  type PmsPage,
  type PmsReservation,
} from '../pms';
import { writeBookings } from './bookingWrites';
import { markReconnect } from './syncFailure';

export const PMS_SYNC_QUEUE = 'pms.sync';
export const PMS_WEBHOOK_QUEUE = 'pms.webhook';
export const PMS_SYNC_SCHEDULE = 'pms.sync';
/** Changes this close before the cursor are asked for again (clocks differ, writes land late). */
export const SYNC_OVERLAP_MS = 2 * 60_000;
/** Without a cursor method, a sync reads the reservations from this many days back (as an import). */
const FULL_SYNC_DAYS = 60;
/** Signed deliveries are remembered this long (well past the 5-minute signature tolerance). */
const DELIVERIES_KEPT = '1 hour';

export interface ConnectionRecord {
  id: string;
  accountId: string;
  pms: PmsName;
  status: 'pending' | 'connected' | 'reconnect' | 'failed';
  credentials: unknown;
  /** Where the next sync starts: the cursor, else the last import. */
  since: string | null;
}

export async function readConnection(db: Database, id: string): Promise<ConnectionRecord | null> {
  const [row] = await db.query<ConnectionRecord>(
    `select id::text as id, account_id::text as "accountId", pms, status, credentials,
            coalesce(sync_cursor, last_sync_at) as since
     from pms_connections where id = $1::bigint`,
    [id],
  );
  return row ?? null;
}

/** The connection's system, connected with its opened credentials; null when it cannot be. */
function connect(context: JobContext, record: ConnectionRecord): PmsConnection | null {
  const adapter = context.adapters(record.pms);
  if (!adapter) return null;
  let credentials: Credentials;
  try {
    credentials = context.vault.open(record.credentials);
  } catch {
    context.log.warn(
      { event: 'pms_sync', connectionId: record.id, pms: record.pms },
      'The connection’s credentials cannot be opened; it is left alone',
    );
    return null;
  }
  return adapter.connect(credentials);
}

async function importUnderWay(db: Database, accountId: string): Promise<boolean> {
  const [row] = await db.query(
    `select 1 from import_tasks where account_id = $1::bigint and state in ('queued', 'running')`,
    [accountId],
  );
  return row !== undefined;
}

/** The schedule's run: one job per connection that syncs; and the old deliveries forgotten. */
async function fanOut(context: JobContext): Promise<void> {
  const { db } = context;
  await db.query(
    `delete from pms_webhook_deliveries where received_at < now() - interval '${DELIVERIES_KEPT}'`,
  );
  const queued = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `select id::text as id from pms_connections
       where status in ('connected', 'reconnect') order by id`,
    );
    let count = 0;
    for (const { id } of rows)
      if (await enqueueJob(tx, { queue: PMS_SYNC_QUEUE, key: id, payload: { connectionId: id } }))
        count += 1;
    return count;
  });
  if (queued > 0) context.jobsQueued();
}

/** One connection's incremental sync. */
export async function syncConnection(context: JobContext, connectionId: string): Promise<void> {
  const { db, config, log } = context;
  const record = await readConnection(db, connectionId);
  if (!record || !['connected', 'reconnect'].includes(record.status)) return;
  const logged = { event: 'pms_sync', connectionId, pms: record.pms };
  if (await importUnderWay(db, record.accountId)) {
    log.debug(logged, 'An import of the account is under way: this sync is left to it');
    return;
  }
  const connection = connect(context, record);
  if (!connection) return;
  const [clock] = await db.query<{ now: string }>('select now() as now');
  const startedAt = new Date(clock!.now);
  const since = new Date(
    (record.since ? Date.parse(record.since) : startedAt.getTime()) - SYNC_OVERLAP_MS,
  );
  const target = { accountId: record.accountId, pms: record.pms };
  const fullSince = new Date(startedAt.getTime() - FULL_SYNC_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  let written = 0;
  let alerted = 0;
  try {
    let cursor: string | null = null;
    do {
      if (context.isStopped()) throw new RetryJobLater(new Date(), 'stopped by a shutdown');
      const page: PmsPage<PmsReservation> = connection.changedReservations
        ? await connection.changedReservations(cursor, since)
        : await connection.reservations(cursor, fullSince);
      const result = await writeBookings(db, target, connection, page.items, {
        shellOrigin: config.shellOrigin,
        trigger: 'sync',
      });
      written += result.written;
      alerted += result.alerted.length;
      cursor = page.next;
      await context.heartbeat();
    } while (cursor !== null);
  } catch (error) {
    if (!(error instanceof PmsAuthError)) throw error;
    const told = await markReconnect(db, record, { shellOrigin: config.shellOrigin });
    log.info({ ...logged, told }, 'The system refused the connection’s credentials');
    return;
  }
  await db.query(
    `update pms_connections
     set status = 'connected', sync_cursor = $2::timestamptz, last_sync_at = now(),
         listings_count = (select count(*)::int from listings l
                           where l.account_id = pms_connections.account_id
                             and l.pms = pms_connections.pms and l.external_id is not null),
         reservations_count = (select count(*)::int from reservations r
                               where r.account_id = pms_connections.account_id
                                 and r.pms = pms_connections.pms and r.external_id is not null),
         updated_at = now()
     where id = $1::bigint`,
    [connectionId, startedAt.toISOString()],
  );
  log.info({ ...logged, written, alerted }, 'Connection synced');
}

export const pmsSyncJob: JobDefinition<{ connectionId?: string }> = {
  queue: PMS_SYNC_QUEUE,
  leaseMs: 5 * 60_000,
  run: (payload, context) =>
    payload.connectionId ? syncConnection(context, payload.connectionId) : fanOut(context),
};

/** One booking a webhook told of, read again from its system and written. */
export async function syncOneBooking(
  context: JobContext,
  connectionId: string,
  externalId: string,
): Promise<void> {
  const { db, config, log } = context;
  const record = await readConnection(db, connectionId);
  if (!record) return;
  const connection = connect(context, record);
  if (!connection?.reservation) return;
  const logged = { event: 'pms_webhook', connectionId, pms: record.pms };
  try {
    const booking = await connection.reservation(externalId);
    if (!booking) {
      log.info(logged, 'The system has no such booking (any more)');
      return;
    }
    const result = await writeBookings(
      db,
      { accountId: record.accountId, pms: record.pms },
      connection,
      [booking],
      { shellOrigin: config.shellOrigin, trigger: 'webhook' },
    );
    log.info({ ...logged, alerted: result.alerted.length }, 'Booking from a webhook written');
  } catch (error) {
    if (!(error instanceof PmsAuthError)) throw error;
    const told = await markReconnect(db, record, { shellOrigin: config.shellOrigin });
    log.info({ ...logged, told }, 'The system refused the connection’s credentials');
  }
}

export const pmsWebhookJob: JobDefinition<{ connectionId: string; externalId: string }> = {
  queue: PMS_WEBHOOK_QUEUE,
  // A booking is read and written in a second or two; a system that does not answer is retried
  // sooner than the default (the scheduled sync is the net behind it).
  retryDelayMs: (attempt) => Math.min(10_000 * 2 ** (attempt - 1), 10 * 60_000),
  run: (payload, context) => syncOneBooking(context, payload.connectionId, payload.externalId),
};

/** The scheduled sync of every connection. */
export function pmsSyncSchedule(config: Pick<ApiConfig, 'pmsSyncInterval'>): JobSchedule {
  return {
    name: PMS_SYNC_SCHEDULE,
    cron: everyMinutesCron(config.pmsSyncInterval),
    queue: PMS_SYNC_QUEUE,
  };
}
