import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectSnackbar } from '@hostdash/shared-auth';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import { renderRemote } from '../testing/renderRemote';
import {
  makeConnection,
  makeSource,
  makeTask,
  startSettingsServer,
  type SettingsServer,
  type SettingsServerState,
} from '../testing/settingsServer';
import type { Integrations } from './settingsApi';
import { POLL_MS } from './settingsSaga';

let server: SettingsServer;

async function open(initial: Partial<SettingsServerState> = {}) {
  server = await startSettingsServer(initial);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const view = await renderRemote('/settings', { user: DEMO_OWNER });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
}

afterEach(() => server.close());

const section = () => screen.getByRole('region', { name: 'Connected systems' });
const systemItem = (label: string) => within(section()).findByRole('listitem', { name: label });
const snackbarText = (store: Awaited<ReturnType<typeof open>>['store']) =>
  selectSnackbar(store.getState()).text;
const integrationsAsked = () => server.requestsTo('/user/integrations', 'GET').length;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

const THREE_SYSTEMS: Integrations = {
  items: [
    makeConnection('hostaway'),
    makeConnection('guesty', {
      status: 'reconnect',
      listings_count: 12,
      reservations_count: 1,
      last_sync_at: null,
    }),
    makeConnection('beds24', {
      status: 'pending',
      listings_count: 0,
      reservations_count: 0,
      last_sync_at: null,
      task: makeTask('beds24'),
    }),
  ],
  sources: [makeSource('hostaway', { connected: true }), makeSource('guesty', { connected: true })],
  onboarded_at: '2026-10-02T08:10:00Z',
};

