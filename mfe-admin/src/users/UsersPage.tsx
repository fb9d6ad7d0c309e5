// `/users` (staff only, spec section 6 rule 4): every user of every account, newest first, paged in
// the API with the rows per page this browser remembers; a search across accounts ranked by
// relevance; the users of past-due accounts (`?past_due=true`, issue 32), where a search looks in
// names and emails inside the filter (the ranked search has no filters); and the selected user's
// panel (`?user={id}`, so Back closes it and a link opens it). The address holds all of them.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  formatDateTime,
  getRowsPerPage,
  labelOf,
  leadingSortKey,
  SEARCH_PAGE_SIZE,
  toggledSort,
} from '@hostdash/shared-auth';
import {
  FilterBar,
  FilterSelect,
  ListPagination,
  PastDueChip,
  LoadError,
  PageFrame,
  ResponsiveList,
  SearchField,
  useDebouncedSearch,
  useAddressFilters,
  useDelayed,
  type ListColumn,
} from '@hostdash/shared-ui';
import { selectAdmin } from '../adminSlice';
import { SignupLinkAction } from '../signupLinks/SignupLinkAction';
import type { AdminUser } from './usersApi';
import { USERS_LIST, searchCleared, usersActions } from './usersSlice';
import { UserPanel } from './UserPanel';
import { ActiveChip, roleOf } from './userChips';

const SEARCH_PARAM = 'search';
const USER_PARAM = 'user';
const PAST_DUE_PARAM = 'past_due';
const PAST_DUE = 'true';

