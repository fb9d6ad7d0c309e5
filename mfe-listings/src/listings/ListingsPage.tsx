import { useEffect, useRef, useState } from 'react';
import { Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  getRowsPerPage,
  leadingSortKey,
  toggledSort,
  SEARCH_PAGE_SIZE,
} from '@hostdash/shared-auth';
import {
  FilterBar,
  ListPagination,
  LoadError,
  PageFrame,
  SearchField,
  useAddressFilters,
  useDebouncedSearch,
  useDelayed,
} from '@hostdash/shared-ui';
import { BatchBar } from './BatchBar';
import { LISTING_STATUSES, type ListingsQuery, type ListingStatus } from './listingsApi';
import { LISTING_STATUS_INFO } from './listingStatus';
import {
  DEFAULT_LISTINGS_SORT,
  listingsActions,
  SEARCH_SORT,
  selectList,
  selectStats,
} from './listingsSlice';
import { ListingsTable, type SortField } from './ListingsTable';
import { StatsCards } from './StatsCards';

export const LIST_NAME = 'listings';
/** The filters the address holds (`/listings?status=inactive&search=harbor`): a reload keeps them. */
const ADDRESS_FILTERS = { status: 'all', search: '' } as const;

const isListingStatus = (value: string): value is ListingStatus =>
  (LISTING_STATUSES as readonly string[]).includes(value);
/** Set at build time (HOSTDASH_BUILD_LABEL) to tell one build of this remote from another. */
const BUILD_LABEL = process.env.HOSTDASH_BUILD_LABEL ?? '';
/**
 * Set at build time (HOSTDASH_FAULT=listings-page) to make this page throw: the bad candidate the
 * rollout journey deploys, so the health check has a real failure to stop. Empty in every other
 * build: the minifier drops it.
 */
const BUILT_TO_FAIL = process.env.HOSTDASH_FAULT === 'listings-page';

function BuiltToFail(): never {
  throw new Error('The listings page was built to fail (HOSTDASH_FAULT=listings-page)');
}

export function ListingsPage() {
  const dispatch = useDispatch();
  const { items, total, query, status } = useSelector(selectList);
  const statsFailed = useSelector(selectStats).status.error !== null;
  const [filters, setFilters] = useAddressFilters(ADDRESS_FILTERS);
  const addressStatus: ListingStatus[] = isListingStatus(filters.status) ? [filters.status] : [];
  const [searchText, setSearchText] = useState(filters.search);
  const showSkeleton = useDelayed(status.loading);
  const searching = query.search !== '';

  const load = (changes: Partial<ListingsQuery>) => {
    const next = { ...query, ...changes };
    dispatch(listingsActions.load.requested(next));
    if (changes.search !== undefined || changes.status !== undefined) {
      dispatch(listingsActions.loadStats.requested({ search: next.search, status: next.status }));
    }
  };

  // The page's one error message retries whatever failed: the list, and the stats with it.
  const retry = () => {
    dispatch(listingsActions.load.requested(query));
    if (statsFailed)
      dispatch(listingsActions.loadStats.requested({ search: query.search, status: query.status }));
  };

  // The filters are the address's (a reload, Back or a shared link shows the same list). On
  // arrival: the page the list was on when its filters are the address's (coming back from a
  // listing), else the first page of the address's filters, with the rows per page this browser
  // saved; later, the first page whenever the address's filters change.
  const arrived = useRef(false);
  useEffect(() => {
    const { search } = filters;
    const sameSearch = search === query.search;
    const same = sameSearch && addressStatus.join() === query.status.join();
    const searchQuery = search
      ? { search, size: SEARCH_PAGE_SIZE, sort: SEARCH_SORT }
      : { search: '', size: getRowsPerPage(LIST_NAME), sort: DEFAULT_LISTINGS_SORT };
    if (!arrived.current) {
      arrived.current = true;
      const next: ListingsQuery = same
        ? { ...query, size: search ? SEARCH_PAGE_SIZE : getRowsPerPage(LIST_NAME) }
        : { ...query, ...searchQuery, status: addressStatus, from: 0 };
      dispatch(listingsActions.load.requested(next));
      dispatch(listingsActions.loadStats.requested({ search, status: addressStatus }));
      return;
    }
    setSearchText((text) => (text.trim() === search ? text : search));
    if (same) return;
    // A search pages by 10, ranked by relevance then newest (spec section 7).
    load(
      sameSearch
        ? { status: addressStatus, from: 0 }
        : { ...searchQuery, status: addressStatus, from: 0 },
    );
    // The address decides; `load` reads the rest of the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.status, filters.search]);

  useDebouncedSearch(searchText, filters.search, (search) => setFilters({ search }, true));

  const sort = leadingSortKey(query.sort, 'nickname');
  const onSort = (field: SortField) => {
    load({ sort: toggledSort(sort, field), from: 0 });
  };
  const statusFilter = addressStatus[0] ?? 'all';
  const filtered = searching || query.status.length > 0;

  return (
    <PageFrame
      width="list"
      title="Listings"
      actions={
        <SearchField
          label="Search listings"
          placeholder="Nickname, address, city or building"
          value={searchText}
          onChange={setSearchText}
        />
      }
    >
      {BUILD_LABEL && (
        <Typography variant="body2" color="textSecondary">
          Build: {BUILD_LABEL}
        </Typography>
      )}
      {BUILT_TO_FAIL && <BuiltToFail />}

      <StatsCards />

      <FilterBar>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={statusFilter}
          aria-label="Filter by status"
          onChange={(_event, value: ListingStatus | 'all' | null) => {
            if (value !== null) setFilters({ status: value });
          }}
        >
          <ToggleButton value="all">All</ToggleButton>
          {LISTING_STATUSES.map((value) => (
            <ToggleButton key={value} value={value}>
              {LISTING_STATUS_INFO[value].label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </FilterBar>

      <BatchBar />

      {status.error && <LoadError error={status.error} onRetry={retry} />}

      <Paper>
        <ListingsTable
          items={items}
          loading={status.loading}
          showSkeleton={showSkeleton}
          sort={searching ? null : sort}
          onSort={onSort}
          emptyTitle={filtered ? 'No listings match' : 'No listings yet'}
          emptyText={
            searching
              ? `Nothing${query.status.length ? ' with this status' : ''} matches “${query.search}”. Search by nickname, address, city or building.`
              : filtered
                ? 'No listings have this status.'
                : 'Connect your property-management system to import your listings.'
          }
          footer={
            <ListPagination
              listName={LIST_NAME}
              total={total}
              from={query.from}
              size={query.size}
              searching={searching}
              onChange={load}
            />
          }
        />
      </Paper>
    </PageFrame>
  );
}
