// The mails about a person's own account: a password reset link, and the notices that their
// password or their email changed (each with the way back in if it was not them).
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';

/** "25 Nov 2026, 11:58 UTC": when a change was made, as a mail says it. */
export function momentInWords(date: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(date)} UTC`;
}

/** Where a person resets a forgotten password (the link the notices give). */
export const resetPageUrl = (shellOrigin: string): string => `${shellOrigin}/account/reset`;

/** A one-hour link to choose a new password (the reset page, or an admin's "send a reset"). */
export function passwordResetMail({ name, link }: { name: string; link: string }): MailContent {
  return layoutMail({
    subject: 'Reset your Hostdash password',
    greeting: `Hello ${name},`,
    paragraphs: [
      'Someone (we hope you) asked to reset the password of your Hostdash account.',
      'Open this link within one hour to choose a new password:',
    ],
    action: { label: 'Choose a new password', url: link },
    after: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
  });
}

/** Says only that the password changed: never the password, a token or a link that signs in. */
export function passwordChangedMail({
  name,
  changedAt,
  shellOrigin,
}: {
  name: string;
  changedAt: Date;
  shellOrigin: string;
}): MailContent {
  return layoutMail({
    subject: 'Your Hostdash password was changed',
    greeting: `Hello ${name},`,
    paragraphs: [
      `The password of your Hostdash account was changed on ${momentInWords(changedAt)}. Every other session was signed out.`,
      'If you did not do this, reset your password now:',
    ],
    action: { label: 'Reset your password', url: resetPageUrl(shellOrigin) },
  });
}

/** Sent to the old address: the new one takes every mail from now on. */
export function emailChangedMail({
  name,
  newEmail,
  changedAt,
  shellOrigin,
}: {
  name: string;
  newEmail: string;
  changedAt: Date;
  shellOrigin: string;
}): MailContent {
  return layoutMail({
    subject: 'The email of your Hostdash account was changed',
    greeting: `Hello ${name},`,
    paragraphs: [
      `On ${momentInWords(changedAt)} the email of your Hostdash account was changed to ${newEmail}. Hostdash writes to that address from now on.`,
      'If you did not do this, reset your password and write to Hostdash support:',
    ],
    action: { label: 'Reset your password', url: resetPageUrl(shellOrigin) },
  });
}
