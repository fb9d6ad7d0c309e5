// The platform analytics call (Hostdash staff), typed with the API contract.
import type { PlatformAnalytics } from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type { PlatformAnalytics };

export type AnalyticsPeriod = PlatformAnalytics['days'];
export const ANALYTICS_PERIODS: readonly AnalyticsPeriod[] = [7, 30, 90];
export const DEFAULT_PERIOD: AnalyticsPeriod = 30;

/** The period an address asks for (`?days=30`); anything else is the default. */
export function periodOf(days: string | null): AnalyticsPeriod {
  return ANALYTICS_PERIODS.find((period) => String(period) === days) ?? DEFAULT_PERIOD;
}

export const analyticsApi = {
  load: (days: AnalyticsPeriod, signal?: AbortSignal) =>
    api.get<PlatformAnalytics>('/admin/analytics', { params: { days }, signal }),
};
