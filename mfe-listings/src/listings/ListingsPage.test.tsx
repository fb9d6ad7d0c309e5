import { startUpstream, type Upstream } from '../../../config/testing/upstream';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material';
import { configureApiClient, hostdashThemeOptions, snackbarSlice } from '@hostdash/shared-auth';
import { ListingsRoutes } from '../ListingsApp';
import { listingsSlice } from './listingsSlice';
import { listingsSaga } from './listingsSaga';
import type { Listing } from './listingsApi';

// A real HTTP server stands in for the API, so the page, saga and shared client run for real.
const listings: Listing[] = Array.from({ length: 23 }, (_, index) => ({
  id: String(index + 1),
  account_id: '1',
  nickname: `Loft ${String(index + 1).padStart(2, '0')}`,
  address: `${index + 1} Harbor Street`,
  city: index % 2 ? 'Lisbon' : 'Porto',
  country: 'PT',
  building: index < 10 ? 'Marina Lofts' : null,
  building_slug: index < 10 ? 'marina-lofts' : null,
  status: index % 5 === 0 ? 'inactive' : 'active',
  pms: 'guesty',
  timezone: 'Europe/Lisbon',
  bedrooms: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}));

let upstream: Upstream;
const requests: URL[] = [];

beforeAll(async () => {
  upstream = await startUpstream((request) => {
    const url = new URL(request.url, 'http://api');
    requests.push(url);
    if (url.pathname !== '/listing/load') return { status: 404, json: { error: 'not_found', message: 'no' } };
    const search = url.searchParams.get('search')?.toLowerCase();
    const [field, direction] = (url.searchParams.get('sort') ?? 'nickname:asc').split(',')[0]!.split(':');
    let rows = listings.filter((listing) => !search || listing.address.toLowerCase().includes(search) || listing.nickname.toLowerCase().includes(search));
    if (field === 'nickname') rows = [...rows].sort((a, b) => a.nickname.localeCompare(b.nickname) * (direction === 'desc' ? -1 : 1));
    const from = Number(url.searchParams.get('from'));
    const size = Number(url.searchParams.get('size'));
    return { json: { items: rows.slice(from, from + size), total: rows.length, from, size } };
  });
  configureApiClient({ baseURL: upstream.url });
});

afterAll(() => upstream.close());

beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
});

function renderPage(path = '/listings') {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(listingsSlice, snackbarSlice),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(listingsSaga);
  render(
    <Provider store={store}>
      <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
        <MemoryRouter initialEntries={[path]}>
          <ListingsRoutes />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return store;
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Listings' })).getAllByRole('row').slice(1);

describe('ListingsPage', () => {
  it('shows the first page sorted by nickname, with the total', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Listings' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(within(bodyRows()[0]!).getByText('Loft 01')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({ from: '0', size: '10', sort: 'nickname:asc' });
  });

  it('pages in the API and remembers rows per page for the list', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Loft 11')).toBeInTheDocument());
    expect(requests.at(-1)?.searchParams.get('from')).toBe('10');

    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(23));
    expect(localStorage.getItem('hostdash.rowsPerPage.listings')).toBe('25');
  });

  it('sorts by a column in the API', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Nickname' }));
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Loft 23')).toBeInTheDocument());
    expect(requests.at(-1)?.searchParams.get('sort')).toBe('nickname:desc');
  });

  it('searches (debounced) with page size 10 and the search sort, and says when nothing matches', async () => {
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search listings' }), '17 Harbor');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const searchRequest = requests.at(-1);
    expect(searchRequest?.searchParams.get('search')).toBe('17 Harbor');
    expect(searchRequest?.searchParams.get('size')).toBe('10');
    expect(searchRequest?.searchParams.get('sort')).toBe('created_at:desc,_score');
    // One request for the whole typed phrase, not one per key.
    expect(requests.filter((request) => request.searchParams.has('search'))).toHaveLength(1);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Search listings' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search listings' }), 'no such place');
    expect(await screen.findByText('No listings match “no such place”.')).toBeInTheDocument();
  });

  it('shows the API error with a retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    configureApiClient({ baseURL: 'http://127.0.0.1:9' });
    renderPage();
    expect(await screen.findByText('The request was made but no response was received from API server')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    configureApiClient({ baseURL: upstream.url });
  });

  it('answers an unknown listings address with a not-found page', () => {
    renderPage('/listings/nope/deeper');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
