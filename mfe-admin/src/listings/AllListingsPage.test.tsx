import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { STAFF } from '../testing/staff';
import { makeListing, startPlatformServer, type PlatformServer } from '../testing/platformServer';
import { renderRemote } from '../testing/renderRemote';

const ADMIN = STAFF;

let server: PlatformServer;

async function open(path: string, listings?: Parameters<typeof startPlatformServer>[0]) {
  server = await startPlatformServer(listings);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  return renderRemote(path, { user: ADMIN });
}

beforeEach(() => localStorage.clear());
afterEach(() => server.close());

const LOAD = '/admin/listing/load';
const table = () => screen.getByRole('table', { name: 'All listings' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const nicknames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const location = () => screen.getByTestId('location').textContent;
const shows = (nickname: string) => within(table()).findByRole('link', { name: nickname });

async function choose(filter: string, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: filter }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('AllListingsPage', () => {
  it('lists every account’s listings with the account on each row, and pages through the address', async () => {
    await open('/admin/listings');
    await shows('Flat 01');
    expect(bodyRows()).toHaveLength(10);
    const first = within(bodyRows()[0]!);
    expect(first.getByRole('link', { name: 'Flat 01' })).toHaveAttribute(
      'href',
      '/admin/listing/101',
    );
    expect(first.getByRole('cell', { name: 'Alfama Homes' })).toBeInTheDocument();
    expect(first.getByRole('cell', { name: 'Guesty' })).toBeInTheDocument();
    expect(first.getByText('Lisbon, Portugal')).toBeInTheDocument();
    // The first load asks for the filters' choices too; later ones do not.
    expect(server.lastQuery(LOAD).get('facets')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await shows('Flat 11');
    expect(location()).toBe('/admin/listings?page=2&size=10');
    expect(server.lastQuery(LOAD).get('from')).toBe('10');
    expect(server.lastQuery(LOAD).get('facets')).toBeNull();
  });

  it('opens a shared link on its filters and page, and shows them in the controls', async () => {
    await open('/admin/listings?account=2&status=active&page=2&size=10', [
      ...Array.from({ length: 12 }, (_, index) =>
        makeListing(index, { account_id: '2', account_name: 'Alfama Homes', status: 'active' }),
      ),
      makeListing(40, { account_id: '1', account_name: 'Harbour Stays', status: 'active' }),
    ]);
    await shows('Flat 10');
    expect(nicknames()).toEqual(['Flat 10', 'Flat 11']);
    const query = server.lastQuery(LOAD);
    expect(query.get('account_id')).toBe('2');
    expect(query.get('status')).toBe('active');
    expect(query.get('from')).toBe('10');
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveTextContent(
      'Alfama Homes (12)',
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
  });

  it('filters by account, status and PMS from the API’s choices, each kept in the address', async () => {
    await open('/admin/listings');
    await shows('Flat 01');
    await choose('Account', 'Mountain Cabins (8)');
    await waitFor(() => expect(location()).toBe('/admin/listings?account=3'));
    await choose('Status', 'Active');
    await waitFor(() => expect(location()).toBe('/admin/listings?account=3&status=active'));
    await choose('PMS', /^Beds24/);
    await waitFor(() =>
      expect(location()).toBe('/admin/listings?account=3&status=active&pms=beds24'),
    );
    await waitFor(() => expect(nicknames()).toEqual(['Flat 05', 'Flat 17']));
    const query = server.lastQuery(LOAD);
    expect([query.get('account_id'), query.get('status'), query.get('pms')]).toEqual([
      '3',
      'active',
      'beds24',
    ]);
    // A filter starts again at the first page.
    expect(query.get('from')).toBe('0');
  });

  it('searches, says when nothing matches, and clears the filters back to every listing', async () => {
    await open('/admin/listings?status=archived');
    await shows('Flat 03');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search listings' }), 'no such flat');
    expect(await screen.findByText('No listings match')).toBeInTheDocument();
    expect(location()).toBe('/admin/listings?search=no+such+flat&status=archived');
    expect(server.lastQuery(LOAD).get('search')).toBe('no such flat');
    // A search is ranked by relevance: no column order is sent.
    expect(server.lastQuery(LOAD).get('sort')).toBeNull();

    await userEvent.click(within(table()).getByRole('button', { name: 'Clear filters' }));
    await shows('Flat 01');
    expect(location()).toBe('/admin/listings');
    expect(screen.getByRole('textbox', { name: 'Search listings' })).toHaveValue('');
    expect(bodyRows()).toHaveLength(10);
  });

  it('sorts by a column, in the address', async () => {
    await open('/admin/listings');
    await shows('Flat 01');
    await userEvent.click(within(table()).getByRole('button', { name: 'Account' }));
    await waitFor(() => expect(location()).toBe('/admin/listings?sort=account%3Aasc'));
    await waitFor(() => expect(server.lastQuery(LOAD).get('sort')).toBe('account:asc'));
    await waitFor(() =>
      expect(
        within(bodyRows()[0]!).getByRole('cell', { name: 'Alfama Homes' }),
      ).toBeInTheDocument(),
    );
    await userEvent.click(within(table()).getByRole('button', { name: 'Account' }));
    await waitFor(() => expect(server.lastQuery(LOAD).get('sort')).toBe('account:desc'));
  });

  it('remembers the rows per page in this browser', async () => {
    await open('/admin/listings');
    await shows('Flat 01');
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(24));
    expect(server.lastQuery(LOAD).get('size')).toBe('25');
    expect(localStorage.getItem('hostdash.rowsPerPage.admin.listings')).toBe('25');
  });

  it('says a failed load with a retry, and shows the rows once it works', async () => {
    server = await startPlatformServer();
    server.failNext = {
      path: LOAD,
      answer: {
        status: 500,
        json: { error: 'internal', message: 'Something failed on our side.' },
      },
    };
    configureApiClient({ baseURL: server.url, logError: () => undefined });
    await renderRemote('/admin/listings', { user: ADMIN });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('No listings yet')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await shows('Flat 01');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The retry asked for the filters' choices again: the first answer never brought them.
    expect(server.lastQuery(LOAD).get('facets')).toBe('1');
  });
});
