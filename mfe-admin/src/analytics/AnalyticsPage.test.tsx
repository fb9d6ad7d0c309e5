import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, formatDate } from '@hostdash/shared-auth';
import { allowCharts } from '../testing/charts';
import { STAFF } from '../testing/staff';
import {
  noFrontendEvents,
  startPlatformServer,
  type PlatformServer,
} from '../testing/platformServer';
import { renderRemote } from '../testing/renderRemote';
import { keepStyles } from '@hostdash/testing/styles';

// A chart shown as its table is hidden by CSS.
keepStyles();

const ADMIN = STAFF;
const ANALYTICS = '/admin/analytics';

allowCharts();

let server: PlatformServer;

async function open(path: string) {
  server = await startPlatformServer();
  // The front-end health below has its own tests (FrontendHealthSection.test.tsx).
  server.frontendHealth = noFrontendEvents();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const view = await renderRemote(path, { user: ADMIN });
  await screen.findByRole('table', { name: /^Sign-ins per day/ });
  return view;
}

afterEach(() => server.close());

const dataRows = (name: RegExp) =>
  within(within(screen.getByRole('table', { name })).getAllByRole('rowgroup')[1]!).getAllByRole(
    'row',
  );
/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const location = () => screen.getByTestId('location').textContent;

describe('AnalyticsPage', () => {
  it('shows the last 30 days by default, a table per chart, and failures that are not recorded as such', async () => {
    await open('/admin/kibana');
    expect(server.lastQuery(ANALYTICS).get('days')).toBe('30');
    for (const name of [
      /^Sign-ins per day/,
      /^Active accounts per day/,
      /^Reservations screened per day, by risk colour/,
      /^Verification outcomes per day/,
      /^Imports per day/,
    ])
      expect(dataRows(name)).toHaveLength(30);

    const signIns = screen.getByRole('table', { name: /^Sign-ins per day/ });
    expect(
      within(signIns).getByRole('row', { name: `${formatDate('2026-11-25')} 30` }),
    ).toBeInTheDocument();
    expect(within(signIns).getByRole('row', { name: 'Total 465' })).toBeInTheDocument();
    const risk = screen.getByRole('table', { name: /^Reservations screened/ });
    expect(
      within(risk)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Green', 'Yellow', 'Orange', 'Red']);

    const imports = screen.getByRole('table', { name: /^Imports per day/ });
    expect(
      within(imports).getByRole('row', { name: 'Total 43 Not recorded yet' }),
    ).toBeInTheDocument();
    const headlines = within(screen.getByRole('region', { name: 'Totals for the period' }));
    expect(headlines.getByText('Failed imports: not recorded yet')).toBeInTheDocument();
    expect(headlines.getByText('465')).toBeInTheDocument();
  });

  it('switches the period, keeping it in the address', async () => {
    await open('/admin/kibana');
    // The platform's period (the front-end health below has its own).
    const period = within(screen.getByRole('group', { name: 'Period' }));
    await userEvent.click(period.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(dataRows(/^Sign-ins per day/)).toHaveLength(7));
    expect(location()).toBe('/admin/kibana?days=7');
    expect(server.lastQuery(ANALYTICS).get('days')).toBe('7');
    expect(period.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens on the period of a shared link', async () => {
    await open('/admin/kibana?days=90');
    expect(dataRows(/^Active accounts per day/)).toHaveLength(90);
    expect(server.lastQuery(ANALYTICS).get('days')).toBe('90');
  });

  it('shows a chart as its table on request', async () => {
    await open('/admin/kibana');
    const card = within(screen.getByRole('region', { name: 'Sign-ins per day' }));
    const toggle = card.getByRole('button', { name: 'Show as table: Sign-ins per day' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(card.getByTestId('chart')).toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // The table is always there for a screen reader; shown, it takes the chart's place.
    expect(card.getByTestId('chart')).not.toBeVisible();
    expect(card.getByRole('table').parentElement).toHaveStyle({ overflow: 'auto' });
    await userEvent.click(toggle);
    expect(card.getByTestId('chart')).toBeVisible();
  });

  it('downloads a series as CSV, named after it and the period', async () => {
    const saved: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      await open('/admin/kibana?days=7');
      await userEvent.click(
        screen.getByRole('button', {
          name: 'Download CSV: Reservations screened per day, by risk colour',
        }),
      );
      expect(names).toEqual(['hostdash-screened-by-colour-7-days.csv']);
      const text = await textOf(saved[0]!);
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('Date,Green,Yellow,Orange,Red');
      expect(lines[7]).toBe('2026-11-25,2,1,0,1');
      expect(lines).toHaveLength(9);

      await userEvent.click(screen.getByRole('button', { name: 'Download CSV: Imports per day' }));
      expect(names[1]).toBe('hostdash-imports-7-days.csv');
      expect((await textOf(saved[1]!)).split('\r\n').slice(0, 2)).toEqual([
        'Date,Listings imported,Failed imports',
        '2026-11-19,0,',
      ]);
    } finally {
      click.mockRestore();
    }
  });

  it('says a failed load with a retry', async () => {
    server = await startPlatformServer();
    server.failNext = {
      path: ANALYTICS,
      answer: {
        status: 500,
        json: { error: 'internal', message: 'Something failed on our side.' },
      },
    };
    configureApiClient({ baseURL: server.url, logError: () => undefined });
    await renderRemote('/admin/kibana', { user: ADMIN });
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /^Sign-ins per day/ })).toBeInTheDocument();
  });
});
