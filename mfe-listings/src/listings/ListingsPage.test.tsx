import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Store } from 'redux';
import { configureApiClient, NO_RESPONSE_MESSAGE, selectSnackbar } from '@hostdash/shared-auth';
import { SEARCH_DEBOUNCE_MS } from '@hostdash/shared-ui';
import {
  INTERNAL_ERROR_ANSWER,
  startListingsServer,
  type ListingsServer,
} from '../testing/listingsServer';
import { renderRemote } from '../testing/renderRemote';

let server: ListingsServer;

beforeEach(async () => {
  server = await startListingsServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  localStorage.clear();
});

afterEach(() => server.close());

const table = () => screen.getByRole('table', { name: 'Listings' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (nickname: string) =>
  within(table()).getByText(nickname).closest('tr') as HTMLElement;

/** What the shell does when the snackbar's Undo is clicked: dispatch its action into the store. */
async function undoFromSnackbar(store: Store) {
  const { action } = selectSnackbar(store.getState());
  if (!action || !('dispatch' in action)) throw new Error('The snackbar offers no Undo');
  expect(action.label).toBe('Undo');
  await act(async () => {
    store.dispatch(action.dispatch);
  });
}

async function showsFirstPage() {
  await waitFor(() => expect(bodyRows()).toHaveLength(10));
}

describe('ListingsPage', () => {
  it('shows the first page sorted by nickname, with the total and the stats', async () => {
    await renderRemote('/listings');
    expect(screen.getByRole('heading', { level: 1, name: 'Listings' })).toBeInTheDocument();
    await showsFirstPage();
    expect(within(bodyRows()[0]!).getByText('Loft 01')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    expect(Object.fromEntries(server.requestsTo('/listing/load')[0]?.searchParams ?? [])).toEqual({
      from: '0',
      size: '10',
      sort: 'nickname:asc',
    });
    const stats = screen.getByRole('region', { name: 'Listing statistics' });
    await waitFor(() => expect(within(stats).getByText('75%')).toBeInTheDocument());
    expect(within(stats).getByText('19')).toBeInTheDocument(); // active
    // The share of guests whose identity was checked: "screened" means scored for risk
    // (docs/glossary.md), which every stay is, so the card does not say it.
    expect(within(stats).getByText('Guests checked')).toBeInTheDocument();
    expect(
      within(stats).getByText(
        '150 of 200 stays verified, declined or in review (last 30 to next 90 days)',
      ),
    ).toBeInTheDocument();
    expect(within(stats).queryByText(/guests screened/i)).not.toBeInTheDocument();
  });

  it('says which PMSs the listings come from, adding up to the total, and no share of no stays', async () => {
    server.listings = server.listings.map((listing, index) => ({
      ...listing,
      pms: ['guesty', 'guesty', 'hostaway', 'rentalsunited', 'lodgify'][index % 5]!,
    }));
    server.stays = { total: 0, screened: 0 };
    await renderRemote('/listings');
    const stats = screen.getByRole('region', { name: 'Listing statistics' });
    // 23 listings: 10 Guesty, 5 Hostaway, 4 Rentals United, the 4 others.
    const breakdown = await within(stats).findByText(/^Guesty/);
    // A line breaks only after a dot: never inside a name and its count.
    expect(breakdown.textContent).toBe(
      'Guesty\u00a010\u00a0· Hostaway\u00a05\u00a0· Rentals\u00a0United\u00a04\u00a0· other\u00a04',
    );
    expect(
      within(stats).getByText('No stays from 30 days ago to 90 days ahead'),
    ).toBeInTheDocument();
    expect(within(stats).queryByText('0%')).not.toBeInTheDocument();
    expect(within(stats).getByText('—')).toBeInTheDocument();
  });

  it('pages in the API and remembers rows per page for the list', async () => {
    await renderRemote('/listings');
    await showsFirstPage();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Loft 11')).toBeInTheDocument());
    expect(server.requestsTo('/listing/load').at(-1)?.searchParams.get('from')).toBe('10');

    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(23));
    expect(localStorage.getItem('hostdash.rowsPerPage.listings')).toBe('25');
  });

  it('sorts by a column in the API', async () => {
    await renderRemote('/listings');
    await showsFirstPage();
    await userEvent.click(screen.getByRole('button', { name: 'Nickname' }));
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Loft 23')).toBeInTheDocument());
    expect(server.requestsTo('/listing/load').at(-1)?.searchParams.get('sort')).toBe(
      'nickname:desc',
    );
  });

  it('filters by status, in the list and the stats', async () => {
    await renderRemote('/listings');
    await showsFirstPage();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', {
        name: 'Inactive',
      }),
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(server.requestsTo('/listing/load').at(-1)?.searchParams.get('status')).toBe('inactive');
    expect(server.requestsTo('/listing/stats').at(-1)?.searchParams.get('status')).toBe('inactive');
  });

  it('keeps the status filter in the address, so a reload or a shared link shows the same list', async () => {
    await renderRemote('/listings?status=inactive');
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(server.requestsTo('/listing/load').at(-1)?.searchParams.get('status')).toBe('inactive');
    const filter = within(screen.getByRole('group', { name: 'Filter by status' }));
    expect(filter.getByRole('button', { name: 'Inactive' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(filter.getByRole('button', { name: 'All' }));
    await showsFirstPage();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/listings$/);
    await userEvent.click(filter.getByRole('button', { name: 'Archived' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/listings?status=archived'),
    );
  });

  it('searches (debounced) with page size 10 and the search sort, and says when nothing matches', async () => {
    await renderRemote('/listings');
    await showsFirstPage();
    // The debounce runs on jest's clock, so typing speed and machine load cannot change the result.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const searches = () =>
        server.requestsTo('/listing/load').filter((request) => request.searchParams.has('search'));
      await user.type(screen.getByRole('textbox', { name: 'Search listings' }), '17 Harbor');
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(searches()).toHaveLength(0);
      act(() => jest.advanceTimersByTime(1));
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      const searchRequest = searches().at(-1);
      expect(searchRequest?.searchParams.get('search')).toBe('17 Harbor');
      expect(searchRequest?.searchParams.get('size')).toBe('10');
      expect(searchRequest?.searchParams.get('sort')).toBe('created_at:desc,_score');
      // One request for the whole typed phrase, not one per key.
      expect(searches()).toHaveLength(1);

      await user.clear(screen.getByRole('textbox', { name: 'Search listings' }));
      await user.type(screen.getByRole('textbox', { name: 'Search listings' }), 'no such place');
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(
        await screen.findByText(
          'Nothing matches “no such place”. Search by nickname, address, city or building.',
        ),
      ).toBeInTheDocument();
      expect(searches().map((request) => request.searchParams.get('search'))).toEqual([
        '17 Harbor',
        'no such place',
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('changes one row’s status when the API confirms it, with Undo, and leaves it as it was when the API refuses', async () => {
    const { store } = await renderRemote('/listings');
    await showsFirstPage();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status of Loft 02' }));
    await userEvent.click(screen.getByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(within(rowOf('Loft 02')).getByRole('combobox')).toHaveTextContent('Inactive'),
    );
    expect(
      JSON.parse(
        server.requests.find((request) => request.url === '/listing/update/2')?.body ?? '{}',
      ),
    ).toEqual({ version: 1, status: 'inactive' });
    // No confirmation for a pause: a short success with Undo, which puts the previous status back.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const snackbar = store.getState().snackbar;
    expect(snackbar).toMatchObject({
      open: true,
      text: 'Loft 02 is now inactive.',
      props: { severity: 'success' },
    });
    await undoFromSnackbar(store);
    await waitFor(() =>
      expect(within(rowOf('Loft 02')).getByRole('combobox')).toHaveTextContent('Active'),
    );
    expect(
      server.requests
        .filter((request) => request.url === '/listing/update/2')
        .map((request) => JSON.parse(request.body ?? '{}')),
    ).toEqual([
      { version: 1, status: 'inactive' },
      { version: 2, status: 'active' },
    ]);
    expect(store.getState().snackbar.text).toBe('Loft 02 is active again.');
    expect(store.getState().snackbar.action).toBeNull();

    server.failNextUpdate.set('3', {
      status: 403,
      json: { error: 'forbidden', message: 'Your account cannot change listings.' },
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Status of Loft 03' }));
    await userEvent.click(screen.getByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(store.getState().listings.rowUpdates['3']).toBeUndefined());
    expect(within(rowOf('Loft 03')).getByRole('combobox')).toHaveTextContent('Active');
  });

  it('says once, in the snackbar, that a row someone else changed meanwhile now shows their version', async () => {
    const { store } = await renderRemote('/listings');
    await showsFirstPage();
    server.listings[2] = { ...server.listings[2]!, status: 'inactive', version: 2 };
    await userEvent.click(screen.getByRole('combobox', { name: 'Status of Loft 03' }));
    await userEvent.click(screen.getByRole('option', { name: 'Archived' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive listing' }));
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        open: true,
        text: 'Loft 03: Someone else changed it meanwhile: it now shows their version. Set the status again if you still want to.',
        props: { severity: 'warning' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(rowOf('Loft 03')).getByRole('combobox')).toHaveTextContent('Inactive');
    expect(server.listings[2]).toMatchObject({ status: 'inactive', version: 2 });
  });

  it('asks before archiving a listing, says what it means, and undoes it', async () => {
    const { store } = await renderRemote('/listings');
    await showsFirstPage();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status of Loft 04' }));
    await userEvent.click(screen.getByRole('option', { name: 'Archived' }));
    let dialog = screen.getByRole('dialog', { name: 'Archive Loft 04?' });
    expect(dialog).toHaveTextContent('Its reservations stay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/listing/update/4')).toHaveLength(0);
    expect(within(rowOf('Loft 04')).getByRole('combobox')).toHaveTextContent('Active');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status of Loft 04' }));
    await userEvent.click(screen.getByRole('option', { name: 'Archived' }));
    dialog = screen.getByRole('dialog', { name: 'Archive Loft 04?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive listing' }));
    await waitFor(() =>
      expect(within(rowOf('Loft 04')).getByRole('combobox')).toHaveTextContent('Archived'),
    );
    expect(store.getState().snackbar).toMatchObject({
      text: 'Loft 04 archived. Its reservations stay.',
      action: { label: 'Undo' },
    });
    await undoFromSnackbar(store);
    await waitFor(() =>
      expect(within(rowOf('Loft 04')).getByRole('combobox')).toHaveTextContent('Active'),
    );
  });

  it('sets the status of a batch, lists what failed, and keeps what succeeded', async () => {
    await renderRemote('/listings');
    await showsFirstPage();
    for (const nickname of ['Loft 01', 'Loft 02', 'Loft 03'])
      await userEvent.click(screen.getByRole('checkbox', { name: `Select ${nickname}` }));
    expect(
      within(screen.getByRole('region', { name: 'Selected listings' })).getByText('3 selected'),
    ).toBeInTheDocument();

    // Someone else renames Loft 02 in another tab.
    server.listings[1] = { ...server.listings[1]!, nickname: 'Loft 02 (renamed)', version: 7 };
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Inactive' }));

    const result = await screen.findByRole('status', { name: 'Batch result' });
    expect(result).toHaveTextContent('2 of 3 listings set to Inactive');
    expect(result).toHaveTextContent(
      'Loft 02: Someone else changed it meanwhile: it now shows their version. Set the status again if you still want to.',
    );
    expect(within(rowOf('Loft 01')).getByRole('combobox')).toHaveTextContent('Inactive');
    expect(within(rowOf('Loft 03')).getByRole('combobox')).toHaveTextContent('Inactive');
    expect(within(rowOf('Loft 02 (renamed)')).getByRole('combobox')).toHaveTextContent('Active');
    // The failed row stays selected, now at the other person's version: another try goes through.
    expect(screen.getByRole('checkbox', { name: 'Select Loft 02 (renamed)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Loft 01' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Inactive' }));
    await waitFor(() =>
      expect(within(rowOf('Loft 02 (renamed)')).getByRole('combobox')).toHaveTextContent(
        'Inactive',
      ),
    );
    expect(server.listings[1]).toMatchObject({ status: 'inactive', version: 8 });
  });

  it('asks before archiving a batch, and Undo puts each listing back to its own status', async () => {
    const { store } = await renderRemote('/listings');
    await showsFirstPage();
    for (const nickname of ['Loft 04', 'Loft 05'])
      await userEvent.click(screen.getByRole('checkbox', { name: `Select ${nickname}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Archived' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive 2 listings?' });
    expect(dialog).toHaveTextContent('Their reservations stay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive listings' }));
    await waitFor(() =>
      expect(within(rowOf('Loft 05')).getByRole('combobox')).toHaveTextContent('Archived'),
    );
    expect(within(rowOf('Loft 04')).getByRole('combobox')).toHaveTextContent('Archived');
    // Said once: the snackbar, with Undo; no result box on the page for a run without failures.
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        text: '2 listings archived. Their reservations stay.',
        action: { label: 'Undo' },
      }),
    );
    expect(screen.queryByRole('status', { name: 'Batch result' })).not.toBeInTheDocument();

    await undoFromSnackbar(store);
    await waitFor(() =>
      expect(within(rowOf('Loft 05')).getByRole('combobox')).toHaveTextContent('Inactive'),
    );
    expect(within(rowOf('Loft 04')).getByRole('combobox')).toHaveTextContent('Active');
    await waitFor(() =>
      expect(store.getState().snackbar.text).toBe('2 listings back to their previous status.'),
    );
  });

  it('selects and clears every row on the page', async () => {
    await renderRemote('/listings');
    await showsFirstPage();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select all listings on this page' }),
    );
    expect(screen.getByText('10 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected listings' })).not.toBeInTheDocument();
  });

  it("says an API that does not answer in Hostdash's words, once, with a retry", async () => {
    // jsdom reports the refused connection on the console as a browser would.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    configureApiClient({ baseURL: 'http://127.0.0.1:9' });
    await renderRemote('/listings');
    expect(
      await screen.findByText(
        "Hostdash can't reach its server right now. Check your connection, then try again.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(NO_RESPONSE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says a failed load once, in the page and not in the snackbar, and Retry loads the list and its stats', async () => {
    server.failing.set('/listing/load', INTERNAL_ERROR_ANSWER);
    server.failing.set('/listing/stats', INTERNAL_ERROR_ANSWER);
    const { store } = await renderRemote('/listings');
    const message = 'Something went wrong on our side. Try again in a moment.';
    await waitFor(() => expect(server.requestsTo('/listing/stats')).toHaveLength(1));
    // One message (the stats failed for the same reason: the list's error says it for both) …
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().listings.stats.status.loading).toBe(false));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    // … and not again in the shell's snackbar.
    expect(store.getState().snackbar.open).toBe(false);

    server.failing.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await showsFirstPage();
    const stats = screen.getByRole('region', { name: 'Listing statistics' });
    await waitFor(() => expect(within(stats).getByText('75%')).toBeInTheDocument());
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('says a stats failure alone where the stats are, without Retry for a refusal', async () => {
    const refusal = 'Your account cannot see listing statistics.';
    server.failing.set('/listing/stats', {
      status: 403,
      json: { error: 'forbidden', message: refusal },
    });
    const { store } = await renderRemote('/listings');
    await showsFirstPage();
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Listing statistics' })).not.toBeInTheDocument();
    // A refusal would be refused again: no Retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('asks the stats for exactly the filters the list is showing, also after a status change', async () => {
    await renderRemote('/listings');
    await showsFirstPage();
    /** The query less paging and order: what decides which listings count. */
    const filtersOf = (url: URL | undefined) =>
      Object.fromEntries(
        [...(url?.searchParams ?? [])].filter(([name]) => !['from', 'size', 'sort'].includes(name)),
      );
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', {
        name: 'Active',
      }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Search listings' }), 'Harbor');
    await waitFor(
      () =>
        expect(filtersOf(server.requestsTo('/listing/stats').at(-1))).toEqual({
          search: 'Harbor',
          status: 'active',
        }),
      { timeout: 3000 },
    );
    expect(filtersOf(server.requestsTo('/listing/load').at(-1))).toEqual({
      search: 'Harbor',
      status: 'active',
    });

    const before = server.requestsTo('/listing/stats').length;
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status of Loft 01' }));
    await userEvent.click(screen.getByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(server.requestsTo('/listing/stats').length).toBe(before + 1));
    expect(filtersOf(server.requestsTo('/listing/stats').at(-1))).toEqual(
      filtersOf(server.requestsTo('/listing/load').at(-1)),
    );
  });

  it('answers an unknown listings address with a not-found page', async () => {
    await renderRemote('/listings/nope/deeper');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
