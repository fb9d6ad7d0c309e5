import type { AppName } from '@hostdash/shared-auth';

/** How each remote is named to people ("<Feature> is temporarily unavailable"). */
export const FEATURE_TITLES: Record<Exclude<AppName, 'shell'>, string> = {
  listings: 'Listings',
  reservations: 'Reservations',
  guestportal: 'Guest portal',
  onboarding: 'Onboarding',
  billing: 'Billing',
  admin: 'Administration',
};

export function featureTitle(app: AppName): string {
  return app === 'shell' ? 'Hostdash' : FEATURE_TITLES[app];
}
