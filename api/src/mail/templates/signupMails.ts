// The mails of signing up (issue 30): the link a staff member prepares for a host, the link an
// open sign-up mails to a new address, and what an address that already has a user is told
// instead (the visitor sees the same answer either way: only the address's owner learns more).
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';
import { resetPageUrl } from './accountMails';

/** The mail that carries a staff-made sign-up link to the host it was made for. */
export function signupLinkMail(input: {
  name: string;
  company: string;
  pmsLabel: string;
  invitedBy: string;
  /** `/connect/<pms>?token=…`: once, for 14 days. */
  link: string;
}): MailContent {
  return layoutMail({
    subject: `Your Hostdash account for ${input.company}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `${input.invitedBy} has prepared a Hostdash account for ${input.company}. Open this link to choose a password and connect ${input.pmsLabel}: your listings and reservations come in by themselves, and every new reservation is screened.`,
    ],
    action: { label: `Choose a password and connect ${input.pmsLabel}`, url: input.link },
    after: ['The link works once, for 14 days.'],
  });
}

/**
 * The mail an open sign-up sends to an address without a user: the link that proves the address.
 * Nothing the visitor typed is in it (only the system's name, from a closed list), so a stranger
 * cannot write words of their own to anyone through this form.
 */
export function selfSignupMail({
  pmsLabel,
  link,
}: {
  pmsLabel: string;
  link: string;
}): MailContent {
  return layoutMail({
    subject: 'Confirm your email to create your Hostdash account',
    greeting: 'Hello,',
    paragraphs: [
      `Someone (we hope you) asked to create a Hostdash account with this email address. Open this link to confirm it is yours, choose a password and connect ${pmsLabel}:`,
    ],
    action: { label: 'Confirm your email', url: link },
    after: [
      'The link works once, for 48 hours: after that, sign up again for a new one. If you did not ask for this, ignore this mail: no account is made without the link.',
    ],
  });
}

/**
 * The mail an open sign-up sends instead to an address that has a user: nothing is made, and the
 * address's owner is told how to get in (or, deactivated, why they cannot).
 */
export function signupExistingMail({
  name,
  active,
  shellOrigin,
}: {
  name: string;
  active: boolean;
  shellOrigin: string;
}): MailContent {
  const paragraphs = [
    'Someone (perhaps you) tried to create a new Hostdash account with this email address. You already have an account, so no new one was made and nothing about yours changed.',
  ];
  const ending = 'If it was not you, you can ignore this mail.';
  if (!active)
    return layoutMail({
      subject: 'Someone tried to sign up to Hostdash with your email',
      greeting: `Hello ${name},`,
      paragraphs: [
        ...paragraphs,
        'Your account has been deactivated, so signing in will not work: ask your account owner or Hostdash support to reactivate it.',
      ],
      after: [ending],
    });
  return layoutMail({
    subject: 'Someone tried to sign up to Hostdash with your email',
    greeting: `Hello ${name},`,
    paragraphs: [...paragraphs, 'To get in, sign in:'],
    action: { label: 'Sign in', url: `${shellOrigin}/login` },
    after: [`Forgot your password? Choose a new one: ${resetPageUrl(shellOrigin)}`, ending],
  });
}
