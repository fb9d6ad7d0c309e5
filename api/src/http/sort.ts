// `sort=field:dir,field:dir` (spec section 7) → an ORDER BY built only from a whitelist.
import { badRequest } from './errors';

export type SortDirection = 'asc' | 'desc';

export interface SortableField {
  /** SQL expression, written by us, never from the request. */
  sql: string;
  /** Direction when the request gives none (asc unless said; `_score` is desc, like Elasticsearch). */
  defaultDirection?: SortDirection;
  /** Can be null (a listing's building): nulls then go last whatever the direction. */
  nullable?: boolean;
}

export interface SortKey {
  field: string;
  direction: SortDirection;
}

const MAX_KEYS = 5;

/** Parses and checks a sort string; an unknown field or direction is a 400 `invalid_sort`. */
export function parseSort(
  raw: string | undefined,
  fields: Record<string, SortableField>,
  fallback: string,
): SortKey[] {
  const source = raw?.trim() ? raw : fallback;
  const keys: SortKey[] = [];
  for (const part of source.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const [name = '', direction, ...rest] = entry.split(':').map((piece) => piece.trim());
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field) {
      throw badRequest(
        'invalid_sort',
        `Cannot sort by "${name.slice(0, 50)}". Sort by one of: ${Object.keys(fields).join(', ')}.`,
      );
    }
    if (
      rest.length > 0 ||
      (direction !== undefined && direction !== 'asc' && direction !== 'desc')
    ) {
      throw badRequest(
        'invalid_sort',
        `Sort "${entry.slice(0, 60)}" must look like "${name}:asc" or "${name}:desc".`,
      );
    }
    if (keys.some((key) => key.field === name)) continue;
    keys.push({
      field: name,
      direction: (direction as SortDirection | undefined) ?? field.defaultDirection ?? 'asc',
    });
  }
  if (keys.length > MAX_KEYS)
    throw badRequest('invalid_sort', `Sort by at most ${MAX_KEYS} fields.`);
  return keys;
}

/** An ORDER BY and its exact reverse (a page near the end of a list is read backwards). */
export interface Ordering {
  forward: string;
  backward: string;
}

/**
 * ORDER BY for parsed keys, always ending with `tieBreaker` (a unique column) so that paging is
 * stable. A nullable field's nulls go last whatever the direction (first when read backwards);
 * other fields say no NULLS, so that a descending order is an index read backwards.
 */
export function ordering(
  keys: SortKey[],
  fields: Record<string, SortableField>,
  tieBreaker: string,
  skip: readonly string[] = [],
): Ordering {
  const terms = [
    ...keys
      .filter((key) => !skip.includes(key.field))
      .map((key) => ({ field: fields[key.field] as SortableField, direction: key.direction })),
    { field: { sql: tieBreaker }, direction: 'asc' as SortDirection },
  ];
  const reverse = (direction: SortDirection): SortDirection =>
    direction === 'asc' ? 'desc' : 'asc';
  const term = (field: SortableField, direction: SortDirection, nulls: string): string =>
    `${field.sql} ${direction}${field.nullable ? ` nulls ${nulls}` : ''}`;
  return {
    forward: terms.map(({ field, direction }) => term(field, direction, 'last')).join(', '),
    backward: terms
      .map(({ field, direction }) => term(field, reverse(direction), 'first'))
      .join(', '),
  };
}

/** The forward ORDER BY of `ordering`. */
export function orderBy(
  keys: SortKey[],
  fields: Record<string, SortableField>,
  tieBreaker: string,
  skip: readonly string[] = [],
): string {
  return ordering(keys, fields, tieBreaker, skip).forward;
}
