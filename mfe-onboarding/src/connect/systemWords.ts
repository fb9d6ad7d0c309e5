// How the connect page names a system and what it brings in.
import type { PmsSystem } from './onboardApi';

/** What an import brings, in the host's words (the worker's steps). */
export const IMPORTED = [
  'Your listings: name, address, bedrooms, check-in and check-out times, and their building',
  'Reservations from 60 days ago onwards: guest, dates, guests and channel, kept in sync',
  'Every new reservation is screened for risk, and you see its colour on the Risks page',
] as const;

/** How connecting goes, in the system's own words for what the host pastes. */
export function authInWords(system: PmsSystem): string {
  if (system.auth === 'oauth')
    return `You approve Hostdash on ${system.label}’s own page; no key to copy.`;
  const labels = system.fields.map((field) => field.label);
  const list =
    labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  return `You paste your ${list} from ${system.label}.`;
}
