// The analytics page's front-end health, against the contract-checked stand-in API
// (testing/platformServer.ts): what it shows, the period and remote it asks for, one version over
// time, and its empty, failed and retried states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { allowCharts } from '../testing/charts';
import {
  makeFrontendHealth,
  noFrontendEvents,
  startPlatformServer,
  type PlatformServer,
} from '../testing/platformServer';
import { renderRemote } from '../testing/renderRemote';
import { STAFF } from '../testing/staff';
import { NO_EVENTS } from './frontendHealth';

const FRONTEND = '/admin/analytics/frontend';
const HOUR = 3_600_000;

allowCharts();

let server: PlatformServer;

async function open(path = '/admin/kibana', prepare: (server: PlatformServer) => void = () => {}) {
  server = await startPlatformServer();
  prepare(server);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  return renderRemote(path, { user: STAFF });
}

afterEach(() => server.close());

const part = () => within(screen.getByRole('region', { name: 'Front-end health' }));
/** A table's rows below its header, each as its cells' text. */
const rowsOf = (name: string | RegExp) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const location = () => screen.getByTestId('location').textContent;
/** How long before now the last request's `from` was, in hours. */
const askedHours = () =>
  Math.round((Date.now() - Date.parse(server.lastQuery(FRONTEND).get('from') ?? '')) / HOUR);

