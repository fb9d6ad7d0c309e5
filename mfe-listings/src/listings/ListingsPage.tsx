import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  getRowsPerPage,
  pageFromOffset,
  SEARCH_PAGE_SIZE,
  setRowsPerPage,
} from '@hostdash/shared-auth';
import type { ListingStatus } from './listingsApi';
import { DEFAULT_LISTINGS_SORT, loadListingsAction, SEARCH_SORT, selectListings } from './listingsSlice';

export const LIST_NAME = 'listings';
export const SEARCH_DEBOUNCE_MS = 300;
export const SKELETON_DELAY_MS = 200;
const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

type SortField = 'nickname' | 'city' | 'building' | 'status' | 'pms';

const COLUMNS: { field: SortField; label: string }[] = [
  { field: 'nickname', label: 'Nickname' },
  { field: 'city', label: 'Address' },
  { field: 'building', label: 'Building' },
  { field: 'status', label: 'Status' },
  { field: 'pms', label: 'PMS' },
];

const STATUS_COLOURS: Record<ListingStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  inactive: 'warning',
  archived: 'default',
};

function parseSort(sort: string): { field: string; direction: 'asc' | 'desc' } {
  const [first = DEFAULT_LISTINGS_SORT] = sort.split(',');
  const [field = 'nickname', direction] = first.split(':');
  return { field, direction: direction === 'desc' ? 'desc' : 'asc' };
}

function useDelayed(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}

export function ListingsPage() {
  const dispatch = useDispatch();
  const { items, total, query, status } = useSelector(selectListings);
  const [searchText, setSearchText] = useState(query.search);
  const showSkeleton = useDelayed(status.loading, SKELETON_DELAY_MS);
  const searching = query.search !== '';

  const load = (changes: Partial<typeof query>) => dispatch(loadListingsAction.requested({ ...query, ...changes }));

  // First load: the rows per page this browser saved for the list.
  useEffect(() => {
    dispatch(loadListingsAction.requested({ ...query, from: 0, size: getRowsPerPage(LIST_NAME) }));
    // Only on mount: later loads come from the controls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Search is debounced; searching pages by 10, ranked by relevance then newest (spec section 7).
  useEffect(() => {
    const search = searchText.trim();
    if (search === query.search) return;
    const timer = setTimeout(() => {
      dispatch(
        loadListingsAction.requested(
          search
            ? { search, from: 0, size: SEARCH_PAGE_SIZE, sort: SEARCH_SORT }
            : { search: '', from: 0, size: getRowsPerPage(LIST_NAME), sort: DEFAULT_LISTINGS_SORT },
        ),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, query.search, dispatch]);

  const sort = parseSort(query.sort);
  const onSort = (field: SortField) => {
    const direction = sort.field === field && sort.direction === 'asc' ? 'desc' : 'asc';
    load({ sort: `${field}:${direction}`, from: 0 });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Listings
        </Typography>
        <TextField
          label="Search listings"
          placeholder="Nickname, address, city or building"
          size="small"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ minWidth: { sm: 320 } }}
          slotProps={{
            input: {
              endAdornment: searchText ? (
                <InputAdornment position="end">
                  <Button size="small" onClick={() => setSearchText('')}>
                    Clear
                  </Button>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      </Stack>

      {status.error && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => load({})}>Retry</Button>}>
          {status.error.message}
        </Alert>
      )}

      <Paper>
        <TableContainer>
          <Table size="small" aria-label="Listings">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column.field} sortDirection={!searching && sort.field === column.field ? sort.direction : false}>
                    {searching ? (
                      column.label
                    ) : (
                      <TableSortLabel
                        active={sort.field === column.field}
                        direction={sort.field === column.field ? sort.direction : 'asc'}
                        onClick={() => onSort(column.field)}
                      >
                        {column.label}
                      </TableSortLabel>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {showSkeleton && items.length === 0
                ? Array.from({ length: 5 }, (_, row) => (
                    <TableRow key={`skeleton-${row}`}>
                      {COLUMNS.map((column) => (
                        <TableCell key={column.field}>
                          <Skeleton />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : items.map((listing) => (
                    <TableRow key={listing.id} hover sx={{ opacity: status.loading ? 0.6 : 1 }}>
                      <TableCell sx={{ fontWeight: 500 }}>{listing.nickname}</TableCell>
                      <TableCell>
                        {listing.address}
                        <Typography variant="body2" color="text.secondary">
                          {listing.city}
                        </Typography>
                      </TableCell>
                      <TableCell>{listing.building ?? '—'}</TableCell>
                      <TableCell>
                        <Chip size="small" label={listing.status} color={STATUS_COLOURS[listing.status] ?? 'default'} />
                      </TableCell>
                      <TableCell>{listing.pms}</TableCell>
                    </TableRow>
                  ))}
              {!status.loading && !status.error && items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>
                    <Box sx={{ py: 4, textAlign: 'center' }}>
                      <Typography>
                        {searching ? `No listings match “${query.search}”.` : 'No listings yet. Connect your PMS to import them.'}
                      </Typography>
                    </Box>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={pageFromOffset(query.from, query.size)}
          rowsPerPage={query.size}
          rowsPerPageOptions={searching ? [SEARCH_PAGE_SIZE] : ROWS_PER_PAGE_OPTIONS}
          onPageChange={(_event, page) => load({ from: page * query.size })}
          onRowsPerPageChange={(event) => {
            const size = Number(event.target.value);
            setRowsPerPage(LIST_NAME, size);
            load({ size, from: 0 });
          }}
        />
      </Paper>
    </Stack>
  );
}
