import {
  addDays,
  addMonths,
  byBuilding,
  daysOfMonth,
  isDay,
  isMonth,
  monthsOfDays,
  nameInBuilding,
  nightsOf,
  stayBar,
  weekFrom,
} from './calendarLayout';

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

describe('the phone’s week and the desktop’s building groups', () => {
  it('pages a week across months and years, and names the months it needs', () => {
    expect(weekFrom('2026-12-29')).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
      '2027-01-04',
    ]);
    expect(monthsOfDays(weekFrom('2026-12-29'))).toEqual(['2026-12', '2027-01']);
    expect(monthsOfDays(weekFrom('2026-11-02'))).toEqual(['2026-11']);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -7)).toBe('2026-02-22');
  });

  it('accepts only days that exist', () => {
    expect(isDay('2026-11-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    for (const value of ['2026-02-29', '2026-11-31', '2026-11-1', '1999-12-31', 'today', null])
      expect(isDay(value)).toBe(false);
  });

  it('names a listing within its building without repeating the building', () => {
    expect(nameInBuilding('Marina Lofts 4D', 'Marina Lofts')).toBe('4D');
    expect(nameInBuilding('Marina Lofts · Penthouse', 'Marina Lofts')).toBe('Penthouse');
    expect(nameInBuilding('marina lofts - 2B', 'Marina Lofts')).toBe('2B');
    expect(nameInBuilding('Marina Loftsmen 1', 'Marina Lofts')).toBe('Marina Loftsmen 1');
    expect(nameInBuilding('Marina Lofts', 'Marina Lofts')).toBe('Marina Lofts');
    expect(nameInBuilding('Sea Cottage', 'Marina Lofts')).toBe('Sea Cottage');
    expect(nameInBuilding('Sea Cottage', null)).toBe('Sea Cottage');
  });

  it('groups listings under their buildings in order, loose listings last', () => {
    const groups = byBuilding([
      { id: 1, building: 'A' },
      { id: 2, building: null },
      { id: 3, building: 'A' },
      { id: 4, building: 'B' },
    ]);
    expect(groups.map((group) => [group.building, group.listings.map((l) => l.id)])).toEqual([
      ['A', [1, 3]],
      ['B', [4]],
      [null, [2]],
    ]);
  });
});