describe('Front-end health', () => {
  it('shows each remote version, the slowest routes, the top errors and the refusals apart, of the last 24 hours', async () => {
    await open();
    await screen.findByRole('table', { name: 'Remotes and versions' });
    expect(askedHours()).toBe(24);
    expect(server.lastQuery(FRONTEND).has('remote')).toBe(false);

    expect(rowsOf('Remotes and versions')).toEqual([
      ['listings', '0.2.0', '40', '3 (7.5 %)', '7', '2', '5', '11', '1,830 ms', '96 ms'],
      ['listings', '0.3.0', '1', '1 (100 %)', '2', '0', '0', '0', '—', '—'],
      ['Shell', '—', '1', '0 (0 %)', '0', '0', '0', '0', '900 ms', '40 ms'],
    ]);
    expect(rowsOf('Slowest routes')).toEqual([
      ['/listing/:id', 'listings', '12', '1,421 ms', '2,980 ms'],
      ['/listings', 'listings', '30', '640 ms', '1,210 ms'],
      ['/login', 'Shell', '4', '210 ms', '260 ms'],
    ]);
    expect(rowsOf('Top errors')).toEqual([
      [
        'Cannot read properties of undefined (reading "nickname")',
        'Error caught by the page',
        '—',
        '—',
        'listings',
        '0.3.0',
        '5',
        '2',
        '3 hours ago',
        '5 minutes ago',
      ],
      // An API failure says its call: method, the API's route and the status.
      [
        'internal',
        'API call failed',
        'POST /listing/update/{id}',
        '500',
        'listings',
        '0.2.0',
        '2',
        '1',
        '20 hours ago',
        '20 hours ago',
      ],
      [
        'no_response',
        'API call failed',
        'GET (not an API route)',
        'No answer',
        'Shell',
        '—',
        '1',
        '1',
        '2 hours ago',
        '2 hours ago',
      ],
    ]);
    // The refusals the pages expect are apart, never among the errors.
    expect(rowsOf('Refusals the pages expect')).toEqual([
      [
        'POST /listing/update/{id}',
        '409',
        'stale_write',
        'listings',
        '0.2.0',
        '9',
        '4',
        '6 hours ago',
        '30 minutes ago',
      ],
      [
        'POST /login',
        '401',
        'invalid_credentials',
        'Shell',
        '—',
        '2',
        '2',
        '2 hours ago',
        expect.stringMatching(/hour ago$/),
      ],
    ]);
    // The exact moment is there too, for hovering and for a screen reader.
    const first = within(screen.getByRole('table', { name: 'Top errors' })).getAllByText(
      '3 hours ago',
    )[0]!;
    expect(first.tagName).toBe('TIME');
    expect(first).toHaveAttribute('title', expect.stringMatching(/\d/));
  });

  it('draws the most used version over time, and another on request', async () => {
    await open();
    const sessions = await screen.findByRole('table', { name: /^Sessions: listings 0\.2\.0/ });
    const expected = makeFrontendHealth(24).series[0]!.buckets.length;
    expect(within(sessions).getAllByRole('row')).toHaveLength(expected + 2);
    expect(within(sessions).getByRole('row', { name: 'Period 40 3' })).toBeInTheDocument();
    const vitals = screen.getByRole('table', { name: /^Web Vitals .*: listings 0\.2\.0/ });
    expect(within(vitals).getByRole('row', { name: 'Period 1,830 96' })).toBeInTheDocument();
    // A bucket without a sample says so rather than 0.
    expect(within(vitals).getAllByText('No sample').length).toBeGreaterThan(0);

    await userEvent.click(part().getByRole('combobox', { name: 'Over time' }));
    await userEvent.click(screen.getByRole('option', { name: 'listings 0.3.0' }));
    const problems = await screen.findByRole('table', { name: /^Problems: listings 0\.3\.0/ });
    expect(within(problems).getByRole('row', { name: 'Period 2 0 0' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Problems: listings 0\.2\.0/ })).toBeNull();
  });

  it('asks for another period, keeping it and the platform period in the address', async () => {
    await open('/admin/kibana?days=7');
    await screen.findByRole('table', { name: 'Remotes and versions' });
    await userEvent.click(part().getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(askedHours()).toBe(7 * 24));
    expect(location()).toBe('/admin/kibana?days=7&health=7d');
    expect(part().getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    // The platform's period did not move.
    expect(server.lastQuery('/admin/analytics').get('days')).toBe('7');
  });

  it('asks for one remote, and shows only its versions and routes', async () => {
    await open();
    await screen.findByRole('table', { name: 'Remotes and versions' });
    await userEvent.click(part().getByRole('combobox', { name: 'Remote' }));
    await userEvent.click(screen.getByRole('option', { name: 'listings' }));
    await waitFor(() => expect(server.lastQuery(FRONTEND).get('remote')).toBe('listings'));
    expect(location()).toBe('/admin/kibana?remote=listings');
    await waitFor(() => expect(rowsOf('Remotes and versions')).toHaveLength(2));
    expect(rowsOf('Slowest routes').map((row) => row[0])).toEqual(['/listing/:id', '/listings']);
  });

  it('opens on the period and remote of a shared link, and ignores a remote that cannot be one', async () => {
    const shared = await open('/admin/kibana?health=1h&remote=listings');
    await screen.findByRole('table', { name: 'Remotes and versions' });
    expect(askedHours()).toBe(1);
    expect(server.lastQuery(FRONTEND).get('remote')).toBe('listings');
    expect(part().getByRole('combobox', { name: 'Remote' })).toHaveTextContent('listings');
    // One page at a time: the next link opens alone.
    shared.unmount();
    server.close();

    await open('/admin/kibana?health=forever&remote=..%2Fusers');
    await screen.findByRole('table', { name: 'Remotes and versions' });
    expect(askedHours()).toBe(24);
    expect(server.lastQuery(FRONTEND).has('remote')).toBe(false);
    expect(part().getByRole('combobox', { name: 'Remote' })).toHaveTextContent(
      'All remotes and the shell',
    );
  });

  it('says how events arrive when there are none', async () => {
    await open('/admin/kibana', (stand) => {
      stand.frontendHealth = noFrontendEvents();
    });
    expect(await part().findByText(NO_EVENTS)).toBeInTheDocument();
    expect(NO_EVENTS).toBe(
      'No front-end events in this period: the dashboard sends them from every page as people use it.',
    );
    expect(screen.queryByRole('table', { name: 'Top errors' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Refusals the pages expect' })).toBeNull();
  });

  it('says a failed load with a retry, while the platform figures still show', async () => {
    await open('/admin/kibana', (stand) => {
      stand.failNext = {
        path: FRONTEND,
        answer: {
          status: 500,
          json: { error: 'internal', message: 'Something failed on our side.' },
        },
      };
    });
    const alert = await part().findByRole('alert');
    expect(await screen.findByRole('table', { name: /^Sign-ins per day/ })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Remotes and versions' })).toBeInTheDocument();
    expect(part().queryByRole('alert')).toBeNull();
  });
});
