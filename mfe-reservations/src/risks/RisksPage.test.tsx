import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, toIsoDate } from '@hostdash/shared-auth';
import { startReservationsServer, type ReservationsServer } from '../testing/reservationsServer';
import { renderRemote } from '../testing/renderRemote';
import { demoUser } from '@hostdash/testing/demoUsers';

let server: ReservationsServer;
beforeEach(async () => {
  server = await startReservationsServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  localStorage.clear();
});
afterEach(() => server.close());

describe('RisksPage', () => {
  it('is the home page: coming stays by attention, with colour, the factors and verification', async () => {
    await renderRemote('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Risks' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Coming stays by risk' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('Red · 70')).toBeInTheDocument();
    expect(within(first).getByText('Party words in the message')).toBeInTheDocument();
    expect(within(first).getByText('In review')).toBeInTheDocument();
    const request = server.requestsTo('/reservation/search')[0];
    expect(request?.searchParams.get('sort')).toBe('attention');
    expect(request?.searchParams.get('startDate')).toBe(toIsoDate());
    expect(request?.searchParams.get('status')).toBe('CONFIRMED');
    expect(
      within(screen.getByRole('region', { name: 'Reservation statistics' })).getByText(
        'Need attention',
      ),
    ).toBeInTheDocument();
  });

  it('filters by colour in the API', async () => {
    await renderRemote('/risks');
    const table = screen.getByRole('table', { name: 'Coming stays by risk' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Filter by risk colour' })).getByRole('button', {
        name: 'Red',
      }),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(server.requestsTo('/reservation/search').at(-1)?.searchParams.get('colour')).toBe('red');
  });

  it('keeps the colour and verification filters in the address (issue 33, finding 14)', async () => {
    const first = await renderRemote('/risks?colour=red&verification=review');
    await waitFor(() =>
      expect(server.requestsTo('/reservation/search').at(-1)?.searchParams.get('colour')).toBe(
        'red',
      ),
    );
    expect(server.requestsTo('/reservation/search').at(-1)?.searchParams.get('verification')).toBe(
      'review',
    );
    const colours = screen.getByRole('group', { name: 'Filter by risk colour' });
    expect(within(colours).getByRole('button', { name: 'Red' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(colours).getByRole('button', { name: 'Orange' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/risks?colour=red%2Corange&verification=review',
      ),
    );
    await waitFor(() =>
      expect(server.requestsTo('/reservation/search').at(-1)?.searchParams.get('colour')).toBe(
        'red,orange',
      ),
    );
    // A reload of that address (a shared link) shows the same filters.
    first.unmount();
    await renderRemote('/risks?colour=red%2Corange&verification=review');
    const again = screen.getByRole('group', { name: 'Filter by risk colour' });
    expect(within(again).getByRole('button', { name: 'Orange' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/risks$/));
  });

  it('offers the risk tolerance to the owner only: a manager never meets "Not allowed"', async () => {
    const owner = await renderRemote('/', { user: demoUser() });
    expect(screen.getByRole('link', { name: 'Risk tolerance' })).toHaveAttribute(
      'href',
      '/protect',
    );
    expect(document.title).toBe('Risks · Hostdash');
    owner.unmount();
    await renderRemote('/', { user: demoUser({ subtype: 'manager' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Risks' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Risk tolerance' })).not.toBeInTheDocument();
  });
});
