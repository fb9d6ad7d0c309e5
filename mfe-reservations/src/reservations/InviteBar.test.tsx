import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { configureApiClient } from '@hostdash/shared-auth';
import { startReservationsServer, type ReservationsServer } from '../testing/reservationsServer';
import { renderRemote } from '../testing/renderRemote';

let server: ReservationsServer;
beforeEach(async () => {
  server = await startReservationsServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  localStorage.clear();
});
afterEach(() => server.close());

const table = () => screen.getByRole('table', { name: 'Reservations' });

describe('the reservations list’s bulk send of check-in links', () => {
  it('asks first with how many, sends, and says what went and what did not', async () => {
    server.reservations[2]!.guest_email = null;
    const { store } = await renderRemote('/reservations');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('region', { name: 'Selected reservations' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lukas Brandt' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Diego Ruiz' }));
    const bar = screen.getByRole('region', { name: 'Selected reservations' });
    expect(bar).toHaveTextContent('2 selected');
    const results = await axe.run(bar, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await userEvent.click(within(bar).getByRole('button', { name: 'Send check-in link' }));
    const dialog = screen.getByRole('dialog', { name: 'Send the check-in link to 2 guests?' });
    // Asked first: nothing is sent until the host confirms.
    expect(server.requestsTo('/reservation/guestInvites')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send check-in link' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [request] = server.requestsTo('/reservation/guestInvites');
    expect(request).toBeDefined();
    expect(server.guestMails['1']).toHaveLength(1);
    expect(server.guestMails['3']).toBeUndefined();
    expect(store.getState()).toMatchObject({
      snackbar: {
        open: true,
        text: 'Check-in link sent to 1 guest; 1 not sent (1 no email address).',
      },
    });
    // The one that did not go stays selected, to look at.
    expect(screen.getByRole('region', { name: 'Selected reservations' })).toHaveTextContent(
      '1 selected',
    );
    expect(screen.getByRole('checkbox', { name: 'Select Diego Ruiz' })).toBeChecked();
  });

  it('selects the whole page and clears it', async () => {
    await renderRemote('/reservations');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select all reservations on this page' }),
    );
    const bar = screen.getByRole('region', { name: 'Selected reservations' });
    expect(bar).toHaveTextContent('3 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected reservations' })).not.toBeInTheDocument();
  });
});
