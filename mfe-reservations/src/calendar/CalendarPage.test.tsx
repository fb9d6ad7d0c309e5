import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, formatDate, toIsoDate } from '@hostdash/shared-auth';
import { keepsContract } from '@hostdash/testing/contract';
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import type { CalendarMonth } from '../reservations/reservationsApi';
import { renderRemote } from '../testing/renderRemote';

const stay = (
  id: string,
  guest: string,
  checkIn: string,
  checkOut: string,
  colour: 'green' | 'yellow' | 'orange' | 'red',
) => ({
  id,
  guest_name: guest,
  check_in_date: checkIn,
  check_out_date: checkOut,
  source: 'airbnb' as const,
  colour,
  verification_status: colour === 'red' ? ('review' as const) : ('verified' as const),
});

function monthAnswer(month: string): CalendarMonth {
  const november = month === '2026-11';
  return {
    month,
    first_day: `${month}-01`,
    last_day: november ? '2026-11-30' : '2026-12-31',
    truncated: false,
    listings: [
      {
        id: '5',
        nickname: 'Marina Lofts 4D',
        building: 'Marina Lofts',
        stays: november
          ? [
              stay('71', 'Amara Okafor', '2026-10-30', '2026-11-02', 'green'),
              stay('72', 'Lukas Brandt', '2026-11-12', '2026-11-15', 'red'),
            ]
          : [],
      },
      {
        id: '6',
        nickname: 'Bay View Loft',
        building: null,
        stays: november ? [stay('73', 'Noor Haddad', '2026-11-07', '2026-11-10', 'yellow')] : [],
      },
    ],
  };
}

let upstream: Upstream;
const months: string[] = [];

beforeEach(async () => {
  months.length = 0;
  upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      // The list's calls, once the test switches to it, are not this test's business.
      if (url.pathname !== '/reservation/calendar')
        return { status: 500, json: { error: 'internal', message: 'Not part of this test.' } };
      const month = url.searchParams.get('month') ?? '';
      months.push(month);
      return { json: monthAnswer(month) };
    },
    { check: keepsContract },
  );
  configureApiClient({ baseURL: upstream.url, logError: () => undefined });
});

