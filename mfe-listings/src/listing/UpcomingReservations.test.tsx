import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createTheme, ThemeProvider } from '@mui/material';
import { formatDate, hostdashThemeOptions } from '@hostdash/shared-auth';
import type { UpcomingReservation } from '../listings/listingsApi';
import { showAsPhone } from '../testing/phoneLayout';
import { UpcomingReservations } from './UpcomingReservations';

const STAYS: UpcomingReservation[] = [
  {
    id: '40',
    guest_name: 'Chloe Adeyemi',
    guests: 2,
    check_in_date: '2026-11-29',
    check_out_date: '2026-12-02',
    status: 'CONFIRMED',
    source: 'airbnb',
    verification_status: 'review',
  },
  {
    id: '41',
    guest_name: 'Giulia Santos',
    guests: 3,
    check_in_date: '2026-12-04',
    check_out_date: '2026-12-06',
    status: 'CONFIRMED',
    source: 'vrbo',
    verification_status: 'verified',
  },
];

const show = () =>
  render(
    <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
      <MemoryRouter>
        <UpcomingReservations reservations={STAYS} />
      </MemoryRouter>
    </ThemeProvider>,
  );

describe('UpcomingReservations', () => {
  it('names each booking source as hosts do, with dates that do not wrap', () => {
    show();
    const table = screen.getByRole('table', { name: 'Upcoming reservations' });
    expect(within(table).getByText('Airbnb')).toBeInTheDocument();
    expect(within(table).getByText('Vrbo')).toBeInTheDocument();
    expect(within(table).queryByText('airbnb')).not.toBeInTheDocument();
    // Unbroken spaces: the date never wraps inside itself.
    const checkIn = within(table).getByText(formatDate('2026-11-29'), {
      normalizer: (text) => text,
    });
    expect(checkIn.textContent).not.toContain(' ');
    expect(within(table).getByRole('link', { name: 'Chloe Adeyemi' })).toHaveAttribute(
      'href',
      '/reservation/40',
    );
  });

  it('on a phone, shows each stay’s source and verification on its card', () => {
    const restore = showAsPhone();
    try {
      show();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const [chloe] = within(
        screen.getByRole('list', { name: 'Upcoming reservations' }),
      ).getAllByRole('listitem');
      expect(within(chloe!).getByText('Source')).toBeInTheDocument();
      expect(within(chloe!).getByText('Airbnb')).toBeInTheDocument();
      expect(within(chloe!).getByText('Verification')).toBeInTheDocument();
      expect(within(chloe!).getByText('In review')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
