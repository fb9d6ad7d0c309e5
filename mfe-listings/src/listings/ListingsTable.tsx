import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Link, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { buildingPath, pmsName, type SortKey } from '@hostdash/shared-auth';
import { ResponsiveList, type ListColumn } from '@hostdash/shared-ui';
import type { Listing } from './listingsApi';
import { listingsActions, selectBatch } from './listingsSlice';
import { StatusSelect } from './StatusSelect';

export type SortField = 'nickname' | 'city' | 'building' | 'status' | 'pms';

/**
 * Fixed widths: the columns do not move when the rows arrive (no layout shift). On a phone the
 * nickname heads the card and every other value is labelled under it: nothing starts off-screen.
 */
const COLUMNS: ListColumn<Listing>[] = [
  {
    key: 'nickname',
    header: 'Nickname',
    width: '30%',
    phone: 'primary',
    sortable: true,
    // The row's main link reads as a link, in the same colour as the building link beside it.
    render: (listing) => (
      <Link
        component={RouterLink}
        to={`/listing/${encodeURIComponent(listing.id)}`}
        underline="hover"
        sx={{ fontWeight: 500 }}
      >
        {listing.nickname}
      </Link>
    ),
  },
  {
    key: 'city',
    header: 'Address',
    width: '24%',
    sortable: true,
    render: (listing) => (
      <>
        {listing.address}
        <Typography variant="body2" color="textSecondary">
          {listing.city}
        </Typography>
      </>
    ),
  },
  {
    key: 'building',
    header: 'Building',
    width: '16%',
    sortable: true,
    render: (listing) =>
      listing.building && listing.building_slug ? (
        <Link
          component={RouterLink}
          to={buildingPath({ account_id: listing.account_id, slug: listing.building_slug })}
          underline="hover"
        >
          {listing.building}
        </Link>
      ) : (
        '—'
      ),
  },
  {
    key: 'status',
    header: 'Status',
    width: '16%',
    sortable: true,
    render: (listing) => <StatusSelect listing={listing} />,
  },
  {
    key: 'pms',
    header: 'PMS',
    width: '14%',
    sortable: true,
    render: (listing) => pmsName(listing.pms),
  },
];

interface ListingsTableProps {
  items: Listing[];
  loading: boolean;
  showSkeleton: boolean;
  sort: SortKey | null;
  onSort: (field: SortField) => void;
  emptyTitle: string;
  emptyText: string;
  /** The pagination, under the rows in both layouts. */
  footer: ReactNode;
}

export function ListingsTable({
  items,
  loading,
  showSkeleton,
  sort,
  onSort,
  emptyTitle,
  emptyText,
  footer,
}: ListingsTableProps) {
  const dispatch = useDispatch();
  const batch = useSelector(selectBatch);
  const selectedRows = batch.ids
    .map((id) => batch.rows[id])
    .filter((row): row is Listing => row !== undefined);
  const allOnPage = items.length > 0 && items.every((listing) => batch.rows[listing.id]);

  return (
    <ResponsiveList
      label="Listings"
      columns={COLUMNS}
      rows={items}
      rowKey={(listing) => listing.id}
      loading={loading}
      showSkeleton={showSkeleton}
      // A search is ranked by relevance: no column sorts it.
      sort={sort ?? undefined}
      onSort={sort ? (field) => onSort(field as SortField) : undefined}
      minTableWidth={760}
      selection={{
        isSelected: (listing) => !!batch.rows[listing.id],
        onToggle: (listing) =>
          dispatch(
            batch.rows[listing.id]
              ? listingsActions.batchRemove(listing.id)
              : listingsActions.batchSet([...selectedRows, listing]),
          ),
        onTogglePage: () =>
          dispatch(
            listingsActions.batchSet(
              allOnPage
                ? selectedRows.filter((row) => !items.some((listing) => listing.id === row.id))
                : [...selectedRows, ...items.filter((listing) => !batch.rows[listing.id])],
            ),
          ),
        rowLabel: (listing) => `Select ${listing.nickname}`,
        pageLabel: 'Select all listings on this page',
        disabled: batch.running,
      }}
      empty={{ title: emptyTitle, text: emptyText }}
      footer={footer}
    />
  );
}
