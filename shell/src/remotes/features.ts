import { REMOTE_TITLES, type AppName } from '@hostdash/shared-auth';

/** How each remote is named to people ("<Feature> is temporarily unavailable"). */
export const FEATURE_TITLES = REMOTE_TITLES;

/** A remote's name for people; a registry may name a remote this shell does not know yet. */
export function featureTitle(app: AppName | string): string {
  if (app === 'shell') return 'Hostdash';
  return (FEATURE_TITLES as Record<string, string>)[app] ?? app;
}
