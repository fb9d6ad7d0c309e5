import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectSnackbar } from '@hostdash/shared-auth';
import { STAFF } from '../testing/staff';
import { makeFlag, startAdminServer, type AdminServer } from '../testing/adminServer';
import { renderRemote } from '../testing/renderRemote';
import { flagValueError } from './flagWords';

const ADMIN = STAFF;

let server: AdminServer;

async function open(flags?: Parameters<typeof startAdminServer>[0]) {
  server = await startAdminServer(flags);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const view = await renderRemote('/admin/flags', { user: ADMIN });
  await screen.findByRole('heading', { name: 'Outage banner' });
  return view;
}

afterEach(() => server.close());

const preview = () => screen.getByRole('figure', { name: 'Preview' });
const dialog = () => screen.getByRole('dialog');

describe('FlagsPage', () => {
  it('previews the banner as users will see it, asks, saves it as the banner reads it, and says so', async () => {
    const { store } = await open();
    expect(within(preview()).getByText('No banner.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Show the banner' }));
    await userEvent.click(screen.getByRole('radio', { name: /Outage: stays/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Payments are delayed');
    expect(within(preview()).getByRole('alert')).toHaveTextContent('Payments are delayed');

    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    expect(within(dialog()).getByText(/cannot close it/)).toBeInTheDocument();
    expect(server.requestsTo('/admin/flags/outage_banner_dashboard')).toHaveLength(0);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Show banner' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [saved] = server.requestsTo('/admin/flags/outage_banner_dashboard');
    expect(JSON.parse(saved!.body)).toEqual({
      enabled: true,
      value: JSON.stringify({ severity: 'error', text: 'Payments are delayed' }),
    });
    expect(selectSnackbar(store.getState()).text).toBe(
      'The outage banner is on. Open dashboards show it within a minute.',
    );
    expect(await screen.findByText(/Last changed .* by Ada Admin/)).toBeInTheDocument();
  });

  it('asks for the text before a banner can be shown, and sends nothing', async () => {
    await open();
    await userEvent.click(screen.getByRole('switch', { name: 'Show the banner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    expect(
      screen.getByText('Say what is happening, in words a host understands.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes a banner down, keeping its text for next time', async () => {
    await open([
      makeFlag({ enabled: true, value: '{"severity":"info","text":"Sync is slow today"}' }),
    ]);
    expect(within(preview()).getByText('Sync is slow today')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Show the banner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Take down' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [saved] = server.requestsTo('/admin/flags/outage_banner_dashboard');
    expect(JSON.parse(saved!.body)).toEqual({ enabled: false });
  });

  it('switches another flag after asking, and keeps a refusal in the dialog', async () => {
    await open();
    const list = screen.getByRole('table', { name: 'Feature flags' });
    await userEvent.click(within(list).getByRole('switch', { name: 'new_calendar on' }));
    expect(
      within(dialog()).getByRole('heading', { name: 'Turn new_calendar on?' }),
    ).toBeInTheDocument();
    server.failNextSave = {
      status: 403,
      json: { error: 'forbidden', message: 'This is for Hostdash staff.' },
    };
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog()).findByText('This is for Hostdash staff.')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(list).getByRole('switch', { name: 'new_calendar on' })).toBeChecked();
  });

  it('checks a JSON value before it can be saved', async () => {
    await open();
    const list = screen.getByRole('table', { name: 'Feature flags' });
    await userEvent.click(within(list).getByRole('button', { name: 'Set a value' }));
    const value = within(dialog()).getByRole('textbox', { name: 'Value' });
    await userEvent.type(value, '{{"rollout": 10');
    expect(within(dialog()).getByText(/This isn't valid JSON/)).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Save value' })).toBeDisabled();
    await userEvent.type(value, '}');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save value' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save value' }));
    await waitFor(() => expect(server.requestsTo('/admin/flags/new_calendar')).toHaveLength(1));
    expect(JSON.parse(server.requestsTo('/admin/flags/new_calendar')[0]!.body)).toEqual({
      enabled: false,
      value: '{"rollout": 10}',
    });
  });
});

describe('flagValueError', () => {
  it('lets text through and holds JSON to being JSON', () => {
    expect(flagValueError('plain words')).toBeNull();
    expect(flagValueError('{"a":1}')).toBeNull();
    expect(flagValueError('[1,2')).toMatch(/^This isn't valid JSON/);
  });
});
