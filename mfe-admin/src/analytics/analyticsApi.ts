// The analytics page's calls (Hostdash staff), typed with the API contract.
import type { FrontendHealth, PlatformAnalytics } from '@hostdash/api-contract';
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

// The front-end's health (issue 17): what the browsers reported, over the last hour, day, week or
// month (the address keeps it: `?health=24h`), for every remote or one (`&remote=listings`).
export type { FrontendHealth };
export type HealthSeries = FrontendHealth['series'][number];
export type SlowRoute = FrontendHealth['slowest_routes'][number];
export type TopError = FrontendHealth['top_errors'][number];
export type TopRefusal = FrontendHealth['top_refusals'][number];

export const HEALTH_PERIODS = {
  '1h': { label: 'Last hour', hours: 1 },
  '24h': { label: '24 hours', hours: 24 },
  '7d': { label: '7 days', hours: 7 * 24 },
  '30d': { label: '30 days', hours: 30 * 24 },
} as const;
export type HealthPeriod = keyof typeof HEALTH_PERIODS;
export const DEFAULT_HEALTH_PERIOD: HealthPeriod = '24h';

/** The period an address asks for (`?health=7d`); anything else is the default. */
export const healthPeriodOf = (value: string | null): HealthPeriod =>
  value !== null && value in HEALTH_PERIODS ? (value as HealthPeriod) : DEFAULT_HEALTH_PERIOD;

export interface HealthRequest {
  period: HealthPeriod;
  /** One remote's events; every remote's (and the shell's) when null. */
  remote: string | null;
}

export const frontendHealthApi = {
  load: ({ period, remote }: HealthRequest, signal?: AbortSignal) =>
    api.get<FrontendHealth>('/admin/analytics/frontend', {
      params: {
        from: new Date(Date.now() - HEALTH_PERIODS[period].hours * 3_600_000).toISOString(),
        ...(remote ? { remote } : {}),
      },
      signal,
    }),
};
