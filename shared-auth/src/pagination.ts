// Paging helpers (spec section 5): pages = ceil(total / size); the page comes from the offset;
// rows per page is remembered in this browser per list name (default 10).
import { DEFAULT_ROWS_PER_PAGE } from './constants';

export const MAX_ROWS_PER_PAGE = 100;

export function pageCount(total: number, size: number): number {
  if (size <= 0 || total <= 0) return 0;
  return Math.ceil(total / size);
}

/** Zero-based page of an offset. */
export function pageFromOffset(from: number, size: number): number {
  if (size <= 0 || from <= 0) return 0;
  return Math.floor(from / size);
}

export function offsetFromPage(page: number, size: number): number {
  return Math.max(0, page) * size;
}

const storageKey = (listName: string) => `hostdash.rowsPerPage.${listName}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function getRowsPerPage(listName: string, fallback = DEFAULT_ROWS_PER_PAGE): number {
  const saved = Number(storage()?.getItem(storageKey(listName)));
  return Number.isInteger(saved) && saved > 0 && saved <= MAX_ROWS_PER_PAGE ? saved : fallback;
}

export function setRowsPerPage(listName: string, size: number): void {
  if (!Number.isInteger(size) || size <= 0 || size > MAX_ROWS_PER_PAGE) return;
  try {
    storage()?.setItem(storageKey(listName), String(size));
  } catch {
    // A full or disabled storage only loses the preference.
  }
}

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

/** The first key of a sort such as `nickname:asc,created_at:desc` (the column a table marks). */
export function leadingSortKey(sort: string, fallbackField: string): SortKey {
  const [first = ''] = sort.split(',');
  const [field, direction] = first.split(':');
  return { field: field || fallbackField, direction: direction === 'desc' ? 'desc' : 'asc' };
}

/** The sort after a click on a column header: the same column flips, another starts ascending. */
export function toggledSort(current: SortKey, field: string): string {
  const direction = current.field === field && current.direction === 'asc' ? 'desc' : 'asc';
  return `${field}:${direction}`;
}
