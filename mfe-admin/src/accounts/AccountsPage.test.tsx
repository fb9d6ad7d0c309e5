// Issue 33: staff find a host's account by its name or its owner's and open it from the list.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { keepsContract } from '@hostdash/testing/contract';
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { renderRemote } from '../testing/renderRemote';
import { STAFF } from '../testing/staff';
import type { AdminAccount } from './accountsApi';

const account = (
  id: string,
  name: string,
  owner: string,
  extra: Partial<Omit<AdminAccount, 'owner'>> = {},
): AdminAccount & { owner: NonNullable<AdminAccount['owner']> } => ({
  id,
  name,
  owner: { id: `${id}0`, name: owner, email: `${owner.split(' ')[0]!.toLowerCase()}@example.com` },
  people: 3,
  listings: 12,
  has_card: true,
  past_due_since: null,
  created_at: '2025-01-10T09:00:00.000Z',
  ...extra,
});
const ACCOUNTS = [
  account('4', 'Becker Lake Rentals', 'Tom Becker', { has_card: false }),
  account('1', 'Hart Stays', 'Olivia Hart', { listings: 120 }),
];

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      if (url.pathname === '/admin/accounts') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const items = ACCOUNTS.filter((each) =>
          `${each.name} ${each.owner.name}`.toLowerCase().includes(search),
        );
        return {
          json: { items, total: items.length, size: Number(url.searchParams.get('size')), from: 0 },
        };
      }
      if (request.method === 'POST' && url.pathname === '/admin/viewing/1')
        return {
          json: {
            ...STAFF,
            viewing: { account_id: '1', name: 'Hart Stays', owner_name: 'Olivia Hart' },
          },
        };
      return { status: 404, json: { error: 'not_found', message: 'Nothing here.' } };
    },
    { check: keepsContract },
  );
  configureApiClient({ baseURL: upstream.url, logError: () => undefined });
});
afterAll(() => upstream.close());

it("lists hosts' accounts, finds one by its owner, keeps the search in the address and opens it", async () => {
  const { store } = await renderRemote('/admin/accounts', { user: STAFF });
  expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Accounts' });
  await within(table).findByText('Hart Stays');
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(within(table).getByText('No card yet')).toBeInTheDocument();

  await userEvent.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'olivia');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?search=olivia'));
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  const row = within(table).getByRole('row', { name: /Hart Stays/ });
  expect(row).toHaveTextContent('Olivia Hart');
  expect(row).toHaveTextContent('120');

  await userEvent.click(within(row).getByRole('button', { name: 'Open this account' }));
  await waitFor(() =>
    expect(store.getState().auth.user?.viewing).toMatchObject({ account_id: '1' }),
  );
});
