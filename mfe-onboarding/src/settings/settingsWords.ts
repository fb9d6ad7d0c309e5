// How the settings page says things: a connection's status, the notification preferences, and the
// messages after a change.
import { isVendor, type ApiError, type User } from '@hostdash/shared-auth';
import { messageOf } from '@hostdash/shared-ui';
import type { PmsConnectionSummary, PreferenceKind } from './settingsApi';

/** The sentence under the status chip. */
export function statusInWords(connection: PmsConnectionSummary): string {
  switch (connection.status) {
    case 'connected':
      return 'The last import went through. New listings and reservations come in by themselves.';
    case 'reconnect':
      return `${connection.label} refused the saved credentials. Reconnect to enter new ones; nothing comes in until then.`;
    case 'failed':
      return `${connection.task?.error_message ?? 'The last import stopped.'} Sync now to try again from where it stopped.`;
    default:
      return 'Connected; nothing has been imported yet.';
  }
}

export const countsInWords = (connection: PmsConnectionSummary): string =>
  `${plural(connection.listings_count, 'listing')} · ${plural(connection.reservations_count, 'reservation')}`;

/** What disconnecting leaves: the imported listings and reservations stay, and stop being updated. */
export function disconnectInWords(connection: PmsConnectionSummary): string {
  const forgets = `Hostdash forgets the credentials of ${connection.label}.`;
  if (connection.listings_count === 0 && connection.reservations_count === 0)
    return `${forgets} Nothing has been imported from it yet. You can connect it again at any time.`;
  return `${forgets} The ${plural(connection.listings_count, 'listing')} and ${plural(connection.reservations_count, 'reservation')} imported from it stay in Hostdash, but stop being updated. You can connect it again at any time.`;
}

export const plural = (count: number, noun: string): string =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** "Sync now" was refused: an import under way is said as what to do, not as an error code. */
export function syncRefusedInWords(label: string, error: ApiError): string {
  if (error.error === 'import_in_progress')
    return `${label} was not synced: an import is already under way for this account. Sync again once it has finished.`;
  return `${label} was not synced. ${messageOf(error)}`;
}

/** Who a preference is for: the senders tell only these people, so only they see its switch. */
type Audience = 'team' | 'owner';

export const PREFERENCES: readonly {
  kind: PreferenceKind;
  label: string;
  detail: string;
  audience: Audience;
}[] = [
  {
    kind: 'mail_on_red_reservation',
    label: 'Mail me when a stay turns red',
    detail: 'When screening marks one of the account’s reservations as high risk.',
    audience: 'team',
  },
  {
    kind: 'mail_on_import_finished',
    label: 'Mail me when an import finishes',
    detail: 'When listings and reservations have come in from a connected system.',
    audience: 'owner',
  },
  {
    kind: 'in_app_on_verification_change',
    label: 'Tell me when a guest’s verification moves on',
    detail:
      'A notification in the bell menu when a guest finishes online check-in, or a teammate declines a guest.',
    audience: 'team',
  },
  {
    kind: 'in_app_on_risky_booking',
    label: 'Tell me about risky bookings',
    detail:
      'A notification in the bell menu when a booking comes in from a connected system and screens orange or red.',
    audience: 'team',
  },
];

/**
 * The preferences that apply to the person: the team's (owner and managers) and the owner's own.
 * Building staff and Hostdash staff get none of these, whatever they would choose.
 */
export function preferencesFor(user: Pick<User, 'type' | 'subtype'> | null): typeof PREFERENCES {
  if (!user || user.type !== 'user' || isVendor(user)) return [];
  const owner = user.subtype === 'owner';
  return PREFERENCES.filter((preference) => preference.audience === 'team' || owner);
}

/** What nobody can turn off: the mails about the person's own sign-in. */
export const ALWAYS_SENT =
  'Mails about your sign-in — a password reset you asked for, a changed password or email — always come: they protect your account.';

const preferenceLabel = (kind: PreferenceKind): string =>
  PREFERENCES.find((preference) => preference.kind === kind)?.label ?? kind;

const PREFERENCE_SAVED: Record<PreferenceKind, [on: string, off: string]> = {
  mail_on_red_reservation: [
    'You get a mail when a stay turns red.',
    'No more mails when a stay turns red.',
  ],
  mail_on_import_finished: [
    'You get a mail when an import finishes.',
    'No more mails when an import finishes.',
  ],
  in_app_on_verification_change: [
    'You are told when a guest finishes check-in or is declined.',
    'You are no longer told when a guest finishes check-in or is declined.',
  ],
  in_app_on_risky_booking: [
    'You are told about risky bookings.',
    'You are no longer told about risky bookings.',
  ],
};

export const preferenceSavedInWords = (kind: PreferenceKind, on: boolean): string =>
  PREFERENCE_SAVED[kind][on ? 0 : 1];

export const preferenceRefusedInWords = (kind: PreferenceKind, error: ApiError): string =>
  `“${preferenceLabel(kind)}” was not changed: ${messageOf(error)} The switch is back as it was.`;

/** "ABCD EFGH …": the secret in groups of four, to type into an app by hand. */
export const groupedSecret = (secret: string): string =>
  secret.replace(/(.{4})(?=.)/g, '$1 ').trim();

/** A code as typed: spaces and dashes inside six digits dropped, a recovery code in lower case. */
export function normalisedCode(typed: string): string {
  const code = typed.trim().toLowerCase();
  const digits = code.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : code.replace(/\s/g, '');
}

export const SIX_DIGITS = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** The recovery codes as a file: what they are, and one code per line. */
export const recoveryCodesFile = (email: string, codes: readonly string[]): string =>
  [
    `Hostdash recovery codes for ${email}`,
    'Each code signs you in once in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