afterEach(async () => {
  await upstream.close();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('the reservations calendar', () => {
  it('draws a row per listing and a bar per stay that opens the reservation', async () => {
    await renderRemote('/reservations?view=calendar&month=2026-11');
    const marina = await screen.findByRole('group', { name: 'Marina Lofts 4D' });
    expect(screen.getByRole('group', { name: 'Bay View Loft' })).toBeInTheDocument();
    expect(months).toEqual(['2026-11']);
    expect(document.title).toBe('Calendar, November 2026 · Hostdash');

    // A stay that began in October shows in November, its words complete for a screen reader.
    const bars = within(marina).getAllByRole('link');
    expect(bars).toHaveLength(2);
    expect(bars[0]).toHaveAccessibleName(
      /^Amara Okafor, Marina Lofts 4D, .*3 nights, Green risk, Verified, Airbnb$/,
    );
    await userEvent.click(within(marina).getByRole('link', { name: /^Lukas Brandt/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/reservation/72');
  });

  it('moves month by month, keeping the month in the address', async () => {
    await renderRemote('/reservations?view=calendar&month=2026-11');
    await screen.findByRole('heading', { level: 2, name: 'November 2026' });
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'December 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/reservations?view=calendar&month=2026-12',
    );
    await waitFor(() => expect(months).toEqual(['2026-11', '2026-12']));
    expect(
      within(await screen.findByRole('group', { name: 'Marina Lofts 4D' })).queryAllByRole('link'),
    ).toHaveLength(0);
  });

  it('switches between the list and the calendar from the header', async () => {
    await renderRemote('/reservations?view=calendar&month=2026-11');
    await screen.findByRole('group', { name: 'Marina Lofts 4D' });
    expect(screen.getByRole('button', { name: 'Calendar' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/reservations$/),
    );
  });

  it('names each building once, as a heading over its listings', async () => {
    await renderRemote('/reservations?view=calendar&month=2026-11');
    const marinaLofts = await screen.findByRole('group', { name: 'Marina Lofts' });
    expect(
      within(marinaLofts).getByRole('heading', { level: 3, name: 'Marina Lofts' }),
    ).toBeInTheDocument();
    // The row says the listing's own part; its whole name stays its name.
    const row = within(marinaLofts).getByRole('group', { name: 'Marina Lofts 4D' });
    expect(within(row).getByText('4D')).toHaveAttribute('title', 'Marina Lofts 4D');
    const loose = screen.getByRole('group', { name: 'Without a building' });
    expect(within(loose).getByRole('group', { name: 'Bay View Loft' })).toBeInTheDocument();
  });
});

describe('the calendar on a phone', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        onchange: null,
        dispatchEvent: () => false,
      }),
    });
  });

  const agenda = () => screen.findByRole('region', { name: /^Arrivals from / });
  const dayTitles = (region: HTMLElement) =>
    within(region)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.MuiListSubheader-root')?.textContent)
      .filter(Boolean);

  it('is a week of arrivals, every day said, and who is already staying', async () => {
    await renderRemote('/reservations?view=calendar&week=2026-11-09');
    const week = await agenda();
    expect(months).toEqual(['2026-11']);
    expect(dayTitles(week)).toEqual([
      'Already staying',
      ...(
        [
          ['Monday', '2026-11-09'],
          ['Tuesday', '2026-11-10'],
          ['Wednesday', '2026-11-11'],
          ['Thursday', '2026-11-12'],
          ['Friday', '2026-11-13'],
          ['Saturday', '2026-11-14'],
          ['Sunday', '2026-11-15'],
        ] as const
      ).map(([weekday, day]) => `${weekday} ${formatDate(day)}`),
    ]);
    expect(within(week).getByRole('link', { name: /^Noor Haddad\s*Bay View Loft/ })).toBeVisible();
    expect(
      within(week).getByRole('link', { name: /^Lukas Brandt\s*Marina Lofts 4D/ }),
    ).toHaveAttribute('href', '/reservation/72');
    expect(within(week).getAllByText('No arrivals')).toHaveLength(6);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      `${formatDate('2026-11-09')} – ${formatDate('2026-11-15')}`,
    );
    expect(screen.queryByRole('group', { name: 'Marina Lofts 4D' })).not.toBeInTheDocument();
  });

  it('pages by week across a month’s end, and comes back to today', async () => {
    await renderRemote('/reservations?view=calendar&week=2026-11-23');
    await agenda();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/reservations?view=calendar&week=2026-11-30',
    );
    // Nov 30 to Dec 6: both months' stays.
    await waitFor(() => expect(months).toEqual(['2026-11', '2026-11', '2026-12']));
    await userEvent.click(await screen.findByRole('button', { name: 'Show the next week' }));
    expect(screen.getByTestId('location')).toHaveTextContent('week=2026-12-07');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`week=${toIsoDate()}`);
    expect(await agenda()).toHaveAccessibleName(`Arrivals from ${formatDate(toIsoDate())}`);
    expect(screen.queryByRole('button', { name: 'Today' })).not.toBeInTheDocument();
  });

  it('starts today, or at the first day of a month a shared link names', async () => {
    await renderRemote('/reservations?view=calendar');
    expect(await agenda()).toHaveAccessibleName(`Arrivals from ${formatDate(toIsoDate())}`);
    expect(within(await agenda()).getAllByRole('listitem')[0]).toHaveTextContent(/^Today, /);
  });

  it('opens a desktop’s month at its first day', async () => {
    await renderRemote('/reservations?view=calendar&month=2025-03');
    expect(await agenda()).toHaveAccessibleName(`Arrivals from ${formatDate('2025-03-01')}`);
    expect(months).toEqual(['2025-03']);
  });
});

describe('the list', () => {
  it('offers the calendar from its header', async () => {
    await renderRemote('/reservations');
    await userEvent.click(await screen.findByRole('button', { name: 'Calendar' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/reservations?view=calendar'),
    );
    expect(await screen.findByRole('heading', { level: 2, name: /\d{4}$/ })).toBeInTheDocument();
  });
});
