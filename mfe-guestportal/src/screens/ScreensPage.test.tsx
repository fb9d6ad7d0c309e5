import { screen, waitFor, within } from '@testing-library/react';
import { selectSnackbar } from '@hostdash/shared-auth';
import { openAsOwner } from '../testing/renderRemote';
import {
  makeScreen,
  type GuestportalServer,
  type GuestportalServerState,
} from '../testing/guestportalServer';

let server: GuestportalServer;

async function open(initial: Partial<GuestportalServerState> = {}) {
  const view = await openAsOwner('/guestportal', initial);
  server = view.server;
  await screen.findByRole('list', { name: 'Guest portal screens' });
  return view;
}

afterEach(() => server.close());

const rows = () =>
  within(screen.getByRole('list', { name: 'Guest portal screens' }))
    .getAllByRole('listitem')
    .map((row) => within(row).getByRole('heading').textContent);

describe('/guestportal', () => {
  it('lists the screens in the order a guest meets them, with what each asks and who overrides it', async () => {
    const screens = ['contact', 'id_upload', 'selfie'] as const;
    await open({
      screens: screens.map((name, index) => ({
        ...makeScreen(name, index + 1),
        ...(name === 'selfie' ? { overrides: { listings: 2, reservations: 1 } } : {}),
      })),
    });
    expect(rows()).toEqual(['Contact details', 'ID photos', 'Selfie']);
    expect(screen.getByText('Required: Email, Phone number')).toBeInTheDocument();
    expect(
      screen.getByText('2 listings and 1 reservation have their own setting'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Edit content' })[2]).toHaveAttribute(
      'href',
      '/guestportal/screen/selfie',
    );
    expect(screen.getByText('3 of 3 screens on for every guest.')).toBeInTheDocument();
  });

  it('switches a screen for every guest, and says so', async () => {
    const { user, store } = await open();
    const selfie = screen.getByRole('switch', { name: 'Selfie for every guest' });
    expect(selfie).toBeChecked();
    await user.click(selfie);
    await waitFor(() =>
      expect(selectSnackbar(store.getState()).text).toMatch(/^Selfie is off for every guest/),
    );
    expect(server.requestsTo('/guestportal/controlScreen/account/selfie')[0]!.url).toContain(
      'state=off',
    );
    expect(selfie).not.toBeChecked();
  });

  it('puts a refused switch back and says why', async () => {
    const { user, store } = await open({
      refuseNext: {
        status: 403,
        json: { error: 'forbidden', message: 'Only the account owner can change the screens.' },
      },
    });
    const selfie = screen.getByRole('switch', { name: 'Selfie for every guest' });
    await user.click(selfie);
    await waitFor(() =>
      expect(selectSnackbar(store.getState()).text).toBe(
        'Selfie was not switched: Only the account owner can change the screens.',
      ),
    );
    expect(selfie).toBeChecked();
  });

  it('moves a screen down one place and saves the whole order', async () => {
    const { user } = await open();
    expect(screen.getByRole('button', { name: 'Move Contact details up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Contact details down' }));
    expect(rows().slice(0, 2)).toEqual(['ID photos', 'Contact details']);
    await waitFor(() => expect(server.requestsTo('/guestportal/screens/order')).toHaveLength(1));
    expect(JSON.parse(server.requestsTo('/guestportal/screens/order')[0]!.body)).toEqual({
      order: [
        'id_upload',
        'contact',
        'selfie',
        'address',
        'house_rules',
        'usage_agreement',
        'arrival_time',
        'security_deposit',
      ],
    });
  });

  it('asks for the order again when a move is refused', async () => {
    const { user, store } = await open({
      refuseNext: { status: 400, json: { error: 'invalid_request', message: 'Bad order.' } },
    });
    await user.click(screen.getByRole('button', { name: 'Move Contact details down' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState()).text).toBe('The new order was not saved: Bad order.'),
    );
    await waitFor(() => expect(rows().slice(0, 2)).toEqual(['Contact details', 'ID photos']));
  });
});
