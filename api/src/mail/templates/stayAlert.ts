// "A booking needs a look": the mail the account's owner and managers get when a booking that
// arrived by itself (a PMS webhook or the scheduled sync) screens orange or red — once per stay,
// once more if an orange one turns red (src/pms/sync/stayAlerts.ts). The guest is named by first
// name only: the mail leaves Hostdash, the rest is one click away behind a sign-in.
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';

export interface StayAlertMail {
  recipientName: string;
  guestFirstName: string;
  listing: string;
  /** `YYYY-MM-DD`. */
  checkIn: string;
  checkOut: string;
  colour: 'orange' | 'red';
  /** Whether the booking is new to Hostdash (else a change made it riskier). */
  isNew: boolean;
  /** The labels of the screening's factors, biggest first. */
  reasons: readonly string[];
  /** The stay's page in the dashboard. */
  url: string;
}

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

export function stayAlertMail(mail: StayAlertMail): MailContent {
  const guest = mail.guestFirstName || 'A guest';
  const level = mail.colour === 'red' ? 'high risk (red)' : 'worth a look (orange)';
  const subject = `${mail.isNew ? 'New booking' : 'A booking'} at ${mail.listing} screens ${mail.colour}`;
  return layoutMail({
    subject,
    greeting: `Hello ${mail.recipientName},`,
    paragraphs: [
      `${guest}'s ${mail.isNew ? 'new booking' : 'booking'} at ${mail.listing}, ${day(mail.checkIn)} to ${day(mail.checkOut)}, screens ${level}.`,
      mail.reasons.length > 0
        ? `Why: ${mail.reasons.join(', ')}.`
        : 'Open it to see what the screening found.',
      mail.colour === 'red'
        ? 'Look at it before the guest arrives: ask them to verify their identity, or decline the stay.'
        : 'Nothing is urgent yet; a look before check-in is enough.',
    ],
    action: { label: 'Open the stay', url: mail.url },
    footer:
      'You get this mail because "Mail me when a reservation turns red" is on in your settings. Hostdash mails once per stay.',
  });
}
