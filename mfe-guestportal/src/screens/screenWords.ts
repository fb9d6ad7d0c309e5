// How the screens' settings are said to a host: the required fields, how many listings and
// reservations decide for themselves, and where a listing's or reservation's state comes from.
import { labelOf } from '@hostdash/shared-auth';
import type { EffectiveGuestScreens, GuestScreenSummary, ScreenField } from '../guestportalApi';

export const fieldsInWords = (fields: readonly ScreenField[]): string =>
  fields.map((field) => labelOf('screenField', field)).join(', ');

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 listings and 1 reservation decide for themselves", or null when none does. */
export function overridesInWords(overrides: GuestScreenSummary['overrides']): string | null {
  const parts = [
    overrides.listings > 0 ? count(overrides.listings, 'listing', 'listings') : '',
    overrides.reservations > 0 ? count(overrides.reservations, 'reservation', 'reservations') : '',
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const total = overrides.listings + overrides.reservations;
  return `${parts.join(' and ')} ${total === 1 ? 'has its' : 'have their'} own setting`;
}

type EffectiveScreen = EffectiveGuestScreens['items'][number];
type Source = EffectiveScreen['source'];

// The account's own switch and the screen's default are one thing to a host on a listing's page:
// what every guest gets unless this listing or stay says otherwise.
const SOURCE_WORDS: Record<Source, string> = {
  reservation: 'from this reservation',
  listing: 'from this listing',
  account: 'account default',
  default: 'account default',
};

/** "On — from this listing", "Off — account default". */
export const stateInWords = (state: EffectiveScreen['state'], source: Source): string =>
  `${state === 'on' ? 'On' : 'Off'} — ${SOURCE_WORDS[source]}`;
