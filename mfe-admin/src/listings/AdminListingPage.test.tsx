import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { STAFF } from '../testing/staff';
import { startPlatformServer, type PlatformServer } from '../testing/platformServer';
import { renderRemote } from '../testing/renderRemote';

const ADMIN = STAFF;

let server: PlatformServer;

async function open(path: string) {
  server = await startPlatformServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  return renderRemote(path, { user: ADMIN });
}

afterEach(() => server.close());

const location = () => screen.getByTestId('location').textContent;
const section = (name: string) => screen.getByRole('region', { name });

describe('AdminListingPage', () => {
  // Issue 33: the account's pages open only inside it, for this staff session.
  it("opens the listing's account for this session (the shell then opens its first page)", async () => {
    const { store } = await open('/admin/listing/105');
    await userEvent.click(await screen.findByRole('button', { name: 'Open this account' }));
    await waitFor(() =>
      expect(store.getState().auth.user?.viewing).toMatchObject({ account_id: '3' }),
    );
    expect(
      server.requests.filter((request) => request.url === '/admin/viewing/3').map((r) => r.method),
    ).toEqual(['POST']);
    // Every page's state started afresh; this one, still on screen, asks for its listing again
    // rather than waiting on a placeholder (what Back to it showed in a journey).
    expect(await screen.findByRole('heading', { level: 1, name: 'Flat 05' })).toBeInTheDocument();
    expect(server.requestsTo('/admin/listing/get/105')).toHaveLength(2);
  });

  it('shows a listing of any account read-only, with its owner and a way to the account', async () => {
    await open('/admin/listing/105');
    expect(await screen.findByRole('heading', { level: 1, name: 'Flat 05' })).toBeInTheDocument();
    const listing = within(section('Listing'));
    // The country by name; its code on a line of its own, for staff matching it elsewhere.
    expect(listing.getByText('5 Rua Nova, Lisbon, Portugal')).toBeInTheDocument();
    expect(listing.getByText('Country code PT')).toBeInTheDocument();
    expect(listing.getByText('Active')).toBeInTheDocument();
    const account = within(section('Account'));
    expect(account.getByText('Mountain Cabins (id 3)')).toBeInTheDocument();
    expect(account.getByText('owner3@hostdash.test')).toBeInTheDocument();
    expect(account.getByRole('button', { name: 'Open this account' })).toBeInTheDocument();
    const source = within(section('Import and changes'));
    expect(source.getByText('Beds24')).toBeInTheDocument();
    expect(source.getByText('105')).toBeInTheDocument();
    expect(within(section('Upcoming stays')).getByText('Maria Costa')).toBeInTheDocument();
    // Read-only: nothing here changes the listing.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('calls a listing without bedrooms a studio', async () => {
    server = await startPlatformServer();
    server.listings = server.listings.map((listing) =>
      listing.id === '105' ? { ...listing, bedrooms: 0 } : listing,
    );
    configureApiClient({ baseURL: server.url, logError: () => undefined });
    await renderRemote('/admin/listing/105', { user: ADMIN });
    await screen.findByRole('heading', { level: 1, name: 'Flat 05' });
    const listing = within(section('Listing'));
    expect(listing.getByText('Bedrooms').nextElementSibling).toHaveTextContent('Studio');
  });

  it('goes back to the list with the filters it was opened from', async () => {
    await open('/admin/listings?account=3&status=active');
    await userEvent.click(await screen.findByRole('link', { name: 'Flat 05' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flat 05' })).toBeInTheDocument();
    expect(location()).toBe('/admin/listing/105');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(await screen.findByRole('link', { name: 'Flat 17' })).toBeInTheDocument();
    expect(location()).toBe('/admin/listings?account=3&status=active');
    expect(server.lastQuery('/admin/listing/load').get('account_id')).toBe('3');
  });

  it('says clearly that an unknown listing is not there, with the way back', async () => {
    await open('/admin/listing/999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Listing not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all listings' })).toHaveAttribute(
      'href',
      '/admin/listings',
    );
  });
});
