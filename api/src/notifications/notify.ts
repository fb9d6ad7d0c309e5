// Notifications written as things happen (the seed writes the demo's history the same way): each
// goes to the people of the account the change concerns — its owner and managers, not building
// staff, who see their buildings only — never to whoever made it, and leads to the page it is
// about. Written in the change's transaction: a change that is rolled back tells nobody.
import type { Sql } from '../db/database';
import type { RiskTolerance } from '../protect/risk';
import { preferenceOn } from '../settings/preferences';
import type { PreferenceKind } from '../settings/settingsSchemas';

export interface NewNotification {
  title: string;
  body: string;
  /** An in-app path every recipient may open. */
  link: string;
}

/**
 * To the account's active owner and managers, except `actorId` (who knows already; null when the
 * guest or the system did it) and, when the
 * notification is one a person may turn off on /settings, those who did.
 */
export async function notifyAccountTeam(
  sql: Sql,
  accountId: string,
  actorId: string | null,
  notification: NewNotification,
  preference?: Extract<PreferenceKind, `in_app_${string}`>,
): Promise<void> {
  await sql.query(
    `insert into notifications (user_id, title, body, link)
     select u.id, $3, $4, $5 from users u
     where u.account_id = $1::bigint and ($2::bigint is null or u.id <> $2::bigint)
       and u.is_active and u.type = 'user' and u.subtype <> 'vendor'
       ${preference ? `and ${preferenceOn(preference, 'u.id')}` : ''}`,
    [accountId, actorId, notification.title, notification.body, notification.link],
  );
}

/** The tolerance levels as the protect page names them (shared-auth's LABELS.tolerance; tested). */
export const TOLERANCE_WORDS: Record<RiskTolerance, string> = {
  low: 'Strict',
  balanced: 'Balanced',
  high: 'Lenient',
};

/** "Dec 3, 2026": a check-in date as a notification's sentence says it. */
export const dayInWords = (isoDate: string): string =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
