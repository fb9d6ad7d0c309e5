// The arithmetic of the reservations calendar, apart from its drawing: which days a month has,
// where a stay's bar starts and how many days it covers within the month. Days are calendar days
// (YYYY-MM-DD), counted in UTC so that no time zone or daylight-saving change moves a stay.

const DAY_MS = 24 * 60 * 60 * 1000;

/** `2026-11-03` → days since 1970-01-01. */
export const dayNumber = (day: string): number =>
  Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** Days since 1970-01-01 → `2026-11-03`. */
export const dayOf = (number: number): string =>
  new Date(number * DAY_MS).toISOString().slice(0, 10);

/** `2026-11` for a YYYY-MM-DD day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The month `delta` months from `month` (YYYY-MM). */
export function addMonths(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/** Whether `value` is a month the calendar can show (YYYY-MM, 2000–2100). */
export function isMonth(value: string | null): value is string {
  if (!value || !/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2100;
}

export interface MonthDay {
  day: string;
  /** 1…31 */
  date: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

/** Every day of a month, in order. */
export function daysOfMonth(month: string): MonthDay[] {
  const first = dayNumber(`${month}-01`);
  const days: MonthDay[] = [];
  for (let number = first; monthOf(dayOf(number)) === month; number += 1) {
    const day = dayOf(number);
    days.push({ day, date: Number(day.slice(8)), weekday: new Date(number * DAY_MS).getUTCDay() });
  }
  return days;
}

export interface StayBar {
  /** The column the bar starts in (0 = the month's first day). */
  start: number;
  /** How many day columns it covers. */
  span: number;
  /** It began before the month / goes on after it (drawn open on that side). */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/**
 * Where a stay's bar goes in a month: from its check-in day to the night before check-out (the
 * guest sleeps those nights), cut to the month. Null when it has no night in the month.
 */
export function stayBar(
  stay: { check_in_date: string; check_out_date: string },
  month: string,
): StayBar | null {
  const first = dayNumber(`${month}-01`);
  const last = first + daysOfMonth(month).length - 1;
  const checkIn = dayNumber(stay.check_in_date);
  const lastNight = dayNumber(stay.check_out_date) - 1;
  const start = Math.max(checkIn, first);
  const end = Math.min(lastNight, last);
  if (end < start) return null;
  return {
    start: start - first,
    span: end - start + 1,
    continuesBefore: checkIn < first,
    continuesAfter: lastNight > last,
  };
}

/** Nights between check-in and check-out. */
export const nightsOf = (stay: { check_in_date: string; check_out_date: string }): number =>
  dayNumber(stay.check_out_date) - dayNumber(stay.check_in_date);

/** The day `delta` days from `day` (YYYY-MM-DD). */
export const addDays = (day: string, delta: number): string => dayOf(dayNumber(day) + delta);

/** Whether `value` is a day the calendar can show (YYYY-MM-DD that exists, 2000–2100). */
export function isDay(value: string | null): value is string {
  if (!value || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return false;
  return isMonth(value.slice(0, 7)) && dayOf(dayNumber(value)) === value;
}

export const WEEK_DAYS = 7;

/** The seven days from `first` on: a phone's agenda page. */
export const weekFrom = (first: string): string[] =>
  Array.from({ length: WEEK_DAYS }, (_, index) => addDays(first, index));

/** The months (YYYY-MM) a run of days touches, in order: one or two for a week. */
export const monthsOfDays = (days: readonly string[]): string[] => [...new Set(days.map(monthOf))];

/**
 * A listing's name within its building's group: "Marina Lofts 4D" under "Marina Lofts" reads "4D".
 * The whole nickname stays when it does not begin with the building's name, or is nothing else.
 */
export function nameInBuilding(nickname: string, building: string | null): string {
  if (!building) return nickname;
  const head = nickname.slice(0, building.length);
  if (head.toLocaleLowerCase() !== building.toLocaleLowerCase()) return nickname;
  const rest = nickname.slice(building.length).replace(/^[\s,·–—:/-]+/, '');
  // "Marina Loftsmen" is not in "Marina Lofts": the building's name must end at a word's end.
  if (rest === '' || /^[\p{L}\p{N}]/u.test(nickname.slice(building.length))) return nickname;
  return rest;
}

/** Listings grouped under their buildings, in the order given; those without one come last. */
export function byBuilding<T extends { building: string | null }>(
  listings: readonly T[],
): { building: string | null; listings: T[] }[] {
  const groups = new Map<string | null, T[]>();
  for (const listing of listings) {
    const group = groups.get(listing.building);
    if (group) group.push(listing);
    else groups.set(listing.building, [listing]);
  }
  const named = [...groups].filter(([building]) => building !== null);
  const loose = groups.get(null);
  return [
    ...named.map(([building, members]) => ({ building, listings: members })),
    ...(loose ? [{ building: null, listings: loose }] : []),
  ];
}
