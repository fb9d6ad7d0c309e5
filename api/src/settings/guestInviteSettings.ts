// The account's automatic guest invites on /settings (issue 31): on or off, and how many days
// before check-in the guest is mailed their check-in link (the server's GUEST_INVITE_DAYS until the
// account chooses). Switching them on again starts from then: the stays already booked are not
// mailed in bulk. For whoever may change the account's settings: its owner (subtype owner or
// admin) and staff; anyone else 403.
import { isAccountOwner, requireUser, type Caller } from '../auth/caller';
import type { ApiConfig } from '../config';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { forbidden } from '../http/errors';
import { errors, ref, SESSION, type Api } from '../http/schemas';
import { isoSql } from '../reservations/reservationQueries';
import {
  GuestInviteSettingsBody,
  GuestInviteSettingsSchema,
  type GuestInviteSettings,
} from '../guest/guestInviteSchemas';

const OWNER_MESSAGE = 'Only the account owner can change how guests are invited.';

function requireSettingsOwner(caller: Caller): void {
  if (!isAccountOwner(caller)) throw forbidden(OWNER_MESSAGE);
}

export async function guestInviteSettings(
  sql: Sql,
  config: Pick<ApiConfig, 'guestInviteDays'>,
  accountId: string,
): Promise<GuestInviteSettings> {
  const [row] = await sql.query<GuestInviteSettings>(
    `select guest_invites_on as enabled, coalesce(guest_invite_days, $2::int) as days_before,
            $2::int as default_days, ${isoSql('guest_invites_since')} as since
     from accounts where id = $1::bigint`,
    [accountId, config.guestInviteDays],
  );
  if (!row) throw new Error(`account ${accountId}: not found`);
  return row;
}

export function registerGuestInviteSettingsRoutes(app: Api, { db, config }: AppContext): void {
  app.get(
    '/user/guestInvites',
    {
      schema: {
        summary: 'The account’s automatic guest invites (owners)',
        description:
          'Whether guests are mailed their check-in link automatically, how many days before check-in, and since when. The account’s owner and staff; anyone else 403.',
        tags: ['settings'],
        security: SESSION,
        response: { 200: ref(GuestInviteSettingsSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      requireSettingsOwner(caller);
      return guestInviteSettings(db, config, caller.account_id);
    },
  );

  app.post(
    '/user/guestInvites',
    {
      schema: {
        summary: 'Change the account’s automatic guest invites (owners)',
        description:
          'Send only what changes: `enabled`, `days_before` (0 to 30). Switching invites on (from off) starts from now: stays booked before are not mailed automatically (send them from the reservations list). Answers the settings.',
        tags: ['settings'],
        security: SESSION,
        body: GuestInviteSettingsBody,
        response: { 200: ref(GuestInviteSettingsSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      requireSettingsOwner(caller);
      const { enabled, days_before: daysBefore } = request.body;
      await db.query(
        `update accounts set
           guest_invites_since = case when $2::boolean and not guest_invites_on then now()
                                      else guest_invites_since end,
           guest_invites_on = coalesce($2::boolean, guest_invites_on),
           guest_invite_days = coalesce($3::int, guest_invite_days)
         where id = $1::bigint`,
        [caller.account_id, enabled ?? null, daysBefore ?? null],
      );
      request.log.info(
        {
          event: 'guest_invite_settings_changed',
          accountId: caller.account_id,
          enabled,
          daysBefore,
        },
        'Guest invite settings changed',
      );
      return guestInviteSettings(db, config, caller.account_id);
    },
  );
}
