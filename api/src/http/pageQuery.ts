// A list endpoint's two statements, shared by /listing/load and /reservation/search: the total,
// then one page.
// - The total comes from the kept counts (migration 0005) when the filter allows it: a sum over a
//   few hundred rows instead of a count over tens of thousands.
// - The page is read in two steps within one statement: the page's keys, sorted while the rows are
//   still narrow, then the full rows of just those few. Sorting the full rows instead made a deep
//   page of 30,000 reservations spill its sort to disk (`npm run bench`: 343 → 124 ms).
// - A page past the middle is read from the end, backwards: the last page of 50,000 skips nothing
//   instead of 49,990 rows, and no page skips more than half the list.
import type { Sql } from '../db/database';
import type { Ordering } from './sort';
import { SqlParams } from './sqlParams';

/** Which rows a list holds. */
export interface ListFilter {
  /** `from … where …` over the list's aliases. */
  source: string;
  params: SqlParams;
  /** `, … as _score` when searching, else empty. */
  scoreColumn: string;
  /**
   * How many of `params` the source reads (all when absent): the rest are the score column's alone,
   * and a statement may only bind the parameters it mentions.
   */
  sourceParams?: number;
  /** A statement answering `{ total }` from the kept counts, when they can answer this filter. */
  countedTotal?: { text: string; params: SqlParams };
}

export interface PageRead {
  /** The row's key over the source's aliases, e.g. `r.id`. */
  key: string;
  /** ORDER BY terms over the source's aliases (and `_score`), ending in a unique tie-breaker. */
  order: Ordering;
  /** The select list of a full row. */
  columns: string;
  /** The tables a full row reads, with the same aliases as the source (no `where`). */
  rowsFrom: string;
  from: number;
  size: number;
}

export async function countRows(sql: Sql, filter: ListFilter): Promise<number> {
  const [row] = filter.countedTotal
    ? await sql.query<{ total: number }>(
        filter.countedTotal.text,
        filter.countedTotal.params.values,
      )
    : await sql.query<{ total: number }>(
        `select count(*)::int as total ${filter.source}`,
        sourceValues(filter),
      );
  return row?.total ?? 0;
}

/** The parameters of `filter.source` alone (without the score column's). */
export function sourceValues(filter: ListFilter): unknown[] {
  return filter.params.values.slice(0, filter.sourceParams ?? filter.params.values.length);
}

/** Where a page starts, read from the nearer end of a list of `total` rows. */
export function pageWindow(
  from: number,
  size: number,
  total: number,
): { backwards: boolean; offset: number; limit: number } {
  const remaining = Math.max(0, total - from);
  const fromEnd = Math.max(0, remaining - size);
  return fromEnd < from
    ? { backwards: true, offset: fromEnd, limit: Math.min(size, remaining) }
    : { backwards: false, offset: from, limit: size };
}

/** One page of full rows, in the list's order; `total` is the list's (from countRows). */
export function readPage<Row extends object>(
  sql: Sql,
  filter: ListFilter,
  page: PageRead,
  total: number,
): Promise<Row[]> {
  const params = new SqlParams();
  params.values.push(...filter.params.values);
  const { backwards, offset, limit } = pageWindow(page.from, page.size, total);
  return sql.query<Row>(
    `with page as (
       select ${page.key} as page_key${filter.scoreColumn}
       ${filter.source}
       order by ${backwards ? page.order.backward : page.order.forward}
       limit ${params.add(limit)} offset ${params.add(offset)}
     )
     select ${page.columns}${filter.scoreColumn ? ', page._score' : ''}
     from page, ${page.rowsFrom}
     where ${page.key} = page.page_key
     order by ${page.order.forward}`,
    params.values,
  );
}
