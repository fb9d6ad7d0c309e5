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
});
afterEach(() => server.close());

/** The guest mails card of the open reservation. */
async function openCard(id: string, guest: string): Promise<HTMLElement> {
  const view = await renderRemote(`/reservation/${id}`);
  await screen.findByRole('heading', { level: 1, name: guest });
  const heading = await screen.findByRole('heading', { level: 2, name: 'Guest mails' });
  const card = heading.closest<HTMLElement>('.MuiCard-root')!;
  await waitFor(() => expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument());
  return Object.assign(card, { store: view.store });
}

/** No axe-core violation inside `element` (contrast needs a real layout: the e2e checks it). */
async function expectAccessible(element: HTMLElement): Promise<void> {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

describe('GuestMailsCard', () => {
  it('shows each mail with its state and reason, and Send again mails another', async () => {
    server.guestMails['1'] = [
      {
        id: '11',
        kind: 'guest_invite',
        to: 'guest1@example.com',
        subject: 'Your stay',
        created_at: '2026-11-30T09:00:00.000Z',
        state: 'delivered',
        delivered_at: '2026-11-30T09:00:05.000Z',
        failed_at: null,
        error: null,
      },
      {
        id: '12',
        kind: 'guest_reminder',
        to: 'guest1@example.com',
        subject: 'Reminder',
        created_at: '2026-12-03T15:00:00.000Z',
        state: 'failed',
        delivered_at: null,
        failed_at: '2026-12-03T15:01:00.000Z',
        error: '550 5.1.1 mailbox unavailable',
      },
    ];
    const card = await openCard('1', 'Lukas Brandt');
    const mails = within(card).getByRole('table', { name: 'Mails to the guest' });
    const rows = within(mails).getAllByRole('row').slice(1);
    // Newest first: the failed reminder with its reason, then the delivered invite.
    expect(within(rows[0]!).getByText('Check-in reminder')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('550 5.1.1 mailbox unavailable')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Check-in link')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Delivered to the mail server')).toBeInTheDocument();
    await expectAccessible(card);

    await userEvent.click(within(card).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(
        within(within(card).getByRole('table', { name: 'Mails to the guest' })).getAllByRole('row'),
      ).toHaveLength(4),
    );
    const newest = within(within(card).getByRole('table', { name: 'Mails to the guest' }))
      .getAllByRole('row')
      .at(1)!;
    expect(within(newest).getByText('Check-in link')).toBeInTheDocument();
    expect(within(newest).getByText('Sent')).toBeInTheDocument();
    expect(server.requestsTo('/reservation/guestInvite/1')).toHaveLength(1);
    expect(
      (card as HTMLElement & { store: { getState(): unknown } }).store.getState(),
    ).toMatchObject({
      snackbar: { open: true, text: 'Check-in link sent to guest1@example.com.' },
    });
  });

  it('says when the automatic invite goes, and offers to send it before', async () => {
    const card = await openCard('1', 'Lukas Brandt');
    expect(
      within(card).getByText('Nothing has been mailed to this guest yet.'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        /^The check-in link is mailed automatically on .*, 3 days before check-in\.$/,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Send check-in link' })).toBeEnabled();
  });

  it('says a stay booked before invites were on is the host’s to send', async () => {
    const card = await openCard('3', 'Diego Ruiz');
    expect(
      within(card).getByText(/booked before automatic check-in links were switched on/),
    ).toBeInTheDocument();
  });

  it('says a guest has no email address, without a button', async () => {
    server.reservations[1]!.guest_email = null;
    const card = await openCard('2', 'Mei Tanaka');
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'This guest has no email address, so the check-in link cannot be mailed.',
    );
    expect(within(card).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    await expectAccessible(card);
  });

  it('keeps a refused send on the card', async () => {
    server.failNext.set('/reservation/guestInvite/1', {
      status: 409,
      json: {
        error: 'stay_ended',
        message: 'This stay is over: its check-in link no longer works.',
      },
    });
    const card = await openCard('1', 'Lukas Brandt');
    await userEvent.click(within(card).getByRole('button', { name: 'Send check-in link' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This stay is over: its check-in link no longer works.',
    );
  });
});
