// The front-end's health as the page shows it: the words for a remote and a version, the figures'
// formats, and one remote version's buckets as the series cards' tables (analyticsSeries.ts), so
// its charts, their tables and their CSVs read the same figures. Pure.
import { DISPLAY_LOCALE, formatDateTime } from '@hostdash/shared-auth';
import type { FrontendHealth, HealthPeriod, HealthSeries, TopError } from './analyticsApi';
import type { SeriesTable } from './analyticsSeries';

/** What the page says when there is nothing: how the figures arrive, so an admin knows. */
export const NO_EVENTS =
  'No front-end events in this period: the dashboard sends them from every page as people use it.';

/** The shell's events carry no remote. */
export const remoteName = (remote: string | null): string => remote ?? 'Shell';
/** A remote's version; the shell's events carry none (its build is not a remote's version). */
export const versionName = ({
  remote,
  version,
}: Pick<HealthSeries, 'remote' | 'version'>): string =>
  version ?? (remote === null ? '—' : 'Unknown version');
/** "listings 0.2.0", "Shell". */
export const seriesName = (series: Pick<HealthSeries, 'remote' | 'version'>): string =>
  series.remote === null && series.version === null
    ? 'Shell'
    : `${remoteName(series.remote)} ${versionName(series)}`;
/** A stable key of a remote version (the chooser's value). */
export const seriesKey = (series: Pick<HealthSeries, 'remote' | 'version'>): string =>
  `${series.remote ?? ''}@${series.version ?? ''}`;

/** An API call as it groups the problems and refusals: its method and route, and its status. */
export type ApiCall = NonNullable<TopError['call']>;

/** "POST /listing/update/{id}"; a path that is no route of the API says so. */
export const callName = (call: ApiCall): string =>
  `${call.method} ${call.route ?? '(not an API route)'}`;
/** "409"; "No answer" when nothing answered (the API down, a time-out). */
export const callStatus = (call: ApiCall): string =>
  call.status === 0 ? 'No answer' : String(call.status);

/** "1,250 ms", "—" without a sample. */
export const milliseconds = (value: number | null): string =>
  value === null ? '—' : `${Math.round(value).toLocaleString()} ms`;
/** "12.5 %", "—" without sessions. */
export const percent = (rate: number | null): string =>
  rate === null ? '—' : `${(rate * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;

const timeOfDay = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: 'numeric', minute: '2-digit' });
const dayAndHour = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
});

/** The tables' moments: in full on a row, short on an axis (the time, or the day and hour). */
function timeAxis(data: FrontendHealth): NonNullable<SeriesTable['time']> {
  const long = Date.parse(data.to) - Date.parse(data.from) > 24 * 3_600_000;
  return {
    header: `Starting at (every ${bucketText(data.bucket_minutes)})`,
    row: (at) => formatDateTime(at),
    tick: (at) => (long ? dayAndHour : timeOfDay).format(new Date(at)),
  };
}

/** "15 minutes", "an hour", "12 hours". */
export function bucketText(minutes: number): string {
  if (minutes === 1) return 'minute';
  if (minutes < 60) return `${minutes} minutes`;
  if (minutes === 60) return 'hour';
  return `${minutes / 60} hours`;
}

const rounded = (value: number | null): number | null =>
  value === null ? null : Math.round(value);

/** One remote version's figures over time: sessions, problems and Web Vitals, a card each. */
export function healthTables(data: FrontendHealth, series: HealthSeries): SeriesTable[] {
  const time = timeAxis(data);
  const { totals, buckets } = series;
  const name = seriesName(series);
  return [
    {
      id: 'frontend-sessions',
      title: `Sessions: ${name}`,
      description:
        'Browser tabs that used it, and those with an error (uncaught, or caught by the page).',
      chart: 'line',
      columns: [{ label: 'Sessions' }, { label: 'With an error', chip: 'error' }],
      rows: buckets.map((bucket) => ({
        date: bucket.at,
        values: [bucket.sessions, bucket.sessions_with_error],
      })),
      total: { label: 'Period', values: [totals.sessions, totals.sessions_with_error] },
      time,
    },
    {
      id: 'frontend-problems',
      title: `Problems: ${name}`,
      description:
        'Errors (uncaught, rejections, caught by the page), remotes that did not load or were refused, failed API calls (not the refusals a page expects).',
      chart: 'bars',
      columns: [
        { label: 'Errors', chip: 'error' },
        { label: 'Load failures', chip: 'warning' },
        { label: 'API failures', chip: 'secondary' },
      ],
      rows: buckets.map((bucket) => ({
        date: bucket.at,
        values: [bucket.errors, bucket.load_failures, bucket.api_failures],
      })),
      total: {
        label: 'Period',
        values: [totals.errors, totals.load_failures, totals.api_failures],
      },
      time,
    },
    {
      id: 'frontend-vitals',
      title: `Web Vitals (75th percentile, ms): ${name}`,
      description:
        'Largest Contentful Paint (loading) and Interaction to Next Paint (responsiveness).',
      chart: 'line',
      columns: [{ label: 'LCP p75' }, { label: 'INP p75' }],
      rows: buckets.map((bucket) => ({
        date: bucket.at,
        values: [rounded(bucket.lcp_p75), rounded(bucket.inp_p75)],
      })),
      total: { label: 'Period', values: [rounded(totals.lcp_p75), rounded(totals.inp_p75)] },
      time,
      missing: 'No sample',
    },
  ];
}

/** `hostdash-frontend-problems-listings-0.2.0-24h.csv` */
export const healthCsvName = (
  table: SeriesTable,
  series: HealthSeries,
  period: HealthPeriod,
): string =>
  `hostdash-${table.id}-${seriesName(series)
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .toLowerCase()}-${period}.csv`;
