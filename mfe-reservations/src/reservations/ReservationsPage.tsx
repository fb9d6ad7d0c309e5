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
  reservationsActions,
  SEARCH_SORT,
  selectInvites,
  selectReservationList,
} from './reservationsSlice';
import { InviteBar } from './InviteBar';
import { ReservationStatsCards } from './ReservationStatsCards';
import { ReservationsTable } from './ReservationsTable';

export const LIST_NAME = 'reservations';
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
  const [searchText, setSearchText] = useState(query.search);
  const showSkeleton = useDelayed(status.loading);
  const searching = query.search !== '';

  const load = (changes: Partial<ReservationQuery>) => {
    const next = { ...query, ...changes };
    dispatch(reservationsActions.search.requested(next));
    // The cards count the stays the list holds: a search or a status recounts them.
    if (changesFilter(changes)) dispatch(reservationsActions.loadStats.requested(filterOf(next)));
  };

  useEffect(() => {
    const size = query.search ? SEARCH_PAGE_SIZE : getRowsPerPage(LIST_NAME);
    dispatch(reservationsActions.search.requested({ ...query, size }));
    dispatch(reservationsActions.loadStats.requested(filterOf(query)));
    // Only on arrival: later loads come from the controls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A search pages by 10, newest stays first, ranked (spec section 7).
  useDebouncedSearch(searchText, query.search, (search) =>
    load(
      search
        ? { search, from: 0, size: SEARCH_PAGE_SIZE, sort: SEARCH_SORT }
        : { search: '', from: 0, size: getRowsPerPage(LIST_NAME), sort: DEFAULT_RESERVATIONS_SORT },
    ),
  );

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
          value={query.status}
          onChange={(event) => load({ status: event.target.value, from: 0 })}
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
          value={query.startDate}
          disabled={searching}
          helperText={searching ? 'A search looks at every date' : undefined}
          onChange={(event) => load({ startDate: event.target.value || toIsoDate(), from: 0 })}
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
              ? `Nothing matches “${query.search}”.`
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
