import { useSelector } from 'react-redux';
import { StatCard, StatCards } from '@hostdash/shared-ui';
import type { ReservationFilter } from './reservationsApi';
import { selectReservationStats } from './reservationsSlice';

const number = new Intl.NumberFormat('en');

/** Whether a status filter lets cancelled stays into the list (`all`, or a list naming them). */
const listsCancelled = (status: string): boolean =>
  status.trim().toLowerCase() === 'all' ||
  status
    .split(',')
    .map((value) => value.trim().toUpperCase())
    .includes('CANCELLED');

/**
 * The stays the list holds at a glance: the API counts them with the list's own filters (search,
 * status, colours, verification, start date), so a search for a guest counts that guest's stays.
 */
export function ReservationStatsCards({ filter }: { filter: ReservationFilter }) {
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
        detail={
          !data
            ? ' '
            : listsCancelled(filter.status)
              ? `${number.format(data.by_status.CANCELLED)} cancelled`
              : // "0 cancelled" would read as a fact about the stays, not about the filter.
                'Cancelled stays not shown'
        }
      />
    </StatCards>
  );
}
