// One page of a long list in one statement, in two steps: the page's keys, sorted while the rows
// are still narrow, then the full rows of just those few. Sorting the full rows instead made a
// deep page of 30,000 reservations spill its sort to disk (`npm run bench`: 343 → 124 ms).

export interface PageQuery {
  /** The row's key over the source's aliases, e.g. `r.id`. */
  key: string;
  /** `from … where …`: which rows are in the list. */
  source: string;
  /** `, … as _score` when searching, else empty. */
  scoreColumn: string;
  /** ORDER BY terms over the source's aliases (and `_score`), ending in a unique tie-breaker. */
  order: string;
  /** Placeholders of the page size and offset. */
  limit: string;
  offset: string;
  /** The select list of a full row. */
  columns: string;
  /** The tables a full row reads, with the same aliases as the source (no `where`). */
  rowsFrom: string;
}

export function pageQuerySql(query: PageQuery): string {
  return `with page as (
      select ${query.key} as page_key${query.scoreColumn}
      ${query.source}
      order by ${query.order}
      limit ${query.limit} offset ${query.offset}
    )
    select ${query.columns}${query.scoreColumn ? ', page._score' : ''}
    from page, ${query.rowsFrom}
    where ${query.key} = page.page_key
    order by ${query.order}`;
}
