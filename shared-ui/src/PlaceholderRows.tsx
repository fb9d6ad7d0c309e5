import { Skeleton, TableCell, TableRow } from '@mui/material';

/**
 * What a list's table body holds while its first page loads: a page of rows as tall as real ones,
 * so the pagination and everything below stay where they will be (no layout shift). The skeletons
 * show only once the wait outlasts the lazy-load delay (`visible`); until then the rows keep the
 * space, empty.
 */
export function PlaceholderRows({
  rows = 10,
  cells,
  rowHeight,
  visible,
  checkboxColumn = false,
}: {
  rows?: number;
  /** Data cells per row. */
  cells: number;
  /** The height of a typical row, in px. */
  rowHeight: number;
  visible: boolean;
  /** The table starts with a checkbox column. */
  checkboxColumn?: boolean;
}) {
  return Array.from({ length: rows }, (_, row) => (
    <TableRow
      key={`placeholder-${row}`}
      aria-hidden
      sx={{ height: rowHeight, visibility: visible ? 'visible' : 'hidden' }}
    >
      {checkboxColumn && <TableCell padding="checkbox" />}
      {Array.from({ length: cells }, (_cell, cell) => (
        <TableCell key={cell}>
          <Skeleton />
        </TableCell>
      ))}
    </TableRow>
  ));
}
