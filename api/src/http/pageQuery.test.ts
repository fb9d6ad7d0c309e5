// Where a page is read from, and the orders that read it: pure functions, checked without a database
// (the scale tests check the pages themselves against plain SQL).
import { pageWindow } from './pageQuery';
import { ordering } from './sort';

describe('pageWindow', () => {
  it('reads the first half of a list forwards', () => {
    expect(pageWindow(0, 10, 50_000)).toEqual({ backwards: false, offset: 0, limit: 10 });
    expect(pageWindow(20_000, 10, 50_000)).toEqual({ backwards: false, offset: 20_000, limit: 10 });
  });

  it('reads the second half backwards, skipping only what lies after the page', () => {
    expect(pageWindow(40_000, 10, 50_000)).toEqual({ backwards: true, offset: 9_990, limit: 10 });
    expect(pageWindow(49_990, 10, 50_000)).toEqual({ backwards: true, offset: 0, limit: 10 });
  });

  it('reads a short last page backwards with only the rows that remain', () => {
    expect(pageWindow(49_997, 10, 50_000)).toEqual({ backwards: true, offset: 0, limit: 3 });
    expect(pageWindow(0, 10, 4)).toEqual({ backwards: false, offset: 0, limit: 10 });
  });
});

describe('ordering', () => {
  const fields = {
    check_in_date: { sql: 'r.check_in_date' },
    building: { sql: 'lower(b.name)', nullable: true },
  };

  it('ends with the tie-breaker and reverses every term for a backward read', () => {
    const order = ordering([{ field: 'check_in_date', direction: 'desc' }], fields, 'r.id');
    expect(order).toEqual({
      forward: 'r.check_in_date desc, r.id asc',
      backward: 'r.check_in_date asc, r.id desc',
    });
  });

  it('keeps a nullable field’s nulls last, and first when read backwards', () => {
    const order = ordering([{ field: 'building', direction: 'desc' }], fields, 'l.id');
    expect(order).toEqual({
      forward: 'lower(b.name) desc nulls last, l.id asc',
      backward: 'lower(b.name) asc nulls first, l.id desc',
    });
  });
});
