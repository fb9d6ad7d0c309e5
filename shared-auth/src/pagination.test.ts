/** @jest-environment jsdom */
import {
  getRowsPerPage,
  leadingSortKey,
  offsetFromPage,
  pageCount,
  pageFromOffset,
  setRowsPerPage,
  toggledSort,
} from './pagination';

describe('paging', () => {
  it('counts pages as total over size, rounded up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(121, 25)).toBe(5);
  });

  it('derives the page from the offset and back', () => {
    expect(pageFromOffset(0, 10)).toBe(0);
    expect(pageFromOffset(9, 10)).toBe(0);
    expect(pageFromOffset(10, 10)).toBe(1);
    expect(pageFromOffset(95, 25)).toBe(3);
    expect(offsetFromPage(3, 25)).toBe(75);
  });
});

describe('rows per page', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to 10 and is remembered per list name', () => {
    expect(getRowsPerPage('listings')).toBe(10);
    setRowsPerPage('listings', 50);
    expect(getRowsPerPage('listings')).toBe(50);
    expect(getRowsPerPage('reservations')).toBe(10);
    expect(localStorage.getItem('hostdash.rowsPerPage.listings')).toBe('50');
  });

  it('ignores a stored value that is not a sensible size', () => {
    localStorage.setItem('hostdash.rowsPerPage.listings', 'lots');
    expect(getRowsPerPage('listings')).toBe(10);
    localStorage.setItem('hostdash.rowsPerPage.listings', '100000');
    expect(getRowsPerPage('listings')).toBe(10);
    setRowsPerPage('listings', -5);
    expect(localStorage.getItem('hostdash.rowsPerPage.listings')).toBe('100000');
  });
});

describe('sorting a table', () => {
  it('reads the leading key of a sort, with a fallback column', () => {
    expect(leadingSortKey('nickname:desc,created_at:asc', 'nickname')).toEqual({
      field: 'nickname',
      direction: 'desc',
    });
    expect(leadingSortKey('check_in_date', 'x')).toEqual({
      field: 'check_in_date',
      direction: 'asc',
    });
    expect(leadingSortKey('', 'nickname')).toEqual({ field: 'nickname', direction: 'asc' });
  });

  it('flips the same column and starts another ascending', () => {
    expect(toggledSort({ field: 'nickname', direction: 'asc' }, 'nickname')).toBe('nickname:desc');
    expect(toggledSort({ field: 'nickname', direction: 'desc' }, 'nickname')).toBe('nickname:asc');
    expect(toggledSort({ field: 'nickname', direction: 'desc' }, 'city')).toBe('city:asc');
  });
});
