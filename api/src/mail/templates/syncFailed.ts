// "Your system stopped syncing": the mail the account's owner gets when the scheduled sync (or a
// webhook's job) finds the connection's credentials refused — once, until it works again
// (src/pms/sync/syncFailure.ts).
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';

export interface SyncFailedMail {
  recipientName: string;
  /** The system's name ("Hostaway"). */
  system: string;
  /** Where to reconnect it. */
  url: string;
}

export function syncFailedMail(mail: SyncFailedMail): MailContent {
  return layoutMail({
    subject: `${mail.system} stopped syncing: reconnect it`,
    greeting: `Hello ${mail.recipientName},`,
    paragraphs: [
      `${mail.system} no longer accepts the credentials Hostdash was given, so new and changed bookings stop coming in and are not screened.`,
      `Reconnect ${mail.system} with new credentials: the bookings made meanwhile come in at once.`,
    ],
    action: { label: `Reconnect ${mail.system}`, url: mail.url },
    footer:
      'You get this mail because you own this Hostdash account. We tell you once; again only if it breaks after working.',
  });
}
