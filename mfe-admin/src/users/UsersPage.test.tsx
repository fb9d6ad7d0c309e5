import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectSnackbar } from '@hostdash/shared-auth';
import { STAFF } from '../testing/staff';
import { makeUser, startUsersServer, type UsersServer } from '../testing/usersServer';
import { renderRemote } from '../testing/renderRemote';

const ADMIN = STAFF;
const DECLINED = 'Your card was declined. Try another card, or ask your bank why.';

let server: UsersServer;

function people() {
  const users = Array.from({ length: 30 }, (_, index) => makeUser(index + 1));
  users[29] = makeUser(30, {
    name: 'Mira Manager',
    email: 'manager@hostdash.test',
    totp_enabled: true,
    last_sign_in_at: '2026-11-24T08:30:00Z',
  });
  users[28] = makeUser(29, {
    name: 'Olivia Owner',
    email: 'owner@hostdash.test',
    subtype: 'owner',
    account_owner: null,
    account_name: 'Coastline Rentals',
    billing: { stripe_customer_id: 'cus_1', past_due_since: null, failed_payment: null },
  });
  users[4] = makeUser(5, { ...ADMIN, type: 'admin', subtype: 'admin', account_owner: null });
  // An account whose October charge failed on every try: its owner and its manager.
  const pastDue = {
    account_id: '7',
    account_name: 'Lapsed Lofts',
    billing: {
      stripe_customer_id: 'cus_7',
      past_due_since: '2026-11-08T02:00:00Z',
      failed_payment: { period: '2026-10', message: DECLINED, next_try_at: null },
    },
  };
  users[27] = makeUser(28, {
    ...pastDue,
    name: 'Pia Lapsed',
    email: 'pia@lapsedlofts.test',
    subtype: 'owner',
    account_owner: null,
  });
  users[26] = makeUser(27, { ...pastDue, name: 'Paul Reyes', email: 'paul@lapsedlofts.test' });
  return users;
}

async function open(path = '/users', users = people()) {
  server = await startUsersServer(users);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const view = await renderRemote(path, { user: ADMIN });
  return view;
}

afterEach(async () => {
  localStorage.clear();
  await server.close();
});

// The list stays behind an open panel (hidden from the accessibility tree meanwhile).
const table = () => screen.getByRole('table', { name: /Users/, hidden: true });
const dialog = () => screen.getByRole('dialog', { name: /\?$/ });
// The panel is hidden from the accessibility tree while a dialog asks over it.
const panel = () => screen.getByRole('dialog', { name: 'Mira Manager', hidden: true });
const location = () => screen.getByTestId('location').textContent;

