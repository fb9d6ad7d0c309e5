import {
  formatDate,
  formatMonth,
  formatDateTime,
  formatRelativeTime,
  formatTimeOfDay,
  startOfWeek,
  toIsoDate,
  weekdayNames,
} from './dates';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatRelativeTime', () => {
  it.each([
    [44 * S, 'just now'],
    [45 * S, '1 minute ago'],
    [44 * M, '44 minutes ago'],
    [45 * M, '1 hour ago'],
    [21 * H, '21 hours ago'],
    [22 * H, 'yesterday'],
    [25 * D, '25 days ago'],
    [26 * D, 'last month'],
    [10 * 30.5 * D, '10 months ago'],
    [11 * 30.5 * D, 'last year'],
    [3 * 365.25 * D, '3 years ago'],
  ])('%d ms ago reads "%s"', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('speaks of the future too, and of nothing for a bad date', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 3 * H), now)).toBe('in 3 hours');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('weeks start on Sunday', () => {
  it('finds the Sunday of a week', () => {
    expect(toIsoDate(startOfWeek(new Date(2026, 10, 25)))).toBe('2026-11-22'); // Wednesday → Sunday
    expect(toIsoDate(startOfWeek(new Date(2026, 10, 22)))).toBe('2026-11-22'); // Sunday itself
    expect(toIsoDate(startOfWeek(new Date(2026, 10, 28)))).toBe('2026-11-22'); // Saturday
  });

  it('lists the days from Sunday', () => {
    expect(weekdayNames()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });
});

describe('calendar dates', () => {
  it('formats a YYYY-MM-DD as that day and today as YYYY-MM-DD', () => {
    expect(formatDate('2026-03-01')).toBe('Mar\u00a01,\u00a02026');
    expect(toIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('names a billed month (YYYY-MM) as a host does, whatever the time zone', () => {
    expect(formatMonth('2026-10')).toBe('October\u00a02026');
    expect(formatMonth('2027-01')).toBe('January\u00a02027');
    expect(formatMonth('not a month')).toBe('not a month');
  });
});

describe('dates and times as people read them', () => {
  it('never breaks a line inside a date or a time, only between them', () => {
    expect(formatDate('2026-11-29')).toBe('Nov\u00a029,\u00a02026');
    expect(formatDateTime(new Date(2026, 10, 29, 15, 5))).toBe(
      'Nov\u00a029,\u00a02026, 3:05\u00a0PM',
    );
  });

  it('writes a listing’s times of day like every other time', () => {
    expect(formatTimeOfDay('16:00')).toBe('4:00\u00a0PM');
    expect(formatTimeOfDay('07:00')).toBe('7:00\u00a0AM');
    expect(formatTimeOfDay('not a time')).toBe('not a time');
  });
});
