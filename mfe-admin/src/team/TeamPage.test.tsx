import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectSnackbar, type User } from '@hostdash/shared-auth';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import { STAFF as STAFF_MEMBER } from '../testing/staff';
import { renderRemote } from '../testing/renderRemote';
import { makeTeam, OWNER, startTeamServer, type TeamServer } from '../testing/teamServer';
import { readTeamAddress } from './teamPaths';

// Staff belong to their own account (9), not the one they open.
const STAFF: User = { ...STAFF_MEMBER, account_id: '9' };

let server: TeamServer;

async function open(
  path = '/accounts',
  options: { team?: ReturnType<typeof makeTeam>; user?: User } = {},
) {
  server = await startTeamServer(options.team);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const view = await renderRemote(path, { user: options.user ?? DEMO_OWNER });
  await screen.findByRole('heading', { level: 2, name: 'People', hidden: true });
  return view;
}

afterEach(() => server.close());

const people = () => screen.getByRole('table', { name: 'People' });
const invites = () => screen.getByRole('table', { name: 'Open invites' });
const dialog = () => screen.getByRole('dialog');
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(text) !== null)!;
const location = () => screen.getByTestId('location').textContent;
const snackbarText = (store: Awaited<ReturnType<typeof open>>['store']) =>
  selectSnackbar(store.getState()).text;

