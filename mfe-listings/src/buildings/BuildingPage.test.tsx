import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, toIsoDate } from '@hostdash/shared-auth';
import { DEMO_VENDOR } from '@hostdash/testing/demoUsers';
import {
  INTERNAL_ERROR_ANSWER,
  startListingsServer,
  type ListingsServer,
} from '../testing/listingsServer';
import { showAsPhone } from '../testing/phoneLayout';
import { renderRemote } from '../testing/renderRemote';
import { arrivalDayLabel } from './BuildingPage';

const vendor = DEMO_VENDOR;

const today = toIsoDate();
const inDays = (days: number) => toIsoDate(Date.now() + days * 24 * 60 * 60 * 1000);

let server: ListingsServer;

beforeEach(async () => {
  server = await startListingsServer(0);
  server.building = {
    building: {
      id: '3',
      account_id: '1',
      name: 'Marina Lofts',
      slug: 'marina-lofts',
      address: 'Avenida da Marina 12',
      city: 'Lisbon',
      country: 'PT',
      listing_count: 2,
    },
    listings: [
      {
        id: '1',
        nickname: 'Marina Lofts 1A',
        status: 'active',
        bedrooms: 2,
        check_in_time: '15:00',
        check_out_time: '11:00',
      },
      {
        id: '2',
        nickname: 'Marina Lofts 1B',
        status: 'inactive',
        bedrooms: 0,
        check_in_time: '16:00',
        check_out_time: '10:00',
      },
    ],
    arrivals: [
      {
        id: '70',
        listing_id: '1',
        listing_nickname: 'Marina Lofts 1A',
        guest_name: 'Amara Okafor',
        guests: 2,
        check_in_date: today,
        check_out_date: inDays(3),
        status: 'CONFIRMED',
        verification_status: 'verified',
      },
      {
        id: '71',
        listing_id: '2',
        listing_nickname: 'Marina Lofts 1B',
        guest_name: 'Lukas Brandt',
        guests: 4,
        check_in_date: inDays(1),
        check_out_date: inDays(2),
        status: 'CONFIRMED',
        verification_status: 'pending',
      },
    ],
  };
  configureApiClient({ baseURL: server.url, logError: () => undefined });
});

afterEach(() => server.close());

describe('BuildingPage', () => {
  it("shows the building's arrivals by day with each guest's verification, and its listings", async () => {
    await renderRemote('/building/1/marina-lofts', { user: vendor });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marina Lofts' }),
    ).toBeInTheDocument();
    const arrivals = screen.getByRole('table', { name: 'Arrivals' });
    const amara = within(arrivals).getByText('Amara Okafor').closest('tr') as HTMLElement;
    expect(within(amara).getByText('Today')).toBeInTheDocument();
    expect(within(amara).getByText('Verified')).toBeInTheDocument();
    const lukas = within(arrivals).getByText('Lukas Brandt').closest('tr') as HTMLElement;
    expect(within(lukas).getByText('Tomorrow')).toBeInTheDocument();
    const listings = screen.getByRole('table', { name: 'Listings in this building' });
    expect(within(listings).getAllByRole('row')).toHaveLength(3);
    // A listing without bedrooms is a studio, not "0".
    const studio = within(listings).getByText('Marina Lofts 1B').closest('tr') as HTMLElement;
    expect(within(studio).getByRole('cell', { name: 'Studio' })).toBeInTheDocument();
  });

  it('on a phone, gives each arrival a card with its verification, and each listing its status', async () => {
    const restore = showAsPhone();
    try {
      await renderRemote('/building/1/marina-lofts', { user: vendor });
      await screen.findByRole('heading', { level: 1, name: 'Marina Lofts' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const arrivals = within(screen.getByRole('list', { name: 'Arrivals' })).getAllByRole(
        'listitem',
      );
      expect(arrivals).toHaveLength(2);
      expect(within(arrivals[0]!).getByText('Amara Okafor')).toBeInTheDocument();
      expect(within(arrivals[0]!).getByText('Verified')).toBeInTheDocument();
      expect(within(arrivals[1]!).getByText('Lukas Brandt')).toBeInTheDocument();
      expect(within(arrivals[1]!).getByText('Tomorrow')).toBeInTheDocument();
      const units = within(
        screen.getByRole('list', { name: 'Listings in this building' }),
      ).getAllByRole('listitem');
      expect(within(units[1]!).getByText('Inactive')).toBeInTheDocument();
      expect(within(units[1]!).getByText('Check-in from')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('lets a vendor switch between their granted buildings', async () => {
    await renderRemote('/building/1/marina-lofts', { user: vendor });
    await screen.findByRole('heading', { level: 1, name: 'Marina Lofts' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Building' }));
    await userEvent.click(screen.getByRole('option', { name: 'Wynwood Studios' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/building/1/wynwood-studios');
  });

  it('sends a building that is not shared to building-not-found', async () => {
    await renderRemote('/building/2/someone-elses', { user: vendor });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/error/building-not-found'),
    );
  });

  it('says a failed load once, in the page and not in the snackbar', async () => {
    server.failing.set('/listing/building/1/marina-lofts', INTERNAL_ERROR_ANSWER);
    const { store } = await renderRemote('/building/1/marina-lofts', { user: vendor });
    const message = 'Something went wrong on our side. Try again in a moment.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(store.getState().snackbar.open).toBe(false);
    server.failing.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marina Lofts' }),
    ).toBeInTheDocument();
  });

  it('says a failed buildings load once, in the page and not in the snackbar', async () => {
    server.failing.set('/listing/load', INTERNAL_ERROR_ANSWER);
    const { store } = await renderRemote('/buildings');
    const message = 'Something went wrong on our side. Try again in a moment.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('names days as people do', () => {
    const now = new Date(2026, 10, 22, 9);
    expect(arrivalDayLabel('2026-11-22', now)).toBe('Today');
    expect(arrivalDayLabel('2026-11-23', now)).toBe('Tomorrow');
    expect(arrivalDayLabel('2026-11-25', now)).toBe('Wed, Nov\u00a025,\u00a02026');
  });
});
