import { useEffect, useState } from 'react';
import { MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  getRowsPerPage,
  leadingSortKey,
  toggledSort,
  SEARCH_PAGE_SIZE,
  toIsoDate,
} from '@hostdash/shared-auth';
import {
  ListPagination,
  LoadError,
  PageFrame,
  SearchField,
  useAddressFilters,
  useDebouncedSearch,
  useDelayed,
} from '@hostdash/shared-ui';
import { ReservationsActions } from '../calendar/ReservationsViewSwitch';
import {
  changesFilter,
  filterOf,
  RESERVATION_STATUSES,
  type ReservationQuery,
} from './reservationsApi';
import {
  DEFAULT_RESERVATIONS_SORT,
  DEFAULT_STATUS,
  reservationsActions,
  SEARCH_SORT,
  selectInvites,
  selectReservationList,
} from './reservationsSlice';
import { InviteBar } from './InviteBar';
import { ReservationStatsCards } from './ReservationStatsCards';
import { ReservationsTable } from './ReservationsTable';

export const LIST_NAME = 'reservations';
/** The address's filters: `?search=…&status=all&from=2026-12-01` (a missing one is its default). */
const ADDRESS_FILTERS = { search: '', status: DEFAULT_STATUS, from: '' } as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A status the list offers, or the default. */
const statusOf = (value: string): string =>
  value === 'all' || (RESERVATION_STATUSES as readonly string[]).includes(value)
    ? value
    : DEFAULT_STATUS;
const STATUS_LABELS: Record<string, string> = {
  CONFIRMED: 'Confirmed',
  CANCELLED: 'Cancelled',
  INQUIRY: 'Inquiry',
  all: 'Any status',
};

export function ReservationsPage() {
  const dispatch = useDispatch();
  const { items, total, query, status } = useSelector(selectReservationList);
  const invites = useSelector(selectInvites);
  const chosen = new Set(invites.ids);
  const allOnPage = items.length > 0 && items.every((reservation) => chosen.has(reservation.id));
  // The search, status and first day live in the address (issue 33: filters in the address): a
  // reload, Back or a shared link shows the same reservations.
  const [filters, setFilters] = useAddressFilters(ADDRESS_FILTERS);
  const search = filters.search.trim();
  const statusFilter = statusOf(filters.status);
  const startDate = ISO_DAY.test(filters.from) ? filters.from : toIsoDate();
  const [searchText, setSearchText] = useState(search);
  const showSkeleton = useDelayed(status.loading);
  const searching = search !== '';

  const load = (changes: Partial<ReservationQuery>) => {
    const next = { ...query, ...changes };
    dispatch(reservationsActions.search.requested(next));
    // The cards count the stays the list holds: a search or a status recounts them.
    if (changesFilter(changes)) dispatch(reservationsActions.loadStats.requested(filterOf(next)));
  };

  // On arrival and whenever the address's filters change, from the first page. A search pages by
  // 10, newest stays first, ranked (spec section 7).
  useEffect(() => {
    const next: ReservationQuery = {
      ...query,
      search,
      status: statusFilter,
      startDate,
      from: 0,
      ...(search
        ? { size: SEARCH_PAGE_SIZE, sort: SEARCH_SORT }
        : {
            size: getRowsPerPage(LIST_NAME),
            sort: query.search ? DEFAULT_RESERVATIONS_SORT : query.sort,
          }),
    };
    dispatch(reservationsActions.search.requested(next));
    dispatch(reservationsActions.loadStats.requested(filterOf(next)));
    // The filters, as the address writes them, decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, statusFilter, startDate]);

  // Back or a link changed the search: the box follows.
  useEffect(() => {
    setSearchText((text) => (text.trim() === search ? text : search));
  }, [search]);

  // Typing settles into the address (replacing its entry: Back skips the keystrokes).
  useDebouncedSearch(searchText, search, (typed) => setFilters({ search: typed }, true));

  const sort = leadingSortKey(query.sort, 'check_in_date');
  const onSort = (field: string) => {
    load({ sort: toggledSort(sort, field), from: 0 });
  };

  return (
    <PageFrame width="list" title="Reservations" actions={<ReservationsActions view="list" />}>
      <ReservationStatsCards filter={query} />

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchField
          label="Search reservations"
          placeholder="Guest name or email, listing, reservation number"
          value={searchText}
          onChange={setSearchText}
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          label="Status"
          value={statusFilter}
          onChange={(event) => setFilters({ status: event.target.value })}
          sx={{ minWidth: 160 }}
        >
          {[...RESERVATION_STATUSES, 'all'].map((value) => (
            <MenuItem key={value} value={value}>
              {STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label="Arriving from"
          value={startDate}
          disabled={searching}
          helperText={searching ? 'A search looks at every date' : undefined}
          onChange={(event) =>
            setFilters({ from: event.target.value === toIsoDate() ? '' : event.target.value })
          }
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>

      {status.error && <LoadError error={status.error} onRetry={() => load({})} />}

      <InviteBar />

      <Paper>
        <ReservationsTable
          label="Reservations"
          items={items}
          loading={status.loading}
          showSkeleton={showSkeleton}
          sort={searching ? null : sort}
          onSort={onSort}
          canChangeVerification
          selection={{
            isSelected: (reservation) => chosen.has(reservation.id),
            onToggle: (reservation) =>
              dispatch(
                reservationsActions.inviteSelectionSet(
                  chosen.has(reservation.id)
                    ? invites.ids.filter((id) => id !== reservation.id)
                    : [...invites.ids, reservation.id],
                ),
              ),
            onTogglePage: () =>
              dispatch(
                reservationsActions.inviteSelectionSet(
                  allOnPage
                    ? invites.ids.filter(
                        (id) => !items.some((reservation) => reservation.id === id),
                      )
                    : [
                        ...invites.ids,
                        ...items
                          .map((reservation) => reservation.id)
                          .filter((id) => !chosen.has(id)),
                      ],
                ),
              ),
            rowLabel: (reservation) => `Select ${reservation.guest_name}`,
            pageLabel: 'Select all reservations on this page',
            disabled: invites.status.loading,
          }}
          emptyTitle={searching ? 'No reservations match' : 'No reservations from this day on'}
          emptyText={
            searching
              ? `Nothing matches “${search}”.`
              : 'Try an earlier start date or another status.'
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
