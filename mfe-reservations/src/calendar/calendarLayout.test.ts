import { addMonths, daysOfMonth, isMonth, nightsOf, stayBar } from './calendarLayout';

describe('the calendar’s arithmetic', () => {
  it('lists a month’s days with their weekdays, leap years included', () => {
    const november = daysOfMonth('2026-11');
    expect(november).toHaveLength(30);
    expect(november[0]).toEqual({ day: '2026-11-01', date: 1, weekday: 0 }); // a Sunday
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
  });

  it('moves between months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 0)).toBe('2026-11');
  });

  it('accepts only months it can show', () => {
    expect(isMonth('2026-11')).toBe(true);
    for (const value of ['2026-13', '2026-1', 'nov', '', null, '1999-12'])
      expect(isMonth(value)).toBe(false);
  });

  it('draws a stay over its nights, cut to the month, open where it goes on', () => {
    expect(
      stayBar({ check_in_date: '2026-11-03', check_out_date: '2026-11-07' }, '2026-11'),
    ).toEqual({
      start: 2,
      span: 4,
      continuesBefore: false,
      continuesAfter: false,
    });
    expect(
      stayBar({ check_in_date: '2026-10-29', check_out_date: '2026-11-02' }, '2026-11'),
    ).toEqual({
      start: 0,
      span: 1,
      continuesBefore: true,
      continuesAfter: false,
    });
    expect(
      stayBar({ check_in_date: '2026-11-28', check_out_date: '2026-12-04' }, '2026-11'),
    ).toEqual({
      start: 27,
      span: 3,
      continuesBefore: false,
      continuesAfter: true,
    });
    // Leaving on the 1st: no night in November.
    expect(
      stayBar({ check_in_date: '2026-10-28', check_out_date: '2026-11-01' }, '2026-11'),
    ).toBeNull();
    expect(nightsOf({ check_in_date: '2026-10-28', check_out_date: '2026-11-01' })).toBe(4);
  });
});
