// `/admin/accounts` (staff, issue 33): every host's account by name, found by its name or its
// owner's, each with what support asks first (owner, listings, people, card) and "Open this
// account", the one way into a host's pages (docs/adr/0031). The search and the page are in the
// address, so Back and a shared link show the same accounts.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { Stack, Typography } from '@mui/material';
import { getRowsPerPage } from '@hostdash/shared-auth';
import {
  ListPagination,
  LoadError,
  PageFrame,
  PastDueChip,
  ResponsiveList,
  SearchField,
  useDebouncedSearch,
  useDelayed,
  type ListColumn,
} from '@hostdash/shared-ui';
import { selectAdmin } from '../adminSlice';
import type { AdminAccount } from './accountsApi';
import { accountsActions } from './accountsSlice';
import { OpenAccountButton } from './OpenAccountButton';

export const ACCOUNTS_LIST = 'admin-accounts';

const columns: ListColumn<AdminAccount>[] = [
  {
    key: 'name',
    header: 'Account',
    phone: 'primary',
    width: '26%',
    render: (account) => <Typography sx={{ fontWeight: 600 }}>{account.name}</Typography>,
  },
  {
    key: 'owner',
    header: 'Owner',
    width: '26%',
    render: (account) =>
      account.owner ? (
        <Stack sx={{ minWidth: 0 }}>
          <span>{account.owner.name}</span>
          <Typography variant="body2" color="textSecondary" noWrap title={account.owner.email}>
            {account.owner.email}
          </Typography>
        </Stack>
      ) : (
        'No owner'
      ),
  },
  { key: 'listings', header: 'Listings', align: 'right', render: (account) => account.listings },
  { key: 'people', header: 'People', align: 'right', render: (account) => account.people },
  {
    key: 'billing',
    header: 'Billing',
    render: (account) =>
      account.past_due_since ? (
        <PastDueChip since={account.past_due_since} />
      ) : account.has_card ? (
        'Card on file'
      ) : (
        'No card yet'
      ),
  },
  {
    key: 'open',
    header: 'Open',
    render: (account) => <OpenAccountButton accountId={account.id} />,
  },
];

export function AccountsPage() {
  const dispatch = useDispatch();
  const { accounts } = useSelector(selectAdmin);
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const from = Math.max(0, Number(params.get('from') ?? 0) || 0);
  const [size, setSize] = useState(() => getRowsPerPage(ACCOUNTS_LIST));
  const [searchText, setSearchText] = useState(search);
  const showSkeleton = useDelayed(accounts.status.load.loading);

  const load = () => {
    dispatch(accountsActions.load.requested({ search, from, size }));
  };
  useEffect(load, [dispatch, search, from, size]);
  useEffect(() => setSearchText((text) => (text.trim() === search ? text : search)), [search]);
  useDebouncedSearch(searchText, search, (typed) => {
    const next = new URLSearchParams();
    if (typed) next.set('search', typed);
    setParams(next, { replace: true });
  });

  const page = accounts.page;
  const total = page?.total ?? 0;
  return (
    <PageFrame
      width="list"
      title="Accounts"
      subtitle={
        search
          ? `${total} ${total === 1 ? 'account matches' : 'accounts match'} “${search}”.`
          : "Every host's account. Open one to see its pages as its owner does."
      }
      actions={
        <SearchField
          label="Search accounts"
          placeholder="Account, owner or email"
          value={searchText}
          onChange={setSearchText}
        />
      }
    >
      {accounts.status.load.error && !accounts.status.load.loading ? (
        <LoadError error={accounts.status.load.error} onRetry={load} />
      ) : (
        <ResponsiveList
          label="Accounts"
          columns={columns}
          rows={page?.items ?? []}
          rowKey={(account) => account.id}
          loading={accounts.status.load.loading}
          showSkeleton={showSkeleton}
          empty={{ title: search ? 'No account matches' : 'No host accounts yet' }}
          footer={
            <ListPagination
              listName={ACCOUNTS_LIST}
              total={total}
              from={from}
              size={size}
              onChange={(next) => {
                setSize(next.size);
                const changed = new URLSearchParams(params);
                if (next.from > 0) changed.set('from', String(next.from));
                else changed.delete('from');
                setParams(changed);
              }}
            />
          }
        />
      )}
    </PageFrame>
  );
}
