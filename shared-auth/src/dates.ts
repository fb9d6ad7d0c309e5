// Date display (spec section 9): weeks start on Sunday; relative times switch unit at 45 seconds,
// 45 minutes, 22 hours, 26 days and 11 months.
export const WEEK_STARTS_ON = 0; // Sunday

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.4375 * DAY;
const YEAR = 365.25 * DAY;

export const RELATIVE_TIME_THRESHOLDS = {
  seconds: 45 * SECOND,
  minutes: 45 * MINUTE,
  hours: 22 * HOUR,
  days: 26 * DAY,
  months: 11 * MONTH,
} as const;

type DateInput = Date | string | number;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/**
 * A formatter made on its first use: making one loads locale data, which costs a phone tens of
 * milliseconds at start-up (the guest page uses one of these; docs/adr/0035).
 */
function onFirstUse<Formatter>(make: () => Formatter): () => Formatter {
  let made: Formatter | undefined;
  return () => (made ??= make());
}

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** "just now", "5 minutes ago", "in 3 hours", "yesterday", "2 months ago", "last year" … */
export function formatRelativeTime(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const diff = date.getTime() - toDate(now).getTime();
  const size = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  const amount = (unit: number) => sign * Math.max(1, Math.round(size / unit));
  const t = RELATIVE_TIME_THRESHOLDS;
  if (size < t.seconds) return diff < 0 ? 'just now' : 'in a few seconds';
  if (size < t.minutes) return relative().format(amount(MINUTE), 'minute');
  if (size < t.hours) return relative().format(amount(HOUR), 'hour');
  if (size < t.days) return relative().format(amount(DAY), 'day');
  if (size < t.months) return relative().format(amount(MONTH), 'month');
  return relative().format(amount(YEAR), 'year');
}

/** The Sunday that starts the week of `value` (local time, midnight). */
export function startOfWeek(value: DateInput): Date {
  const date = toDate(value);
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  start.setDate(start.getDate() - ((start.getDay() - WEEK_STARTS_ON + 7) % 7));
  return start;
}

/** Day names in week order, starting Sunday. */
export function weekdayNames(style: 'long' | 'short' | 'narrow' = 'short'): string[] {
  const format = new Intl.DateTimeFormat('en', { weekday: style });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, index) =>
    format.format(new Date(2023, 0, 1 + ((index + WEEK_STARTS_ON) % 7))),
  );
}

/** YYYY-MM-DD in local time (the reservations list's default start date is today). */
export function toIsoDate(value: DateInput = Date.now()): string {
  const date = toDate(value);
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The locale dates and times are written in: the browser's, when it is a variant of English (the
 * dashboard's language: "22 Nov 2026" and 16:00 in en-GB, "Nov 22, 2026" and 4:00 PM in en-US),
 * else en-US.
 */
export const DISPLAY_LOCALE =
  typeof navigator !== 'undefined' && /^en(-|$)/i.test(navigator.language)
    ? navigator.language
    : 'en-US';

const dateFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat(DISPLAY_LOCALE, { year: 'numeric', month: 'short', day: 'numeric' }),
);
const timeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: 'numeric', minute: '2-digit' }),
);

/** Spaces that do not break: a date or a time never wraps inside itself ("Nov 29," ⏎ "2026"). */
const unbroken = (text: string): string => text.replace(/[ \u202f]/g, '\u00a0');

/** "Nov 22, 2026". A calendar date (YYYY-MM-DD) is shown as that day, whatever the time zone. */
export function formatDate(value: DateInput): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return unbroken(dateFormat().format(new Date(year, month - 1, day)));
  }
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : unbroken(dateFormat().format(date));
}

const monthFormat = onFirstUse(
  () => new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'long', year: 'numeric' }),
);

/**
 * "October 2026" for a month as the API names it (`2026-10`: an invoice's period), the way a host
 * names a month they paid for; unbroken. Anything else is answered as it is.
 */
export function formatMonth(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  return unbroken(monthFormat().format(new Date(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** "Nov 22, 2026, 3:05 PM": the date and the time each unbroken, the line may break between. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${unbroken(dateFormat().format(date))}, ${unbroken(timeFormat().format(date))}`;
}

/** A time of day as the API writes it ("16:00", a listing's check-in) → "4:00 PM" (en-US). */
export function formatTimeOfDay(value: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return value;
  return unbroken(timeFormat().format(new Date(2000, 0, 1, Number(match[1]), Number(match[2]))));
}
