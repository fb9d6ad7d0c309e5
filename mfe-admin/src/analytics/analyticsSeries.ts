// The analytics answer as the page's series: one table per chart (a date per row, a column per
// line or stack), which the chart, its table for screen readers and its CSV all read. Pure, so
// what a chart shows, what its table says and what its CSV holds cannot disagree.
import {
  labelOf,
  RISK_COLOUR_INFO,
  RISK_COLOURS,
  VERIFICATION_STATUSES,
  type ChipColour,
  type VerificationStatus,
} from '@hostdash/shared-auth';
import type { AnalyticsPeriod, PlatformAnalytics } from './analyticsApi';

export type SeriesId =
  | 'sign-ins'
  | 'active-accounts'
  | 'screened-by-colour'
  | 'verification-outcomes'
  | 'imports'
  | 'frontend-sessions'
  | 'frontend-problems'
  | 'frontend-vitals';

export interface SeriesColumn {
  label: string;
  /** A colour of its own (the risk colours), or the theme's colour of a chip colour. */
  colour?: string;
  chip?: ChipColour;
}

/** A value is a count, or null where nothing records it yet (never a made-up zero). */
export type SeriesValue = number | null;

export interface SeriesTable {
  id: SeriesId;
  title: string;
  /** What the figures are, said under the title. */
  description: string;
  /** A line per column, or the columns stacked in one bar per day. */
  chart: 'line' | 'stacked' | 'bars';
  columns: SeriesColumn[];
  /** A row per day (`date` YYYY-MM-DD), or per bucket of time (an ISO moment, with `time`). */
  rows: { date: string; values: SeriesValue[] }[];
  /** The period's figures, as the API sums them (active accounts: distinct, not a sum of days). */
  total: { label: string; values: SeriesValue[] };
  /** Rows that are moments, not days: their header and how a row and an axis tick read them. */
  time?: { header: string; row: (at: string) => string; tick: (at: string) => string };
  /** The words where a value is null (NOT_RECORDED by default). */
  missing?: string;
}

/** Worded where a value is null: the API does not record it yet. */
export const NOT_RECORDED = 'Not recorded yet';

const VERIFICATION_ORDER: readonly VerificationStatus[] = [
  'verified',
  'review',
  'incomplete',
  'pending',
  'declined',
];
/** The stack's order, bottom up: low risk first, red on top where the eye lands. */
const RISK_STACK = [...RISK_COLOURS].reverse();

export function seriesTables(data: PlatformAnalytics): SeriesTable[] {
  const { series, totals } = data;
  const TOTAL = 'Total';
  return [
    {
      id: 'sign-ins',
      title: 'Sign-ins per day',
      description: 'Sessions started, by anyone, staff included.',
      chart: 'line',
      columns: [{ label: 'Sign-ins' }],
      rows: series.sign_ins.map((day) => ({ date: day.date, values: [day.count] })),
      total: { label: TOTAL, values: [totals.sign_ins] },
    },
    {
      id: 'active-accounts',
      title: 'Active accounts per day',
      description: 'Host accounts with a sign-in or a screened reservation that day.',
      chart: 'line',
      columns: [{ label: 'Active accounts' }],
      rows: series.active_accounts.map((day) => ({ date: day.date, values: [day.count] })),
      total: { label: 'Accounts active in the period', values: [totals.active_accounts] },
    },
    {
      id: 'screened-by-colour',
      title: 'Reservations screened per day, by risk colour',
      description: 'Each reservation on the day it was first screened, in its colour now.',
      chart: 'stacked',
      columns: RISK_STACK.map((colour) => ({
        label: labelOf('riskColour', colour),
        colour: RISK_COLOUR_INFO[colour].background,
      })),
      rows: series.screened_by_colour.map((day) => ({
        date: day.date,
        values: RISK_STACK.map((colour) => day[colour]),
      })),
      total: {
        label: TOTAL,
        values: RISK_STACK.map((colour) => totals.screened_by_colour[colour]),
      },
    },
    {
      id: 'verification-outcomes',
      title: 'Verification outcomes per day',
      description: 'Guest verification changes made that day, by the status they set.',
      chart: 'stacked',
      columns: VERIFICATION_ORDER.map((status) => ({
        label: labelOf('verification', status),
        chip: VERIFICATION_STATUSES[status].colour,
      })),
      rows: series.verification_outcomes.map((day) => ({
        date: day.date,
        values: VERIFICATION_ORDER.map((status) => day[status]),
      })),
      total: {
        label: TOTAL,
        values: VERIFICATION_ORDER.map((status) => totals.verification_outcomes[status]),
      },
    },
    {
      id: 'imports',
      title: 'Imports per day',
      description: 'Listings imported from a PMS, and the imports that failed.',
      chart: 'bars',
      columns: [{ label: 'Listings imported', chip: 'primary' }, { label: 'Failed imports' }],
      rows: series.imports.map((day) => ({ date: day.date, values: [day.succeeded, day.failed] })),
      total: { label: TOTAL, values: [totals.imports.succeeded, totals.imports.failed] },
    },
  ];
}

/** A column with no value at all: nothing records it yet (the chart leaves it out and says so). */
export const isUnrecorded = (table: SeriesTable, column: number): boolean =>
  table.rows.every((row) => row.values[column] === null);

export type CsvCell = string | number | null;

/** One field of RFC 4180: quoted when it holds a quote, a comma or a line break; null is empty. */
function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document (RFC 4180: CRLF line ends, a header row first). */
export function csvOf(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A series as CSV: the date (ISO, UTC) and a column per series; an unrecorded value is empty. */
export const seriesCsv = (table: SeriesTable): string =>
  csvOf(
    [table.time?.header ?? 'Date', ...table.columns.map((column) => column.label)],
    table.rows.map((row) => [row.date, ...row.values]),
  );

/** `hostdash-sign-ins-30-days.csv` */
export const csvFileName = (id: SeriesId, days: AnalyticsPeriod): string =>
  `hostdash-${id}-${days}-days.csv`;
