// The guest's mails (issue 31): the invite to check in online before the stay, and the one
// reminder the day before when the check-in is not finished. Written to the guest, in their words:
// the listing, the dates in words, the host's name, one button to the check-in page; signed by the
// host. HTML with a plain-text part, through the one mail layout.
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';

export interface GuestStayWords {
  /** The guest's first name, if known ("Hello Ana,"). */
  guestFirstName: string | null;
  listingName: string;
  city: string | null;
  /** YYYY-MM-DD, the listing's days. */
  checkIn: string;
  checkOut: string;
  /** HH:MM, the listing's clock. */
  checkInTime: string;
  checkOutTime: string;
  /** Who the guest booked with: the account's name, as the guest's page says it. */
  hostName: string;
  /** The guest's check-in link. */
  url: string;
}

/** "Friday 12 June 2026": a calendar day in words, whatever the server's time zone. */
export function dayInWords(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

const where = (stay: GuestStayWords) =>
  stay.city ? `${stay.listingName} in ${stay.city}` : stay.listingName;

const greeting = (stay: GuestStayWords) =>
  stay.guestFirstName ? `Hello ${stay.guestFirstName},` : 'Hello,';

const dates = (stay: GuestStayWords) =>
  `Check-in: ${dayInWords(stay.checkIn)}, from ${stay.checkInTime}. Check-out: ${dayInWords(stay.checkOut)}, by ${stay.checkOutTime}.`;

const ACTION_LABEL = 'Check in online';

const linkIsYours = (stay: GuestStayWords) =>
  `This link is yours alone: please do not forward it. It works until the end of your check-out day. If it stops working, ask ${stay.hostName} for a new one.`;

const footer = (stay: GuestStayWords) =>
  `You receive this mail because you booked a stay at ${stay.listingName} with ${stay.hostName}, who checks their guests in online with Hostdash.`;

/** The invite: mailed some days before check-in (or at once for a late booking), or by the host. */
export function guestInviteMail(stay: GuestStayWords): MailContent {
  return layoutMail({
    subject: `Your stay at ${stay.listingName}: check in online before you arrive`,
    greeting: greeting(stay),
    paragraphs: [
      `${stay.hostName} is looking forward to welcoming you at ${where(stay)}.`,
      dates(stay),
      'Before you arrive, please check in online: it takes a few minutes on your phone, and your host has everything ready for you when you come.',
    ],
    action: { label: ACTION_LABEL, url: stay.url },
    after: [linkIsYours(stay)],
    footer: footer(stay),
    signature: stay.hostName,
  });
}

/** The reminder: once, 24 hours before check-in, while the online check-in is not finished. */
export function guestReminderMail(stay: GuestStayWords): MailContent {
  return layoutMail({
    subject: `Reminder: please check in online for your stay at ${stay.listingName}`,
    greeting: greeting(stay),
    paragraphs: [
      `Your stay at ${where(stay)} starts on ${dayInWords(stay.checkIn)}, from ${stay.checkInTime}.`,
      `Your online check-in is not finished yet. ${stay.hostName} needs it before you arrive: it takes a few minutes on your phone, and what you already did is saved.`,
    ],
    action: { label: ACTION_LABEL, url: stay.url },
    after: [linkIsYours(stay)],
    footer: footer(stay),
    signature: stay.hostName,
  });
}
