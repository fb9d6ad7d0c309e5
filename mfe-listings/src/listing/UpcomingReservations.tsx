import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import { formatDate, labelOf, reservationPath } from '@hostdash/shared-auth';
import { ResponsiveList, VerificationChip, type ListColumn } from '@hostdash/shared-ui';
import type { UpcomingReservation } from '../listings/listingsApi';

/** On a phone a card per stay: the guest and the dates head it, source and verification follow. */
const COLUMNS: ListColumn<UpcomingReservation>[] = [
  {
    key: 'guest',
    header: 'Guest',
    width: '24%',
    phone: 'primary',
    // Reservation pages belong to the reservations remote: we link there.
    render: (reservation) => (
      <Link component={RouterLink} to={reservationPath(reservation.id)} underline="hover">
        {reservation.guest_name}
      </Link>
    ),
  },
  {
    key: 'check_in',
    header: 'Check-in',
    width: '16%',
    render: (reservation) => formatDate(reservation.check_in_date),
  },
  {
    key: 'check_out',
    header: 'Check-out',
    width: '16%',
    render: (reservation) => formatDate(reservation.check_out_date),
  },
  {
    key: 'guests',
    header: 'Guests',
    width: '10%',
    align: 'right',
    render: (reservation) => reservation.guests,
  },
  {
    key: 'source',
    header: 'Source',
    width: '14%',
    render: (reservation) => labelOf('bookingSource', reservation.source),
  },
  {
    key: 'verification',
    header: 'Verification',
    width: '20%',
    render: (reservation) => <VerificationChip status={reservation.verification_status} />,
  },
];

/** The listing's next stays. */
export function UpcomingReservations({ reservations }: { reservations: UpcomingReservation[] }) {
  return (
    <ResponsiveList
      label="Upcoming reservations"
      columns={COLUMNS}
      rows={reservations}
      rowKey={(reservation) => reservation.id}
      empty={{
        title: 'No upcoming reservations',
        text: 'New bookings from your PMS appear here.',
      }}
    />
  );
}
