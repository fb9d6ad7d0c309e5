// The team hears about the bookings that need them (issue 31): a booking that arrives by itself (a
// webhook or the scheduled sync) and screens orange or red is told to the account's owner and
// managers in the bell menu (to those whose "Tell me about risky bookings" is on) and by mail (the
// mail to those whose "Mail me when a reservation turns red" is on) — once per stay, never a storm. `stay_alerts` remembers each stay alerted and its
// colour: a later webhook or sync of the same stay says nothing, unless an orange stay turns red
// (one more alert, the last). A stay only alerts when it got riskier with this write: one already
// red when it came in with an import was in the import's summary mail.
import type { Sql } from '../../db/database';
import { stayAlertMail } from '../../mail/templates/stayAlert';
import { queueMail } from '../../mail/outbox';
import { notifyAccountTeam } from '../../notifications/notify';
import type { RiskColour } from '../../protect/risk';
import { preferenceOn } from '../../settings/preferences';

const RANK: Record<RiskColour, number> = { green: 0, yellow: 1, orange: 2, red: 3 };

interface StayRow {
  id: string;
  colour: RiskColour;
  guest_first_name: string;
  nickname: string;
  check_in: string;
  check_out: string;
  reasons: string[];
}

/**
 * Alerts about the stays of `before` (reservation id → its colour before this write; null: new to
 * Hostdash) that now screen orange or red, are confirmed and not over. Returns the ids alerted.
 */
export async function alertRiskyStays(
  sql: Sql,
  accountId: string,
  before: ReadonlyMap<string, RiskColour | null>,
  { shellOrigin }: { shellOrigin: string },
): Promise<string[]> {
  if (before.size === 0) return [];
  const stays = await sql.query<StayRow>(
    `select r.id::text as id, risk_colour(r.risk_score, a.risk_tolerance) as colour,
            split_part(btrim(r.guest_name), ' ', 1) as guest_first_name, l.nickname,
            r.check_in_date::text as check_in, r.check_out_date::text as check_out,
            coalesce((select array_agg(f->>'label' order by n)
                      from jsonb_array_elements(r.risk_factors) with ordinality as e(f, n)), '{}') as reasons
     from reservations r
     join accounts a on a.id = r.account_id
     join listings l on l.id = r.listing_id
     where r.id = any($1::bigint[]) and r.account_id = $2::bigint
       and r.status = 'CONFIRMED' and r.check_out_date >= current_date
       and risk_colour(r.risk_score, a.risk_tolerance) in ('orange', 'red')
     order by r.id`,
    [[...before.keys()], accountId],
  );
  const alerted: string[] = [];
  for (const stay of stays) {
    const was = before.get(stay.id) ?? null;
    if (RANK[stay.colour] <= RANK[was ?? 'green']) continue;
    // The one write that decides: a first alert, or orange → red; anything else changes nothing.
    const [won] = await sql.query(
      `insert into stay_alerts (reservation_id, colour) values ($1::bigint, $2)
       on conflict (reservation_id) do update set colour = excluded.colour, alerted_at = now()
       where stay_alerts.colour = 'orange' and excluded.colour = 'red'
       returning reservation_id`,
      [stay.id, stay.colour],
    );
    if (!won) continue;
    alerted.push(stay.id);
    const isNew = was === null;
    const link = `/reservation/${stay.id}`;
    const guest = stay.guest_first_name || 'A guest';
    await notifyAccountTeam(
      sql,
      accountId,
      null,
      {
        title: `${isNew ? 'New booking' : 'A booking'} at ${stay.nickname} screens ${stay.colour}`,
        body: `${guest}, ${stay.check_in} to ${stay.check_out}${stay.reasons.length > 0 ? `: ${stay.reasons.join(', ')}` : ''}.`,
        link,
      },
      'in_app_on_risky_booking',
    );
    const recipients = await sql.query<{ email: string; name: string }>(
      `select u.email, u.name from users u
       where u.account_id = $1::bigint and u.is_active and u.type = 'user' and u.subtype <> 'vendor'
         and ${preferenceOn('mail_on_red_reservation', 'u.id')}
       order by u.id`,
      [accountId],
    );
    for (const recipient of recipients) {
      await queueMail(sql, {
        to: recipient.email,
        kind: 'stay_alert',
        accountId,
        reservationId: stay.id,
        ...stayAlertMail({
          recipientName: recipient.name,
          guestFirstName: stay.guest_first_name,
          listing: stay.nickname,
          checkIn: stay.check_in,
          checkOut: stay.check_out,
          colour: stay.colour as 'orange' | 'red',
          isNew,
          reasons: stay.reasons,
          url: `${shellOrigin}${link}`,
        }),
      });
    }
  }
  return alerted;
}
