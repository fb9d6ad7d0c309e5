// A list endpoint's two statements, shared by /listing/load and /reservation/search: the count,
// then one page. The page is read in two steps within one statement: the page's keys, sorted
// while the rows are still narrow, then the full rows of just those few. Sorting the full rows
// instead made a deep page of 30,000 reservations spill its sort to disk (`npm run bench`:
// 343 → 124 ms). A window count in the page query would build every matching row in full.
import type { Sql } from '../db/database';
import { SqlParams } from './sqlParams';

/** Which rows a list holds. */
export interface ListFilter {
  /** `from … where …` over the list's aliases. */
  source: string;
  params: SqlParams;
  /** `, … as _score` when searching, else empty. */
  scoreColumn: string;
}

export interface PageRead {
  /** The row's key over the source's aliases, e.g. `r.id`. */
  key: string;
  /** ORDER BY terms over the source's aliases (and `_score`), ending in a unique tie-breaker. */
  order: string;
  /** The select list of a full row. */
  columns: string;
  /** The tables a full row reads, with the same aliases as the source (no `where`). */
  rowsFrom: string;
  from: number;
  size: number;
}

export async function countRows(sql: Sql, filter: ListFilter): Promise<number> {
  const [row] = await sql.query<{ total: number }>(
    `select count(*)::int as total ${filter.source}`,
    filter.params.values,
  );
  return row?.total ?? 0;
}

export function readPage<Row extends object>(
  sql: Sql,
  filter: ListFilter,
  page: PageRead,
): Promise<Row[]> {
  const params = new SqlParams();
  params.values.push(...filter.params.values);
  return sql.query<Row>(
    `with page as (
       select ${page.key} as page_key${filter.scoreColumn}
       ${filter.source}
       order by ${page.order}
       limit ${params.add(page.size)} offset ${params.add(page.from)}
     )
     select ${page.columns}${filter.scoreColumn ? ', page._score' : ''}
     from page, ${page.rowsFrom}
     where ${page.key} = page.page_key
     order by ${page.order}`,
    params.values,
  );
}
