import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { keepsContract } from '../../../config/testing/contract';
import { startUpstream, type Upstream } from '../../../config/testing/upstream';
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
      { id: '6', nickname: 'Bay View Loft', building: null, stays: [] },
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

  it('is an agenda of arrivals on a phone', async () => {
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
    await renderRemote('/reservations?view=calendar&month=2026-11');
    const agenda = await screen.findByRole('region', { name: 'Arrivals in November 2026' });
    expect(within(agenda).getByText('Already staying')).toBeInTheDocument();
    expect(
      within(agenda).getByRole('link', { name: /^Lukas Brandt, Marina Lofts 4D/ }),
    ).toHaveAttribute('href', '/reservation/72');
    expect(screen.queryByRole('group', { name: 'Marina Lofts 4D' })).not.toBeInTheDocument();
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
