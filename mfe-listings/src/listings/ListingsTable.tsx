import { Link as RouterLink } from 'react-router';
import {
  Checkbox,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { buildingPath, pmsName, type SortKey } from '@hostdash/shared-auth';
import { EmptyState, PlaceholderRows } from '@hostdash/shared-ui';
import type { Listing } from './listingsApi';
import { listingsActions, selectBatch } from './listingsSlice';
import { StatusSelect } from './StatusSelect';

export type SortField = 'nickname' | 'city' | 'building' | 'status' | 'pms';

/** Fixed widths: the columns do not move when the rows arrive (no layout shift). */
const COLUMNS: { field: SortField; label: string; width: string }[] = [
  { field: 'nickname', label: 'Nickname', width: '30%' },
  { field: 'city', label: 'Address', width: '24%' },
  { field: 'building', label: 'Building', width: '16%' },
  { field: 'status', label: 'Status', width: '16%' },
  { field: 'pms', label: 'PMS', width: '14%' },
];

interface ListingsTableProps {
  items: Listing[];
  loading: boolean;
  showSkeleton: boolean;
  sort: SortKey | null;
  onSort: (field: SortField) => void;
  emptyTitle: string;
  emptyText: string;
}

export function ListingsTable({
  items,
  loading,
  showSkeleton,
  sort,
  onSort,
  emptyTitle,
  emptyText,
}: ListingsTableProps) {
  const dispatch = useDispatch();
  const batch = useSelector(selectBatch);
  const selectedRows = batch.ids
    .map((id) => batch.rows[id])
    .filter((row): row is Listing => row !== undefined);
  const selectedOnPage = items.filter((listing) => batch.rows[listing.id]).length;
  const allOnPage = items.length > 0 && selectedOnPage === items.length;

  const toggleRow = (listing: Listing) =>
    dispatch(
      batch.rows[listing.id]
        ? listingsActions.batchRemove(listing.id)
        : listingsActions.batchSet([...selectedRows, listing]),
    );
  const togglePage = () =>
    dispatch(
      listingsActions.batchSet(
        allOnPage
          ? selectedRows.filter((row) => !items.some((listing) => listing.id === row.id))
          : [...selectedRows, ...items.filter((listing) => !batch.rows[listing.id])],
      ),
    );

  return (
    <TableContainer>
      {/* Wide enough to read on a phone: the container scrolls sideways instead of squeezing. */}
      <Table
        size="small"
        aria-label="Listings"
        aria-busy={loading}
        sx={{ minWidth: 760, tableLayout: 'fixed' }}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ width: 52 }}>
              <Checkbox
                checked={allOnPage}
                indeterminate={selectedOnPage > 0 && !allOnPage}
                disabled={items.length === 0 || batch.running}
                onChange={togglePage}
                slotProps={{ input: { 'aria-label': 'Select all listings on this page' } }}
              />
            </TableCell>
            {COLUMNS.map((column) => (
              <TableCell
                key={column.field}
                sx={{ width: column.width }}
                sortDirection={sort?.field === column.field ? sort.direction : false}
              >
                {sort ? (
                  <TableSortLabel
                    active={sort.field === column.field}
                    direction={sort.field === column.field ? sort.direction : 'asc'}
                    onClick={() => onSort(column.field)}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && items.length === 0 ? (
            <PlaceholderRows
              cells={COLUMNS.length}
              rowHeight={53}
              visible={showSkeleton}
              checkboxColumn
            />
          ) : (
            items.map((listing) => (
              <TableRow
                key={listing.id}
                hover
                selected={!!batch.rows[listing.id]}
                sx={{ opacity: loading ? 0.6 : 1 }}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={!!batch.rows[listing.id]}
                    disabled={batch.running}
                    onChange={() => toggleRow(listing)}
                    slotProps={{ input: { 'aria-label': `Select ${listing.nickname}` } }}
                  />
                </TableCell>
                <TableCell sx={{ fontWeight: 500 }}>
                  <Link
                    component={RouterLink}
                    to={`/listing/${encodeURIComponent(listing.id)}`}
                    underline="hover"
                    color="inherit"
                  >
                    {listing.nickname}
                  </Link>
                </TableCell>
                <TableCell>
                  {listing.address}
                  <Typography variant="body2" color="text.secondary">
                    {listing.city}
                  </Typography>
                </TableCell>
                <TableCell>
                  {listing.building && listing.building_slug ? (
                    <Link
                      component={RouterLink}
                      to={buildingPath({
                        account_id: listing.account_id,
                        slug: listing.building_slug,
                      })}
                      underline="hover"
                    >
                      {listing.building}
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>
                  <StatusSelect listing={listing} />
                </TableCell>
                <TableCell>{pmsName(listing.pms)}</TableCell>
              </TableRow>
            ))
          )}
          {!loading && items.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1}>
                <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
