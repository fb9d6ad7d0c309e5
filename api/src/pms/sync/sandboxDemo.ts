// The live demo from `npm start` (issue 31): with the sandbox and the demo data on, the demo owner's
// account is connected to the Hostaway sandbox, as if they had connected it on /connect, so the
// sandbox's bookings reach it by themselves — by webhook, screened, the risky ones alerted, their
// guests invited. Connected "from now": nothing is imported in bulk; the first booking brings the
// sandbox's listings in. Only while the account has no connection at all: whatever the demo owner
// connected or changed themselves is left alone.
import type { ApiConfig } from '../../config';
import type { Database } from '../../db/database';
import { sandboxCredentials } from '../sandbox';
import type { SecretVault } from '../../secrets/vault';

export const SANDBOX_DEMO_OWNER = 'owner@hostdash.test';
const DEMO_SYSTEM = 'hostaway';

/** Connects the demo owner's account if it has no connection. Returns whether it did now. */
export async function connectSandboxDemo(
  db: Database,
  vault: SecretVault,
  config: Pick<ApiConfig, 'pmsSandbox' | 'pmsSandboxDemo' | 'demoData'>,
): Promise<boolean> {
  if (!config.pmsSandbox || !config.pmsSandboxDemo || !config.demoData) return false;
  const credentials = JSON.stringify(vault.seal(sandboxCredentials(DEMO_SYSTEM)));
  const rows = await db.query(
    `insert into pms_connections (account_id, pms, credentials, status, last_sync_at, sync_cursor,
                                  sandbox_sent_until)
     select u.account_id, $2, $3::jsonb, 'connected', now(), now(), now()
     from users u
     where lower(u.email) = $1 and u.subtype = 'owner' and u.is_active
       and not exists (select 1 from pms_connections c where c.account_id = u.account_id)
     on conflict (account_id, pms) do nothing
     returning id`,
    [SANDBOX_DEMO_OWNER, DEMO_SYSTEM, credentials],
  );
  return rows.length > 0;
}
