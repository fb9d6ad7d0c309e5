// What a host asked to be told by mail (their notification preferences): an import finished, a
// stay turned red. A mail that leaves Hostdash names a guest by first name only; the rest is one
// click away behind a sign-in.
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function importFinishedMail(input: {
  name: string;
  /** The system's name ("Hostaway"). */
  pmsLabel: string;
  counts: { listings: number; reservations: number };
  /** Upcoming confirmed stays of the import that screen red. */
  redStays: number;
  /** The dashboard's origin, for the button to the Risks page; null: no button. */
  shellOrigin: string | null;
}): MailContent {
  const summary = `${plural(input.counts.listings, 'listing')}, ${plural(input.counts.reservations, 'reservation')}`;
  const redLine = input.redStays
    ? `${plural(input.redStays, 'upcoming stay')} ${input.redStays === 1 ? 'is' : 'are'} high risk: see them on the Risks page.`
    : 'None of the upcoming stays is high risk.';
  return layoutMail({
    subject: `Your ${input.pmsLabel} import finished`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `Your ${input.pmsLabel} import finished: ${summary}.`,
      'They are in Hostdash now, screened like every other stay.',
      redLine,
    ],
    ...(input.shellOrigin
      ? { action: { label: 'See the risks', url: `${input.shellOrigin}/risks` } }
      : {}),
    footer: 'You get this mail because "Mail me when an import finishes" is on in your settings.',
  });
}

export function stayTurnedRedMail(input: {
  name: string;
  /** The guest's first name, or empty. */
  guestFirstName: string;
  listingNickname: string;
  reservationUrl: string;
}): MailContent {
  const guest = input.guestFirstName || 'A guest';
  return layoutMail({
    subject: `A stay at ${input.listingNickname} turned red`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `${guest}'s stay at ${input.listingNickname} now screens red: look at it before they arrive.`,
    ],
    action: { label: 'Open the reservation', url: input.reservationUrl },
    footer:
      'You get this mail because "Mail me when a reservation turns red" is on in your settings.',
  });
}