export function UsersPage() {
  const dispatch = useDispatch();
  const { users, pagination, filter, searchResults, status } = useSelector(selectAdmin);
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const openUserId = params.get(USER_PARAM);
  const [filters, setFilters] = useAddressFilters({ [PAST_DUE_PARAM]: '' });
  const pastDue = filters[PAST_DUE_PARAM] === PAST_DUE;
  const [searchText, setSearchText] = useState(search);
  // The ranked search across accounts; inside the past-due filter a search narrows the list.
  const searching = search !== '' && !pastDue;
  const listFilter = { pastDue, search: pastDue ? search : '' };
  const loading = searching ? status.search.loading : status.users.loading;
  const error = searching ? status.search.error : status.users.error;
  const showSkeleton = useDelayed(loading);

  const changeParams = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace });
  };

  // The list on arrival (the page and rows per page it was on, when its filter is the address's),
  // and from the first page whenever the address's filter changes, so a shared link or Back shows
  // the same users.
  const filterKey = JSON.stringify(listFilter);
  useEffect(() => {
    if (users === null)
      dispatch(
        usersActions.load.requested({
          ...pagination,
          size: getRowsPerPage(USERS_LIST),
          ...listFilter,
        }),
      );
    else if (JSON.stringify(filter) !== filterKey)
      dispatch(usersActions.load.requested({ ...pagination, from: 0, ...listFilter }));
    // `filterKey` is the address's filter: later loads come from the controls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);
  useEffect(() => {
    setSearchText((text) => (text.trim() === search ? text : search));
    if (searching) {
      if (searchResults?.search !== search)
        dispatch(usersActions.search.requested({ search, from: 0, size: SEARCH_PAGE_SIZE }));
    } else if (searchResults) {
      dispatch(searchCleared());
    }
    // The address decides; the results it already shows are not asked for again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, searching]);

  useDebouncedSearch(searchText, search, (typed) =>
    changeParams({ [SEARCH_PARAM]: typed || null }, true),
  );

  const sort = leadingSortKey(pagination.sort, 'created_at');
  const rows: AdminUser[] = (searching ? searchResults?.items : users) ?? [];
  const open = (user: AdminUser) => changeParams({ [USER_PARAM]: user.id });

  const columns: ListColumn<AdminUser>[] = [
    {
      key: 'name',
      header: 'User',
      sortable: true,
      phone: 'primary',
      width: '28%',
      render: (user) => (
        <Stack sx={{ minWidth: 0 }}>
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={() => open(user)}
            sx={{ alignSelf: 'flex-start', textAlign: 'left', fontWeight: 500 }}
          >
            {user.name}
          </Link>
          <Typography variant="body2" color="textSecondary" noWrap title={user.email}>
            {user.email}
          </Typography>
        </Stack>
      ),
    },
    {
      key: 'account_name',
      header: 'Account',
      sortable: true,
      render: (user) => user.account_name,
    },
    { key: 'subtype', header: 'Role', sortable: true, render: roleOf },
    {
      key: 'is_active',
      header: 'Status',
      sortable: true,
      render: (user) => (
        <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          <ActiveChip user={user} />
          {user.billing.past_due_since && <PastDueChip since={user.billing.past_due_since} />}
        </Stack>
      ),
    },
    {
      key: 'last_sign_in_at',
      header: 'Last sign-in',
      sortable: true,
      render: (user) => (user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'),
    },
    {
      key: 'created_at',
      header: 'Joined',
      sortable: true,
      render: (user) => formatDateTime(user.created_at),
    },
  ];

  const retry = () =>
    searching
      ? dispatch(
          usersActions.search.requested({
            search,
            from: searchResults?.from ?? 0,
            size: SEARCH_PAGE_SIZE,
          }),
        )
      : dispatch(usersActions.load.requested({ ...pagination, ...filter }));

  const total = searching ? (searchResults?.total ?? 0) : pagination.total;
  const from = searching ? (searchResults?.from ?? 0) : pagination.from;

  return (
    <PageFrame
      width="list"
      title="Users"
      subtitle={
        searching
          ? `${total} ${total === 1 ? 'user matches' : 'users match'} “${search}”, best match first.`
          : pastDue
            ? `${total} ${total === 1 ? 'user' : 'users'} of past-due accounts${search ? ` ${total === 1 ? 'matches' : 'match'} “${search}” in their name or email` : ''}: every try of a month’s charge failed. Nothing is switched off for them.`
            : 'Everyone on Hostdash, in every account. Open a user to see their account and history, or to act.'
      }
      actions={
        // One box, so on a phone the search and the button each take a full line without the
        // header's row spacing pushing the second past the edge.
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { sm: 'center' },
            gap: 1,
            width: { xs: '100%', sm: 'auto' },
          }}
        >
          <SearchField
            label="Search users"
            placeholder="Name, email or account"
            value={searchText}
            onChange={setSearchText}
          />
          <SignupLinkAction />
        </Box>
      }
    >
      <FilterBar>
        <FilterSelect
          label="Billing"
          allLabel="All accounts"
          value={filters[PAST_DUE_PARAM]}
          choices={[{ value: PAST_DUE, label: labelOf('billingWarning', 'past_due') }]}
          onChange={(value) => setFilters({ [PAST_DUE_PARAM]: value })}
        />
      </FilterBar>
      {error && <LoadError error={error} onRetry={retry} />}
      <Paper>
        <ResponsiveList
          label={searching ? 'Users found' : 'Users'}
          columns={columns}
          rows={rows}
          rowKey={(user) => user.id}
          loading={loading}
          showSkeleton={showSkeleton}
          sort={searching ? null : sort}
          onSort={(field) =>
            dispatch(
              usersActions.load.requested({
                ...pagination,
                ...filter,
                sort: toggledSort(sort, field),
                from: 0,
              }),
            )
          }
          minTableWidth={900}
          empty={
            searching
              ? {
                  title: 'No users match',
                  text: `Nobody’s name, email or account matches “${search}”.`,
                }
              : pastDue
                ? {
                    title: search ? 'No past-due users match' : 'No account is past due',
                    text: search
                      ? `No user of a past-due account has “${search}” in their name or email.`
                      : 'Every account’s monthly charges were paid, or still have a try left.',
                  }
                : { title: 'No users yet' }
          }
          footer={
            <ListPagination
              listName={USERS_LIST}
              total={total}
              from={from}
              size={searching ? SEARCH_PAGE_SIZE : pagination.size}
              searching={searching}
              onChange={(page) =>
                searching
                  ? dispatch(usersActions.search.requested({ search, ...page }))
                  : dispatch(usersActions.load.requested({ ...pagination, ...filter, ...page }))
              }
            />
          }
        />
      </Paper>
      <UserPanel userId={openUserId} onClose={() => changeParams({ [USER_PARAM]: null })} />
    </PageFrame>
  );
}
