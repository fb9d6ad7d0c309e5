/** @jest-environment jsdom */
import {
  getRowsPerPage,
  offsetFromPage,
  pageCount,
  pageFromOffset,
  setRowsPerPage,
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
