import { useSelector } from 'react-redux';
import { StatCard, StatCards } from '@hostdash/shared-ui';
import { selectReservationStats } from './reservationsSlice';

const number = new Intl.NumberFormat('en');

/** Coming stays at a glance, computed by the API from the start date on. */
export function ReservationStatsCards() {
  const { data } = useSelector(selectReservationStats);
  const figure = (value: number | undefined) =>
    data && value !== undefined ? number.format(value) : null;
  return (
    <StatCards label="Reservation statistics">
      <StatCard
        label="Need attention"
        value={figure(data?.needs_attention)}
        detail="Red, orange or in review"
      />
      <StatCard
        label="Arriving today"
        value={figure(data?.arrivals_today)}
        detail={data ? `${number.format(data.arrivals_next_7_days)} in the next 7 days` : ' '}
      />
      <StatCard
        label="Verified"
        value={figure(data?.by_verification.verified)}
        detail={
          data
            ? `${number.format(data.by_verification.pending + data.by_verification.incomplete)} still to verify`
            : ' '
        }
      />
      <StatCard
        label="Confirmed stays"
        value={figure(data?.by_status.CONFIRMED)}
        detail={data ? `${number.format(data.by_status.CANCELLED)} cancelled` : ' '}
      />
    </StatCards>
  );
}
