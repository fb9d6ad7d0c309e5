import { TablePagination } from '@mui/material';
import { pageFromOffset, SEARCH_PAGE_SIZE, setRowsPerPage } from '@hostdash/shared-auth';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

/**
 * Paging of a list paged in the API. Rows per page is remembered in this browser per list name
 * (spec section 5); a search pages by the fixed search size.
 */
export function ListPagination({
  listName,
  total,
  from,
  size,
  searching = false,
  options = ROWS_PER_PAGE_OPTIONS,
  onChange,
}: {
  listName: string;
  total: number;
  from: number;
  size: number;
  searching?: boolean;
  options?: number[];
  onChange: (page: { from: number; size: number }) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={pageFromOffset(from, size)}
      rowsPerPage={size}
      rowsPerPageOptions={searching ? [SEARCH_PAGE_SIZE] : options}
      onPageChange={(_event, page) => onChange({ from: page * size, size })}
      onRowsPerPageChange={(event) => {
        const rows = Number(event.target.value);
        setRowsPerPage(listName, rows);
        onChange({ from: 0, size: rows });
      }}
    />
  );
}
