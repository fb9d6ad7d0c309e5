import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, toIsoDate } from '@hostdash/shared-auth';
import { startReservationsServer, type ReservationsServer } from '../testing/reservationsServer';
import { renderRemote } from '../testing/renderRemote';

let server: ReservationsServer;
beforeEach(async () => {
  server = await startReservationsServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  localStorage.clear();
});
afterEach(() => server.close());

const rows = () =>
  within(screen.getByRole('table', { name: 'Reservations' }))
    .getAllByRole('row')
    .slice(1);

describe('ReservationsPage', () => {
  it('lists confirmed stays from today by check-in, 10 a page by default', async () => {
    await renderRemote('/reservations');
    expect(screen.getByRole('heading', { level: 1, name: 'Reservations' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(
      Object.fromEntries(server.requestsTo('/reservation/search')[0]?.searchParams ?? []),
    ).toEqual({
      from: '0',
      size: '10',
      sort: 'check_in_date:asc',
      status: 'CONFIRMED',
      startDate: toIsoDate(),
    });
  });

  it('searches with page size 10 and the search sort', async () => {
    await renderRemote('/reservations');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search reservations' }), 'okafor');
    await waitFor(() =>
      expect(server.requestsTo('/reservation/search').at(-1)?.searchParams.get('search')).toBe(
        'okafor',
      ),
    );
    const request = server.requestsTo('/reservation/search').at(-1);
    expect(request?.searchParams.get('sort')).toBe('check_in_date:desc,_score');
    expect(request?.searchParams.get('size')).toBe('10');
    expect(request?.searchParams.has('startDate')).toBe(false);
  });

  it('changes a guest’s verification from its row, with a note, and updates that row', async () => {
    await renderRemote('/reservations');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = rows()[0]!;
    const guest = within(row).getAllByRole('link')[0]!.textContent ?? '';
    await userEvent.click(
      within(row).getByRole('button', { name: `Change verification of ${guest}` }),
    );
    const dialog = screen.getByRole('dialog', { name: `Change verification of ${guest}` });
    // Pasted, not typed: each keystroke re-renders the page, which a busy CI machine feels.
    await userEvent.click(
      within(dialog).getByRole('textbox', { name: 'Note for the protect log' }),
    );
    await userEvent.paste('Passport matches the selfie.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(rows()[0]!).getByText('Verified')).toBeInTheDocument();
    const call = server.requests.find((request) =>
      request.url.startsWith('/reservation/changeVerification/1'),
    );
    expect(call?.url).toBe('/reservation/changeVerification/1/?supervised=1');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      status: 'verified',
      note: 'Passport matches the selfie.',
    });
  });
});