describe('Connected systems on /settings', () => {
  it('lists each system with its status in words, last sync and counts, and an import under way as a bar', async () => {
    await open({ integrations: THREE_SYSTEMS });
    const hostaway = within(await systemItem('Hostaway'));
    expect(hostaway.getByText('Connected')).toBeInTheDocument();
    expect(
      hostaway.getByText('120 listings · 348 reservations', { exact: false }),
    ).toBeInTheDocument();
    expect(hostaway.getByText(/^Last synced/)).toHaveTextContent(/2026/);
    expect(hostaway.getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/connect/hostaway?reconnect=1',
    );

    const guesty = within(await systemItem('Guesty'));
    expect(guesty.getByText('Reconnect needed')).toBeInTheDocument();
    expect(guesty.getByText(/Guesty refused the saved credentials/)).toBeInTheDocument();
    expect(guesty.getByText('Never synced')).toBeInTheDocument();
    expect(guesty.getByText('12 listings · 1 reservation', { exact: false })).toBeInTheDocument();

    const beds24 = within(await systemItem('Beds24'));
    expect(beds24.getByRole('progressbar', { name: 'Import from Beds24, 29 %' })).toHaveAttribute(
      'aria-valuenow',
      '29',
    );
    expect(beds24.getByText('84 of 120 listings · 29 %')).toBeInTheDocument();
    // While it runs, nothing that the API would refuse is offered.
    expect(beds24.getByRole('button', { name: 'Disconnect' })).toBeDisabled();
    expect(hostaway.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  });

  it('shows the next sync, and the webhook’s credentials only once the owner asks', async () => {
    await open({
      integrations: {
        items: [
          makeConnection('hostaway', {
            next_sync_at: new Date(Date.now() + 10 * 60_000).toISOString(),
            webhook_url:
              'http://localhost:3000/api/webhooks/hostaway/0123456789abcdef0123456789abcdef',
          }),
          makeConnection('beds24'),
        ],
        sources: [],
        onboarded_at: '2026-10-02T08:10:00Z',
      },
    });
    const hostaway = within(await systemItem('Hostaway'));
    expect(hostaway.getByText(/^Next sync/)).toHaveTextContent('in 10 minutes');
    expect(hostaway.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.click(hostaway.getByRole('button', { name: 'Set up the webhook' }));
    expect(await hostaway.findByLabelText('Password')).toHaveValue('test-webhook-password');
    expect(hostaway.getByLabelText('Login')).toHaveValue('hostdash-1a2b3c4d');
    expect(hostaway.getByLabelText('Webhook URL')).toHaveValue(
      'http://localhost:3000/api/webhooks/hostaway/0123456789abcdef0123456789abcdef',
    );
    // A system without webhooks offers none.
    const beds24 = within(await systemItem('Beds24'));
    expect(beds24.queryByRole('button', { name: 'Set up the webhook' })).not.toBeInTheDocument();
  });

  it('syncs a system now and follows its import every 2 s until it has finished, then stops asking', async () => {
    const { store } = await open();
    const hostaway = within(await systemItem('Hostaway'));
    // The queued import moves on at each question, and is done at the second.
    let asked = 0;
    server.onIntegrations = (integrations) => {
      asked += 1;
      return {
        ...integrations,
        items: integrations.items.map((item) =>
          item.task
            ? {
                ...item,
                last_sync_at: asked >= 2 ? new Date().toISOString() : item.last_sync_at,
                task: makeTask(item.pms, {
                  state: asked >= 2 ? 'succeeded' : 'running',
                  step: asked >= 2 ? 'screening' : 'listings',
                }),
              }
            : item,
        ),
      };
    };
    await userEvent.click(hostaway.getByRole('button', { name: 'Sync now' }));
    // The click resolves before the request reaches the test server on a busy machine.
    await waitFor(() =>
      expect(server.bodiesTo('/user/updateIntegrations')).toEqual([
        { pms: 'hostaway', action: 'sync' },
      ]),
    );
    expect(
      await hostaway.findByRole('progressbar', { name: 'Import from Hostaway, 0 %' }),
    ).toBeInTheDocument();
    expect(hostaway.getByText('Waiting to start · 0 %')).toBeInTheDocument();
    expect(snackbarText(store)).toBe(
      'Hostaway is syncing. New listings and reservations come in as it goes.',
    );
    const before = integrationsAsked();

    expect(
      await hostaway.findByText('84 of 120 listings · 29 %', undefined, { timeout: POLL_MS * 2 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(hostaway.queryByRole('progressbar')).not.toBeInTheDocument(), {
      timeout: POLL_MS * 2,
    });
    expect(hostaway.getByText('just now')).toBeInTheDocument();
    expect(integrationsAsked()).toBe(before + 2);
    await wait(POLL_MS + 500);
    expect(integrationsAsked()).toBe(before + 2);
  });

  it('stops asking about a running import once the page is left', async () => {
    const { unmount } = await open({ integrations: THREE_SYSTEMS });
    await systemItem('Beds24');
    await wait(POLL_MS + 300);
    const asked = integrationsAsked();
    expect(asked).toBe(2);
    unmount();
    await wait(POLL_MS + 500);
    expect(integrationsAsked()).toBe(asked);
  });

  it('says a sync refused because an import is under way as what to do, and shows that import', async () => {
    const { store } = await open();
    const hostaway = within(await systemItem('Hostaway'));
    // Another tab started an import the page does not know of yet.
    server.integrations = {
      ...server.integrations,
      items: [...server.integrations.items, makeConnection('guesty', { task: makeTask('guesty') })],
    };
    await userEvent.click(hostaway.getByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(snackbarText(store)).toBe(
        'Hostaway was not synced: an import is already under way for this account. Sync again once it has finished.',
      ),
    );
    expect(
      within(await systemItem('Guesty')).getByRole('progressbar', {
        name: 'Import from Guesty, 29 %',
      }),
    ).toBeInTheDocument();
  });

  it('disconnects a system after saying what stays, and says so', async () => {
    const { store } = await open({
      integrations: {
        items: [makeConnection('hostaway'), makeConnection('guesty')],
        sources: [],
        onboarded_at: null,
      },
    });
    const hostaway = within(await systemItem('Hostaway'));
    await userEvent.click(hostaway.getByRole('button', { name: 'Disconnect' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Disconnect Hostaway?' }));
    expect(
      dialog.getByText(
        /The 120 listings and 348 reservations imported from it stay in Hostdash, but stop being updated/,
      ),
    ).toBeInTheDocument();
    expect(server.requestsTo('/user/updateIntegrations')).toHaveLength(0);

    await userEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.bodiesTo('/user/updateIntegrations')).toEqual([
      { pms: 'hostaway', action: 'disconnect' },
    ]);
    expect(within(section()).queryByRole('listitem', { name: 'Hostaway' })).not.toBeInTheDocument();
    expect(await systemItem('Guesty')).toBeInTheDocument();
    expect(snackbarText(store)).toBe(
      'Hostaway is disconnected. Its listings and reservations stay in Hostdash.',
    );
  });

  it('keeps the dialog open with the refusal when disconnecting is refused', async () => {
    await open();
    server.refuseNext = {
      status: 409,
      json: {
        error: 'import_in_progress',
        message: 'Hostaway is importing right now: disconnect it once the import has finished.',
      },
    };
    await userEvent.click(
      within(await systemItem('Hostaway')).getByRole('button', { name: 'Disconnect' }),
    );
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));
    expect(
      await dialog.findByText(
        'Hostaway is importing right now: disconnect it once the import has finished.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await systemItem('Hostaway')).toBeInTheDocument();
  });

  it('lists the systems the listings came from, with their counts, though none is connected (issue 33)', async () => {
    await open({
      integrations: {
        items: [],
        sources: [
          makeSource('guesty', { listings_count: 44 }),
          makeSource('hostaway', { listings_count: 40, last_sync_at: null }),
          makeSource('rentalsunited', { listings_count: 36 }),
        ],
        onboarded_at: '2026-10-02T08:10:00Z',
      },
    });
    const guesty = within(await systemItem('Guesty'));
    expect(guesty.getByText(/^44 listings came from Guesty\./)).toBeInTheDocument();
    expect(guesty.getByText(/^Last synced/)).toBeInTheDocument();
    const hostaway = within(await systemItem('Hostaway'));
    expect(hostaway.getByText(/^40 listings came from Hostaway\./)).toBeInTheDocument();
    expect(hostaway.getByText('Last sync not known')).toBeInTheDocument();
    expect(await systemItem('Rentals United')).toBeInTheDocument();
    // Not "connect your PMS" (a duplicate import): another system, on request.
    expect(within(section()).queryByText('No system connected yet')).not.toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
    await userEvent.click(
      within(section()).getByRole('button', { name: 'Connect another system' }),
    );
    expect(
      await within(section()).findByRole('list', { name: 'Systems Hostdash connects' }),
    ).toBeInTheDocument();
  });

  it('offers the systems Hostdash connects when none is connected', async () => {
    await open({ integrations: { items: [], sources: [], onboarded_at: null } });
    expect(await within(section()).findByText('No system connected yet')).toBeInTheDocument();
    const systems = await within(section()).findByRole('list', {
      name: 'Systems Hostdash connects',
    });
    const links = within(systems).getAllByRole('link');
    expect(links).toHaveLength(18);
    expect(within(systems).getByRole('link', { name: /Hostaway/ })).toHaveAttribute(
      'href',
      '/connect/hostaway',
    );
  });

  it('says why a manager cannot see the connections, without a Retry that would be refused again', async () => {
    await open({
      integrationsRefusal: {
        status: 403,
        json: {
          error: 'forbidden',
          message: 'Connecting systems is for the account owner: ask Olivia Hart.',
        },
      },
    });
    expect(
      await within(section()).findByText(
        'Connecting systems is for the account owner: ask Olivia Hart.',
      ),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