describe('TeamPage', () => {
  it("lists the account's people with their role, what they see, access and last sign-in, and its open invites", async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    const vendor = rowOf(people(), 'Diego Alvarez');
    expect(within(vendor).getByText('Building staff')).toBeInTheDocument();
    expect(within(vendor).getByText('Marina Lofts')).toBeInTheDocument();
    expect(within(vendor).getByText('Never')).toBeInTheDocument();
    expect(within(vendor).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf(people(), 'Marcus Reed')).getByText('Every building')).toBeInTheDocument();
    // The owner (the caller) is never changed from here.
    const owner = rowOf(people(), 'Olivia Hart');
    expect(within(owner).getByText('(you)')).toBeInTheDocument();
    expect(within(owner).queryByRole('button')).not.toBeInTheDocument();

    const invite = rowOf(invites(), 'nadia@example.com');
    expect(within(invite).getByText('Building staff')).toBeInTheDocument();
    expect(within(invite).getByText('Ocean Drive')).toBeInTheDocument();
  });

  it('invites building staff: checks the email as typed, asks for a building, then sends and says so', async () => {
    const { store } = await open();
    await userEvent.click(screen.getByRole('link', { name: 'Invite a teammate' }));
    expect(location()).toBe('/accounts/invite');

    const email = within(dialog()).getByRole('textbox', { name: 'Email' });
    // Leaving the field empty is not scolded; sending the form empty is (below, for buildings).
    expect(email).toHaveFocus();
    await userEvent.tab();
    expect(
      within(dialog()).queryByText('Enter the email they will sign in with.'),
    ).not.toBeInTheDocument();
    await userEvent.type(email, 'vera@example');
    await userEvent.tab();
    expect(
      within(dialog()).getByText('Enter an email address like name@example.com.'),
    ).toBeInTheDocument();
    await userEvent.type(email, '.com');
    expect(
      within(dialog()).queryByText('Enter an email address like name@example.com.'),
    ).not.toBeInTheDocument();
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Name' }), 'Vera Door');
    await userEvent.click(within(dialog()).getByRole('radio', { name: /^Building staff/ }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send invite' }));
    expect(
      within(dialog()).getByText('Choose at least one building they may see.'),
    ).toBeInTheDocument();
    expect(server.requestsTo('/user/accounts/invite')).toHaveLength(0);

    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Wynwood Studios' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.bodiesTo('/user/accounts/invite')).toEqual([
      {
        email: 'vera@example.com',
        name: 'Vera Door',
        subtype: 'vendor',
        building_slugs: ['wynwood-studios'],
      },
    ]);
    expect(location()).toBe('/accounts');
    expect(snackbarText(store)).toBe(
      'An invite is on its way to vera@example.com. Its link works for 7 days.',
    );
    expect(
      within(rowOf(invites(), 'vera@example.com')).getByText('Wynwood Studios'),
    ).toBeInTheDocument();
  });

  it('shows an email that already has a user on the email field, keeping what was typed', async () => {
    const { store } = await open('/accounts/invite');
    await userEvent.type(
      within(dialog()).getByRole('textbox', { name: 'Email' }),
      'manager@hostdash.test',
    );
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Name' }), 'Marcus Again');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send invite' }));

    const email = within(dialog()).getByRole('textbox', { name: 'Email' });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'There is already a Hostdash user with this email.',
      ),
    );
    expect(email).toHaveValue('manager@hostdash.test');
    expect(within(dialog()).getByRole('textbox', { name: 'Name' })).toHaveValue('Marcus Again');
    expect(within(dialog()).getByRole('radio', { name: /^Manager/ })).toBeChecked();
    // Said once, where it belongs: not again in the snackbar.
    expect(snackbarText(store)).not.toContain('already');
    expect(location()).toBe('/accounts/invite');
  });

  it('says a refusal about no field inside the invite dialog', async () => {
    await open('/accounts/invite');
    server.refuseNext = {
      status: 403,
      json: { error: 'forbidden', message: 'The team is managed by the account owner.' },
    };
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Email' }), 'x@example.com');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Name' }), 'X');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send invite' }));
    expect(
      await within(dialog()).findByText('The team is managed by the account owner.'),
    ).toBeInTheDocument();
  });

  it('withdraws an invite after asking, and says so', async () => {
    const { store } = await open();
    await userEvent.click(
      within(invites()).getByRole('button', { name: 'Withdraw the invite to nadia@example.com' }),
    );
    expect(within(dialog()).getByText(/The link in the mail stops working/)).toBeInTheDocument();
    expect(server.requestsTo('/user/accounts/invite/40/cancel')).toHaveLength(0);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Withdraw invite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/user/accounts/invite/40/cancel')).toHaveLength(1);
    expect(screen.queryByRole('table', { name: 'Open invites' })).not.toBeInTheDocument();
    expect(snackbarText(store)).toBe(
      'The invite to nadia@example.com is withdrawn: its link no longer works.',
    );
  });

  it("changes a vendor's buildings from their own address", async () => {
    const { store } = await open();
    await userEvent.click(
      within(people()).getByRole('link', { name: 'Change buildings: Diego Alvarez' }),
    );
    expect(location()).toBe('/accounts/3/buildings');
    expect(within(dialog()).getByRole('checkbox', { name: 'Marina Lofts' })).toBeChecked();
    const save = within(dialog()).getByRole('button', { name: 'Save buildings' });
    expect(save).toBeDisabled();
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Marina Lofts' }));
    expect(
      within(dialog()).getByText('Choose at least one building they may see.'),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Wynwood Studios' }));
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Marina Lofts' }));
    await userEvent.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.bodiesTo('/user/accounts/update/3/set_buildings')).toEqual([
      { building_slugs: ['marina-lofts', 'wynwood-studios'] },
    ]);
    expect(location()).toBe('/accounts');
    expect(snackbarText(store)).toBe('Diego Alvarez now sees Marina Lofts and Wynwood Studios.');
    expect(
      within(rowOf(people(), 'Diego Alvarez')).getByText('Marina Lofts and Wynwood Studios'),
    ).toBeInTheDocument();
  });

  it('deactivates a teammate after saying they are signed out everywhere; a refusal stays in the dialog', async () => {
    const { store } = await open();
    await userEvent.click(within(people()).getByRole('button', { name: 'Deactivate Marcus Reed' }));
    expect(
      within(dialog()).getByRole('heading', { name: 'Deactivate Marcus Reed?' }),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText(/signed out everywhere at once/)).toBeInTheDocument();
    server.refuseNext = {
      status: 403,
      json: { error: 'forbidden', message: 'The team is managed by the account owner.' },
    };
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Deactivate' }));
    expect(
      await within(dialog()).findByText('The team is managed by the account owner.'),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/user/accounts/update/2/deactivate')).toHaveLength(2);
    const manager = rowOf(people(), 'Marcus Reed');
    expect(within(manager).getByText('Deactivated')).toBeInTheDocument();
    expect(
      within(manager).getByRole('button', { name: 'Reactivate Marcus Reed' }),
    ).toBeInTheDocument();
    expect(snackbarText(store)).toBe('Marcus Reed is deactivated and signed out everywhere.');
  });

  it('invites someone when nobody else is on the team', async () => {
    await open('/accounts', { team: makeTeam({ members: [OWNER], invites: [] }) });
    expect(screen.getByText('Nobody else is on this team yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Invite a teammate' })).toHaveLength(2);
  });

  it('shows staff the team of the account they open, and invites into it', async () => {
    await open('/accounts/1', { user: STAFF });
    expect(screen.getByRole('heading', { level: 1, name: 'Hart Stays: team' })).toBeInTheDocument();
    expect(server.requestsTo('/user/accounts/load')[0]!.url).toBe(
      '/user/accounts/load?account_id=1',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Invite a teammate' }));
    expect(location()).toBe('/accounts/1/invite');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Email' }), 'm@example.com');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Name' }), 'Mo');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.bodiesTo('/user/accounts/invite')).toEqual([
      { email: 'm@example.com', name: 'Mo', subtype: 'manager', account_id: '1' },
    ]);
    expect(location()).toBe('/accounts/1');
  });

  it('says once, on the page, that an account cannot be opened', async () => {
    server = await startTeamServer();
    configureApiClient({ baseURL: server.url, logError: () => undefined });
    const { store } = await renderRemote('/accounts/999', { user: STAFF });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account does not exist or is not yours.',
    );
    expect(screen.queryByRole('table', { name: 'People' })).not.toBeInTheDocument();
    expect(snackbarText(store)).toBeFalsy();
  });

  it('says so for an address the team page does not have', async () => {
    server = await startTeamServer();
    configureApiClient({ baseURL: server.url, logError: () => undefined });
    await renderRemote('/accounts/1/rename', { user: DEMO_OWNER });
    expect(await screen.findByText('There is no such page of the team')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });
});

describe('readTeamAddress', () => {
  const read = (id?: string, action?: string, search = '') =>
    readTeamAddress({ id, action }, new URLSearchParams(search));
  it('reads the caller’s team, an account’s team, the invite form and a vendor’s buildings', () => {
    expect(read()).toEqual({ dialog: { kind: 'none' } });
    expect(read('invite')).toEqual({ dialog: { kind: 'invite' } });
    expect(read('12')).toEqual({ accountId: '12', dialog: { kind: 'none' } });
    expect(read('12', 'invite')).toEqual({ accountId: '12', dialog: { kind: 'invite' } });
    expect(read('3', 'buildings')).toEqual({ dialog: { kind: 'buildings', userId: '3' } });
    expect(read('3', 'buildings', 'account=12')).toEqual({
      accountId: '12',
      dialog: { kind: 'buildings', userId: '3' },
    });
    expect(read('bob')).toBeNull();
    expect(read('3', 'delete')).toBeNull();
    expect(read('3', 'buildings', 'account=x')).toBeNull();
  });
});
