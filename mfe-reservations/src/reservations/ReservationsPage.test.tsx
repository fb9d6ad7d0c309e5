import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, toIsoDate } from '@hostdash/shared-auth';
import {
  makeReservation,
  startReservationsServer,
  type ReservationsServer,
} from '../testing/reservationsServer';
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

  it('counts the stat cards over the stays the search and status select, not every stay', async () => {
    server.reservations.push(
      makeReservation(4, { guest_name: 'Mei Tanaka', status: 'CANCELLED' }),
      makeReservation(5, { guest_name: 'Ana Silva' }),
    );
    await renderRemote('/reservations');
    const cards = screen.getByRole('region', { name: 'Reservation statistics' });
    const card = (label: string) => within(cards).getByText(label).closest('.MuiCard-root');
    await waitFor(() => expect(card('Confirmed stays')).toHaveTextContent('4'));
    expect(card('Confirmed stays')).toHaveTextContent('Cancelled stays not shown');
    expect(
      Object.fromEntries(server.requestsTo('/reservation/stats')[0]?.searchParams ?? []),
    ).toEqual({ status: 'CONFIRMED', startDate: toIsoDate() });

    await userEvent.type(screen.getByRole('textbox', { name: 'Search reservations' }), 'tanaka');
    await waitFor(() =>
      expect(server.requestsTo('/reservation/stats').at(-1)?.searchParams.get('search')).toBe(
        'tanaka',
      ),
    );
    await waitFor(() => expect(card('Confirmed stays')).toHaveTextContent(/^Confirmed stays1/));

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Any status' }));
    await waitFor(() => expect(card('Confirmed stays')).toHaveTextContent('1 cancelled'));
    expect(
      Object.fromEntries(server.requestsTo('/reservation/stats').at(-1)?.searchParams ?? []),
    ).toEqual({ search: 'tanaka', status: 'all' });
  });

  it('keeps the search, status and first day in the address (issue 33)', async () => {
    const first = await renderRemote('/reservations?status=all&from=2026-12-01');
    await waitFor(() =>
      expect(
        Object.fromEntries(server.requestsTo('/reservation/search').at(-1)?.searchParams ?? []),
      ).toMatchObject({ status: 'all', startDate: '2026-12-01' }),
    );
    expect(screen.getByLabelText('Arriving from')).toHaveValue('2026-12-01');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search reservations' }), 'okafor');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/reservations?status=all&from=2026-12-01&search=okafor',
      ),
    );
    first.unmount();
    // The same address again (a reload, a shared link): the same search.
    await renderRemote('/reservations?status=all&search=okafor');
    expect(screen.getByRole('textbox', { name: 'Search reservations' })).toHaveValue('okafor');
    await waitFor(() =>
      expect(server.requestsTo('/reservation/search').at(-1)?.searchParams.get('search')).toBe(
        'okafor',
      ),
    );
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

  it('opens the verification dialog on the guest’s current status with nothing ticked', async () => {
    await renderRemote('/reservations');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const dialog = await openVerification(rows()[0]!);
    expect(within(dialog).getByRole('combobox', { name: 'Verification status' })).toHaveTextContent(
      /^In review/,
    );
    expect(
      within(dialog).getByRole('checkbox', { name: "I reviewed this guest's documents myself" }),
    ).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('changes a guest’s verification from its row once the host vouches for it, and says so', async () => {
    const { store } = await renderRemote('/reservations');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const guest = within(rows()[0]!).getAllByRole('link')[0]!.textContent;
    const dialog = await openVerification(rows()[0]!);
    await chooseStatus(dialog, /^Verified/);
    // Verified is a statement: the host ticks it themselves, and is told why Save waits.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(
      within(dialog).getByText(
        'To mark this guest Verified, tick this to confirm you reviewed their documents yourself.',
      ),
    ).toBeInTheDocument();
    // Pasted, not typed: each keystroke re-renders the page, which a busy CI machine feels.
    await userEvent.click(
      within(dialog).getByRole('textbox', { name: 'Note for the protect log' }),
    );
    await userEvent.paste('Passport matches the selfie.');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: "I reviewed this guest's documents myself" }),
    );
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
    expect(store.getState().snackbar).toMatchObject({
      open: true,
      text: `${guest}’s verification is now Verified. The stay was screened again.`,
      props: { severity: 'success' },
    });
  }, 15_000); // several dialog steps: slow on a busy machine

  it('declines only with a note and the statement, saying so in words', async () => {
    await renderRemote('/reservations');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const dialog = await openVerification(rows()[0]!);
    await chooseStatus(dialog, /^Declined/);
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: "I reviewed this guest's documents myself" }),
    );
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByText(/Say why you are declining this guest/)).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('textbox', { name: /Note for the protect log/ }),
    );
    await userEvent.paste('The ID photo is not the guest.');
    expect(save).toBeEnabled();
  }, 15_000); // several dialog steps: slow on a busy machine
});

describe('ReservationsPage on a phone', () => {
  // Every media query matches: MUI's down('md') says phone, as at 390 px.
  const desktop = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });

  it('shows a card per stay with every value labelled, and no table to scroll sideways', async () => {
    await renderRemote('/reservations');
    const list = screen.getByRole('list', { name: 'Reservations' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('table', { name: 'Reservations' })).not.toBeInTheDocument();
    const card = within(list).getAllByRole('listitem')[0]!;
    for (const label of ['Check-in', 'Check-out', 'Guests', 'Source', 'Verification', 'Risk'])
      expect(within(card).getByText(label)).toBeInTheDocument();
    expect(within(card).getByText('Airbnb')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Change verification of/ })).toBeVisible();
  });
});

async function openVerification(row: HTMLElement): Promise<HTMLElement> {
  const guest = within(row).getAllByRole('link')[0]!.textContent ?? '';
  await userEvent.click(
    within(row).getByRole('button', { name: `Change verification of ${guest}` }),
  );
  return screen.getByRole('dialog', { name: `Change verification of ${guest}` });
}

async function chooseStatus(dialog: HTMLElement, name: RegExp): Promise<void> {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Verification status' }));
  await userEvent.click(screen.getByRole('option', { name }));
}
