// How the connect page names a system and what it brings in.
import type { PmsSystem } from './onboardApi';

/** What an import brings, in the host's words (the worker's steps). */
export const IMPORTED = [
  'Your listings: name, address, bedrooms, check-in and check-out times, and their building',
  'Reservations from 60 days ago onwards: guest, dates, guests and channel, kept in sync',
  'Every new reservation is screened, and you see its risk on the Risks page',
] as const;

export function authInWords(system: PmsSystem): string {
  switch (system.auth) {
    case 'oauth':
      return `You approve Hostdash on ${system.label}’s own page; no key to copy.`;
    case 'client_credentials':
      return `You create an API client in ${system.label} and paste its ID and secret here.`;
    case 'api_key_secret':
      return `You paste an API key and its secret from ${system.label}.`;
    default:
      return `You paste an API key from ${system.label}.`;
  }
}
