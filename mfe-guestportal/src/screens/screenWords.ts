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

/** "On — from this listing", "Off — account default" (the words are shared-auth's LABELS). */
export const stateInWords = (state: EffectiveScreen['state'], source: Source): string => {
  const from = labelOf('screenSource', source);
  return `${labelOf('screenState', state)} — ${from.charAt(0).toLowerCase()}${from.slice(1)}`;
};
