import { Link as RouterLink } from 'react-router';
import { Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatDate, reservationPath } from '@hostdash/shared-auth';
import { EmptyState, VerificationChip } from '@hostdash/shared-ui';
import type { UpcomingReservation } from '../listings/listingsApi';

/** The listing's next stays. Reservation pages belong to the reservations remote: we link there. */
export function UpcomingReservations({ reservations }: { reservations: UpcomingReservation[] }) {
  if (reservations.length === 0)
    return (
      <EmptyState title="No upcoming reservations">
        New bookings from your PMS appear here.
      </EmptyState>
    );
  return (
    <Table size="small" aria-label="Upcoming reservations">
      <TableHead>
        <TableRow>
          <TableCell>Guest</TableCell>
          <TableCell>Check-in</TableCell>
          <TableCell>Check-out</TableCell>
          <TableCell align="right">Guests</TableCell>
          <TableCell>Source</TableCell>
          <TableCell>Verification</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {reservations.map((reservation) => (
          <TableRow key={reservation.id} hover>
            <TableCell>
              <Link component={RouterLink} to={reservationPath(reservation.id)} underline="hover">
                {reservation.guest_name}
              </Link>
            </TableCell>
            <TableCell>{formatDate(reservation.check_in_date)}</TableCell>
            <TableCell>{formatDate(reservation.check_out_date)}</TableCell>
            <TableCell align="right">{reservation.guests}</TableCell>
            <TableCell>{reservation.source}</TableCell>
            <TableCell>
              <VerificationChip status={reservation.verification_status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
