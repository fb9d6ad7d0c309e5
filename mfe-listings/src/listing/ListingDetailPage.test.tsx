import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import {
  INTERNAL_ERROR_ANSWER,
  startListingsServer,
  type ListingsServer,
} from '../testing/listingsServer';
import { renderRemote } from '../testing/renderRemote';

let server: ListingsServer;

beforeEach(async () => {
  server = await startListingsServer(3);
  server.listings[0] = { ...server.listings[0]!, custom_fields: { wifi_network: 'Marina-Guest' } };
  configureApiClient({ baseURL: server.url, logError: () => undefined });
});

afterEach(() => server.close());

const field = (label: string) => screen.getByRole('textbox', { name: label });

describe('ListingDetailPage', () => {
  it('shows the listing with its fields, custom fields and upcoming reservations', async () => {
    await renderRemote('/listing/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loft 01' })).toBeInTheDocument();
    expect(field('Nickname')).toHaveValue('Loft 01');
    expect(field('Field 1 name')).toHaveValue('wifi_network');
    expect(field('Field 1 value')).toHaveValue('Marina-Guest');
    expect(screen.getByText('No upcoming reservations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('saves only what changed, with the version it was edited from', async () => {
    const { store } = await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    await userEvent.clear(field('Nickname'));
    await userEvent.type(field('Nickname'), 'Loft 01 – River view');
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    await userEvent.type(field('Field 2 name'), 'parking');
    await userEvent.type(field('Field 2 value'), 'Space 14');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Loft 01 – River view' }),
    ).toBeInTheDocument();
    const body = JSON.parse(
      server.requests.find((request) => request.url === '/listing/update/1')?.body ?? '{}',
    );
    expect(body).toEqual({
      version: 1,
      nickname: 'Loft 01 – River view',
      custom_fields: { wifi_network: 'Marina-Guest', parking: 'Space 14' },
    });
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({ open: true, text: 'Changes saved.' }),
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('asks before leaving unsaved edits: Stay keeps them, Leave goes', async () => {
    const { store } = await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    await userEvent.type(field('City'), ' Centre');
    await userEvent.click(within(crumbs).getByRole('link', { name: 'Listings' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to Loft 01 will be lost.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/listing/1');
    expect(field('City')).toHaveValue(`${server.listings[0]!.city} Centre`);

    await userEvent.click(within(crumbs).getByRole('link', { name: 'Listings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/listings'));
    // The listings page has loaded before the stand-in API closes (no request cut off mid-way).
    await waitFor(() => {
      const { list, stats } = store.getState().listings;
      expect(list.items.length > 0 && stats.data !== null).toBe(true);
    });
  });

  it('offers countries by name and saves the code', async () => {
    await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('Portugal');
    await userEvent.clear(country);
    await userEvent.type(country, 'Spa');
    await userEvent.click(await screen.findByRole('option', { name: 'Spain' }));
    expect(country).toHaveValue('Spain');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(server.requests.some((request) => request.url === '/listing/update/1')).toBe(true),
    );
    const body = JSON.parse(
      server.requests.find((request) => request.url === '/listing/update/1')?.body ?? '{}',
    );
    expect(body).toEqual({ version: 1, country: 'ES' });
  });

  it('explains a bad field and sends nothing', async () => {
    await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    await userEvent.clear(field('City'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('City is required.')).toBeInTheDocument();
    expect(server.requests.some((request) => request.url.startsWith('/listing/update'))).toBe(
      false,
    );
  });

  it('on a stale write, keeps the edits and lets the host save them on top of the latest version', async () => {
    await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    // Someone else saves a new city in another tab.
    server.listings[0] = {
      ...server.listings[0]!,
      city: 'Porto',
      version: 2,
      updated_at: new Date().toISOString(),
    };

    await userEvent.clear(field('Nickname'));
    await userEvent.type(field('Nickname'), 'Loft One');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByText('Someone else changed this listing');
    expect(field('Nickname')).toHaveValue('Loft One');

    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Keep my edits',
      }),
    );
    expect(field('City')).toHaveValue('Porto');
    expect(field('Nickname')).toHaveValue('Loft One');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Loft One' })).toBeInTheDocument();
    expect(server.listings[0]).toMatchObject({ nickname: 'Loft One', city: 'Porto', version: 3 });
  });

  it('puts the API’s refusal of a field under that field, in the form’s words, and keeps every edit', async () => {
    const { store } = await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    server.failNextUpdate.set('1', {
      status: 400,
      json: {
        error: 'invalid_request',
        message: '"city" must be at most 100 characters long.',
        field: 'city',
        in: 'body',
        rule: 'maxLength',
      },
    });
    await userEvent.clear(field('Nickname'));
    await userEvent.type(field('Nickname'), 'Loft One');
    await userEvent.type(field('City'), ' Old Town');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(field('City')).toHaveAccessibleDescription(
        'City must be at most 100 characters long.',
      ),
    );
    expect(field('City')).toBeInvalid();
    expect(field('City')).toHaveFocus();
    // Said once, there: no alert over the form, no snackbar.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/"city"/)).not.toBeInTheDocument();
    expect(store.getState().snackbar.open).toBe(false);
    expect(field('Nickname')).toHaveValue('Loft One');
    expect(field('City')).toHaveValue('Lisbon Old Town');

    // Changing the field clears what the API said about its old value; the save then goes through.
    await userEvent.type(field('City'), '!');
    expect(field('City')).not.toHaveAccessibleDescription(/must be at most/);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Loft One' })).toBeInTheDocument();
    expect(server.listings[0]).toMatchObject({ nickname: 'Loft One', city: 'Lisbon Old Town!' });
  });

  it('puts a refused custom field value under its own row', async () => {
    const { store } = await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    server.failNextUpdate.set('1', {
      status: 400,
      json: {
        error: 'invalid_request',
        message: '"custom_fields.parking" must be at most 500 characters long.',
        field: 'custom_fields.parking',
        in: 'body',
        rule: 'maxLength',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    await userEvent.type(field('Field 2 name'), 'parking');
    await userEvent.type(field('Field 2 value'), 'Space 14');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(field('Field 2 value')).toHaveAccessibleDescription(
        'Field 2 value must be at most 500 characters long.',
      ),
    );
    expect(field('Field 1 value')).toBeValid();
    expect(store.getState().snackbar.open).toBe(false);
    expect(field('Field 2 name')).toHaveValue('parking');
    expect(field('Field 2 value')).toHaveValue('Space 14');
  });

  it('says a save that failed for another reason once, in the snackbar, and keeps the edits', async () => {
    const { store } = await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    server.failNextUpdate.set('1', INTERNAL_ERROR_ANSWER);
    await userEvent.type(field('City'), ' Centre');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        open: true,
        text: 'Something went wrong on our side. Try again in a moment.',
        props: { severity: 'error' },
      }),
    );
    expect(
      screen.queryByText('Something went wrong on our side. Try again in a moment.'),
    ).toBeNull();
    expect(field('City')).toHaveValue('Lisbon Centre');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('says a failed load once, in the page, with Retry', async () => {
    server.failing.set('/listing/get/1', INTERNAL_ERROR_ANSWER);
    const { store } = await renderRemote('/listing/1');
    const message = 'Something went wrong on our side. Try again in a moment.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().listings.buildings.status.loading).toBe(false));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(store.getState().snackbar.open).toBe(false);

    server.failing.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Loft 01' })).toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('says under the building field, and only there, when the other buildings could not be loaded', async () => {
    server.failing.set('/listing/load', INTERNAL_ERROR_ANSWER);
    const { store } = await renderRemote('/listing/1');
    await screen.findByRole('heading', { level: 1, name: 'Loft 01' });
    expect(
      await screen.findByText(
        'The other buildings could not be loaded. Reload the page to choose one.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('says so when the listing does not exist', async () => {
    await renderRemote('/listing/999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Listing not found' }),
    ).toBeInTheDocument();
  });
});
