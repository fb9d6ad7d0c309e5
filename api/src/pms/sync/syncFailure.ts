// A connection whose credentials stop working (the system refuses them during a sync or a
// webhook's job) is marked `reconnect` and its owner told — by mail and in the bell menu — once:
// `sync_failure_notified_at` stays set until the connection works again (a sync or an import sets
// it `connected`, and migration 0032's trigger clears it), so it is told again only when it breaks
// again after working, never every 15 minutes.
import type { Database } from '../../db/database';
import { queueMail } from '../../mail/outbox';
import { syncFailedMail } from '../../mail/templates/syncFailed';
import { pmsDescriptor } from '../descriptors';
import type { PmsName } from '../pms';

/** Marks the connection `reconnect`; tells its owners if nobody was told yet. Returns whether. */
export async function markReconnect(
  db: Database,
  connection: { id: string; accountId: string; pms: PmsName },
  { shellOrigin }: { shellOrigin: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // now() is the transaction's start: equal only when this update set it (nobody told before).
    const [row] = await tx.query<{ told: boolean }>(
      `update pms_connections
       set status = 'reconnect', updated_at = now(),
           sync_failure_notified_at = coalesce(sync_failure_notified_at, now())
       where id = $1::bigint
       returning sync_failure_notified_at = now() as told`,
      [connection.id],
    );
    if (!row?.told) return false;
    const { label } = pmsDescriptor(connection.pms);
    const link = `/connect/${connection.pms}?reconnect=1`;
    const owners = await tx.query<{ id: string; email: string; name: string }>(
      `select id::text as id, email, name from users
       where account_id = $1::bigint and type = 'user' and subtype = 'owner' and is_active
       order by id`,
      [connection.accountId],
    );
    for (const owner of owners) {
      await tx.query(
        `insert into notifications (user_id, title, body, link) values ($1::bigint, $2, $3, $4)`,
        [
          owner.id,
          `${label} stopped syncing`,
          `${label} no longer accepts Hostdash's credentials: new bookings are not coming in. Reconnect it.`,
          link,
        ],
      );
      await queueMail(tx, {
        to: owner.email,
        kind: 'sync_failed',
        accountId: connection.accountId,
        ...syncFailedMail({
          recipientName: owner.name,
          system: label,
          url: `${shellOrigin}${link}`,
        }),
      });
    }
    return true;
  });
}
