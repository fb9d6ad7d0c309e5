// /admin/listings: every listing across accounts, for Hostdash staff. The address holds the
// filters, sort and page (listingsQuery.ts); the page asks for what the address says, so Back and
// a shared link show the same rows.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  formatDate,
  getRowsPerPage,
  labelOf,
  leadingSortKey,
  placeName,
  toggledSort,
} from '@hostdash/shared-auth';
import {
  FilterSelect,
  ListPagination,
  LoadError,
  PageFrame,
  ResponsiveList,
  routeFrame,
  SearchField,
  useDebouncedSearch,
  useDelayed,
  type ListColumn,
  StatusChip,
} from '@hostdash/shared-ui';
import {
  DEFAULT_SORT,
  isFiltered,
  LIST_NAME,
  queryFromUrl,
  urlOf,
  type PlatformListingsQuery,
} from './listingsQuery';
import { LISTING_STATUSES, type AdminListing } from './platformListingsApi';
import { platformListingsActions, selectPlatformListings } from './platformListingsSlice';

export const adminListingPath = (id: string): string => `/admin/listing/${encodeURIComponent(id)}`;

const COLUMNS: ListColumn<AdminListing>[] = [
  {
    key: 'nickname',
    header: 'Listing',
    width: '24%',
    phone: 'primary',
    sortable: true,
    render: (listing) => (
      <>
        <Link
          component={RouterLink}
          to={adminListingPath(listing.id)}
          underline="hover"
          sx={{ fontWeight: 500 }}
        >
          {listing.nickname}
        </Link>
        {listing.building && (
          <Typography variant="body2" color="textSecondary">
            {listing.building}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'account',
    header: 'Account',
    width: '18%',
    sortable: true,
    render: (listing) => listing.account_name,
  },
  {
    key: 'city',
    header: 'Address',
    width: '22%',
    sortable: true,
    render: (listing) => (
      <>
        {listing.address}
        <Typography variant="body2" color="textSecondary">
          {placeName(listing.city, listing.country)}
        </Typography>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    width: '11%',
    sortable: true,
    render: (listing) => <StatusChip kind="listingStatus" value={listing.status} />,
  },
  {
    key: 'pms',
    header: 'PMS',
    width: '12%',
    sortable: true,
    render: (listing) => labelOf('pms', listing.pms),
  },
  {
    key: 'updated_at',
    header: 'Updated',
    width: '13%',
    sortable: true,
    render: (listing) => formatDate(listing.updated_at),
  },
];

export function AllListingsPage() {
  const dispatch = useDispatch();
  const [params, setParams] = useSearchParams();
  const { items, total, accounts, pms, status } = useSelector(selectPlatformListings);
  // Read on every render: a rows-per-page change is saved, then the same address is shown again.
  const query = queryFromUrl(params, getRowsPerPage(LIST_NAME));
  const queryKey = JSON.stringify(query);
  const [searchText, setSearchText] = useState(query.search);
  const showSkeleton = useDelayed(status.load.loading);
  const facetsMissing = accounts === null;

  const load = () =>
    dispatch(platformListingsActions.load.requested({ query, facets: facetsMissing }));

  // What the address asks for, whenever it changes (a control, Back, a link).
  useEffect(() => {
    load();
    // `queryKey` is the query; `load` reads it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKey]);

  // Back (or Clear filters) changes the search: the box follows, unless it already says it.
  useEffect(() => {
    setSearchText((text) => (text.trim() === query.search ? text : query.search));
  }, [query.search]);

  const show = (changes: Partial<PlatformListingsQuery>, options: { replace?: boolean } = {}) =>
    setParams(urlOf({ ...query, ...changes }), options);

  // A search is ranked by relevance and pages by 10; typing replaces the address, not a new entry.
  useDebouncedSearch(searchText, query.search, (search) =>
    show({ search, from: 0, sort: search ? '' : DEFAULT_SORT }, { replace: true }),
  );

  const filter = (changes: Partial<PlatformListingsQuery>) => show({ ...changes, from: 0 });
  const clearFilters = () => {
    setSearchText('');
    setParams(new URLSearchParams());
  };
  const searching = query.search !== '';
  const sort = searching ? null : leadingSortKey(query.sort, 'nickname');

  const accountChoices = (accounts ?? []).map((account) => ({
    value: account.id,
    label: `${account.name} (${account.listings})`,
  }));
  const pmsChoices = (pms ?? []).map((entry) => ({
    value: entry.pms,
    label: `${labelOf('pms', entry.pms)} (${entry.listings})`,
  }));
  const statusChoices = LISTING_STATUSES.map((value) => ({
    value,
    label: labelOf('listingStatus', value),
  }));

  return (
    <PageFrame
      {...routeFrame('/admin/listings')}
      actions={
        <SearchField
          label="Search listings"
          placeholder="Nickname, address, city or building"
          value={searchText}
          onChange={setSearchText}
        />
      }
    >
      <Stack
        component="section"
        aria-label="Filters"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1.5 }}
      >
        <FilterSelect
          label="Account"
          allLabel="All accounts"
          value={query.account}
          choices={accountChoices}
          onChange={(account) => filter({ account })}
        />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={query.status}
          choices={statusChoices}
          onChange={(value) => filter({ status: value as PlatformListingsQuery['status'] })}
        />
        <FilterSelect
          label="PMS"
          allLabel="All PMSs"
          value={query.pms}
          choices={pmsChoices}
          onChange={(value) => filter({ pms: value })}
        />
        {isFiltered(query) && (
          <Box>
            <Button onClick={clearFilters}>Clear filters</Button>
          </Box>
        )}
      </Stack>

      {status.load.error && <LoadError error={status.load.error} onRetry={load} />}

      <Paper>
        <ResponsiveList
          label="All listings"
          columns={COLUMNS}
          rows={items ?? []}
          rowKey={(listing) => listing.id}
          loading={status.load.loading}
          showSkeleton={showSkeleton}
          // A search is ranked by relevance: no column sorts it.
          sort={sort ?? undefined}
          onSort={sort ? (field) => show({ sort: toggledSort(sort, field), from: 0 }) : undefined}
          minTableWidth={880}
          empty={
            status.load.error
              ? undefined
              : isFiltered(query)
                ? {
                    title: 'No listings match',
                    text: (
                      <>
                        {searching
                          ? `Nothing with these filters matches “${query.search}”.`
                          : 'No listing has all of these filters.'}{' '}
                        <Button size="small" onClick={clearFilters}>
                          Clear filters
                        </Button>
                      </>
                    ),
                  }
                : { title: 'No listings yet', text: 'No account has imported a listing yet.' }
          }
          footer={
            <ListPagination
              listName={LIST_NAME}
              total={total}
              from={query.from}
              size={query.size}
              searching={searching}
              onChange={(page) => {
                // A new rows-per-page is saved by the pagination; the same address then reads it.
                const replace = page.size !== query.size;
                show(page, { replace });
              }}
            />
          }
        />
      </Paper>
    </PageFrame>
  );
}
