import { TablePagination, type SxProps, type Theme } from '@mui/material';
import { pageFromOffset, SEARCH_PAGE_SIZE, setRowsPerPage } from '@hostdash/shared-auth';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

/**
 * MUI's row is 10–18 px wider than a 390 px phone and pushes the next-page arrow off-screen; with
 * tighter gaps on a phone (and wrapping as a last resort) it fits.
 */
const FITS_PHONE: SxProps<Theme> = {
  '& .MuiTablePagination-toolbar': {
    flexWrap: 'wrap',
    pl: { xs: 1, sm: 2 },
    pr: { xs: 0.5, sm: 1 },
  },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 }, ml: { xs: 0.5, sm: 1 } },
  '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
};

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
      sx={FITS_PHONE}
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