describe('UsersPage', () => {
  it('lists every user newest first, with the rows per page this browser remembers, and pages in the API', async () => {
    localStorage.setItem('hostdash.rowsPerPage.admin.users', '25');
    await open();
    await within(table()).findByText('Mira Manager');
    const rows = within(table()).getAllByRole('row');
    expect(rows).toHaveLength(26); // the header and 25 users
    expect(rows[1]).toHaveTextContent('Mira Manager');
    expect(rows[1]).toHaveTextContent('Harbour Stays');
    expect(rows[2]).toHaveTextContent('Coastline Rentals');
    const [first] = server.requestsTo('/admin/user/load');
    expect(Object.fromEntries(new URL(first!.url, 'http://api').searchParams)).toEqual({
      from: '0',
      size: '25',
      sort: 'created_at:desc',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(6));
    expect(within(table()).getAllByRole('row')[5]).toHaveTextContent('User 1');
  });

  it('sorts by a column in the API', async () => {
    await open();
    await within(table()).findByText('Mira Manager');
    await userEvent.click(within(table()).getByRole('button', { name: 'Account' }));
    await waitFor(() =>
      expect(within(table()).getAllByRole('row')[1]).toHaveTextContent('Coastline Rentals'),
    );
    const requests = server.requestsTo('/admin/user/load');
    expect(new URL(requests.at(-1)!.url, 'http://api').searchParams.get('sort')).toBe(
      'account_name:asc',
    );
  });

  it('searches every account by name, email or account, best first, and keeps the search in the address', async () => {
    await open();
    await within(table()).findByText('Mira Manager');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search users' }), 'coastline');
    await waitFor(() => expect(location()).toContain('?search=coastline'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(within(table()).getAllByRole('row')[1]).toHaveTextContent('Olivia Owner');
    const [search] = server.requestsTo('/user/accounts/search');
    expect(Object.fromEntries(new URL(search!.url, 'http://api').searchParams)).toEqual({
      search: 'coastline',
      from: '0',
      size: '10',
      sort: '_score,created_at:desc',
    });
    expect(screen.getByText(/1 user matches “coastline”/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(location()).toBe('/users'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(11));
  });

  it('says so when nobody matches', async () => {
    await open('/users?search=nobody-at-all');
    expect(await screen.findByText('No users match')).toBeInTheDocument();
  });

  it("opens a user's panel from the list and from a link, with their account, state and history", async () => {
    await open();
    await userEvent.click(await within(table()).findByRole('button', { name: 'Mira Manager' }));
    expect(location()).toBe('/users?user=30');
    const mira = await screen.findByRole('dialog', { name: 'Mira Manager' });
    expect(mira).toHaveTextContent('AccountHarbour Stays');
    expect(within(mira).getByRole('button', { name: 'Open this account' })).toBeInTheDocument();
    expect(mira).toHaveTextContent('Owner: Olivia Owner (owner@hostdash.test)');
    expect(mira).toHaveTextContent('Second stepOn (authenticator app)');
    expect(mira).toHaveTextContent('BillingNo payment method yet');
    expect(mira).toHaveTextContent('No changes by an admin');

    await userEvent.click(within(mira).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/users'));
  });

  // Issue 33: staff reach a host's pages only by opening the account.
  it("opens the user's account for this session (the shell then opens its first page)", async () => {
    const { store } = await open('/users?user=30');
    const mira = await screen.findByRole('dialog', { name: 'Mira Manager' });
    await userEvent.click(within(mira).getByRole('button', { name: 'Open this account' }));
    await waitFor(() => expect(store.getState().auth.user?.viewing).not.toBeNull());
    expect(server.requestsTo('/admin/viewing/1')).toHaveLength(1);
    expect(server.requestsTo('/admin/viewing/1')[0]?.method).toBe('POST');
    expect(store.getState().auth.user?.viewing).toMatchObject({ account_id: '1' });
  });

  it('deactivates after asking, says so, and shows the change in the list, the panel and its history', async () => {
    const { store } = await open('/users?user=30');
    await within(await screen.findByRole('dialog', { name: 'Mira Manager' })).findByText('Active');
    await userEvent.click(await within(panel()).findByRole('button', { name: 'Deactivate' }));
    expect(dialog()).toHaveTextContent('signed out everywhere at once');
    expect(server.requestsTo('/admin/user/update/30/deactivate')).toHaveLength(0);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: /\?$/ })).toBeNull());
    expect(server.requestsTo('/admin/user/update/30/deactivate')).toHaveLength(1);
    expect(selectSnackbar(store.getState()).text).toBe(
      'Mira Manager is deactivated and signed out everywhere.',
    );
    expect(within(panel()).getByText('Deactivated')).toBeInTheDocument();
    expect(
      await within(panel()).findByText(/by Ada Admin \(admin@hostdash.test\)/),
    ).toBeInTheDocument();
    expect(await within(panel()).findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(within(table()).getAllByRole('row', { hidden: true })[1]).toHaveTextContent(
      'Deactivated',
    );
  });

  it('asks before a role change, and keeps the refusal in the dialog with nothing changed', async () => {
    const { store } = await open('/users?user=29');
    const olivia = await screen.findByRole('dialog', { name: 'Olivia Owner' });
    server.failNextUpdate = {
      status: 400,
      json: {
        error: 'last_owner',
        message: 'Olivia Owner is the only owner of their account: make someone else owner first.',
      },
    };
    await userEvent.click(await within(olivia).findByRole('combobox', { name: 'Role' }));
    await userEvent.click(screen.getByRole('option', { name: 'Manager' }));
    expect(dialog()).toHaveTextContent('Make Olivia Owner a manager?');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Change role' }));

    expect(
      await within(dialog()).findByText(/the only owner of their account/),
    ).toBeInTheDocument();
    expect(selectSnackbar(store.getState()).text).toBeFalsy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(await within(olivia).findByRole('combobox', { name: 'Role' })).toHaveTextContent(
      'Owner',
    );
  });

  it('sends a password reset and turns the second step off, each asked first', async () => {
    const { store } = await open('/users?user=30');
    const mira = await screen.findByRole('dialog', { name: 'Mira Manager' });
    await userEvent.click(await within(mira).findByRole('button', { name: 'Send password reset' }));
    expect(dialog()).toHaveTextContent('manager@hostdash.test');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send password reset' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState()).text).toBe(
        'A password reset mail is on its way to manager@hostdash.test.',
      ),
    );

    await userEvent.click(
      await within(panel()).findByRole('button', { name: 'Turn off second step' }),
    );
    await userEvent.click(
      within(dialog()).getByRole('button', { name: 'Turn off the second step' }),
    );
    await waitFor(() => expect(panel()).toHaveTextContent('Second stepOff'));
    expect(within(panel()).queryByRole('button', { name: 'Turn off second step' })).toBeNull();
  });

  it('offers no actions on the admin themselves', async () => {
    await open('/users?user=5');
    const me = await screen.findByRole('dialog', { name: 'Ada Admin' });
    expect(me).toHaveTextContent('This is you');
    expect(within(me).queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('says when the user does not exist', async () => {
    await open('/users?user=999');
    expect(await screen.findByText(/There is no user with this id/)).toBeInTheDocument();
  });

  describe('past-due accounts', () => {
    const params = (request: { url: string } | undefined) =>
      Object.fromEntries(new URL(request!.url, 'http://api').searchParams);

    it('keeps their users by a filter in the address, each with the chip, and lets it go', async () => {
      await open();
      await within(table()).findByText('Mira Manager');
      await userEvent.click(screen.getByRole('combobox', { name: 'Billing' }));
      await userEvent.click(screen.getByRole('option', { name: 'Past due' }));
      await waitFor(() => expect(location()).toBe('/users?past_due=true'));
      await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
      const [, pia, paul] = within(table()).getAllByRole('row');
      expect(paul).toHaveTextContent(/Paul Reyes.*Lapsed Lofts.*ActivePast due/);
      expect(pia).toHaveTextContent(/Pia Lapsed.*Lapsed Lofts.*Owner.*ActivePast due/);
      expect(params(server.requestsTo('/admin/user/load').at(-1))).toEqual({
        from: '0',
        size: '10',
        sort: 'created_at:desc',
        past_due: 'true',
      });
      expect(screen.getByText(/^2 users of past-due accounts: every try/)).toBeInTheDocument();

      // A sort keeps the filter.
      await userEvent.click(within(table()).getByRole('button', { name: 'User' }));
      await waitFor(() =>
        expect(params(server.requestsTo('/admin/user/load').at(-1))).toMatchObject({
          sort: 'name:asc',
          past_due: 'true',
        }),
      );

      await userEvent.click(screen.getByRole('combobox', { name: 'Billing' }));
      await userEvent.click(screen.getByRole('option', { name: 'All accounts' }));
      await waitFor(() => expect(location()).toBe('/users'));
      await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(11));
      expect(params(server.requestsTo('/admin/user/load').at(-1))).not.toHaveProperty('past_due');
    });

    it('opens filtered from a link, and searches names and emails inside the filter', async () => {
      await open('/users?past_due=true&search=paul');
      await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
      expect(within(table()).getAllByRole('row')[1]).toHaveTextContent('Paul Reyes');
      expect(params(server.requestsTo('/admin/user/load').at(-1))).toMatchObject({
        search: 'paul',
        past_due: 'true',
      });
      // The ranked search across accounts has no filter: it is not asked.
      expect(server.requestsTo('/user/accounts/search')).toHaveLength(0);
      expect(screen.getByText(/^1 user of past-due accounts matches “paul”/)).toBeInTheDocument();
    });

    it('says so when no account is past due', async () => {
      await open(
        '/users?past_due=true',
        people().filter((user) => user.billing.past_due_since === null),
      );
      expect(await screen.findByText('No account is past due')).toBeInTheDocument();
    });

    it("shows the account's past due and its failed payment in the user's panel", async () => {
      await open('/users?past_due=true&user=28');
      const pia = await screen.findByRole('dialog', { name: 'Pia Lapsed' });
      expect(pia).toHaveTextContent('BillingPayment method on file');
      expect(pia).toHaveTextContent('Past duePast duesince Nov 8, 2026');
      expect(pia).toHaveTextContent(
        `Failed paymentOctober 2026: ${DECLINED}Payment failedno try left`,
      );
    });

    it('shows neither for a user whose account is paid up', async () => {
      await open('/users?user=30');
      const mira = await screen.findByRole('dialog', { name: 'Mira Manager' });
      expect(mira).not.toHaveTextContent('Past due');
      expect(mira).not.toHaveTextContent('Failed payment');
    });
  });
});
