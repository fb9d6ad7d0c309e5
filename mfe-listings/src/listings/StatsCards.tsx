import { useSelector } from 'react-redux';
import { pmsName } from '@hostdash/shared-auth';
import { StatCard, StatCards } from '@hostdash/shared-ui';
import { selectStats } from './listingsSlice';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/** Counts for what the table shows (same search and status filter), computed by the API. */
export function StatsCards() {
  const { data } = useSelector(selectStats);
  const topPms = data?.by_pms
    .slice(0, 3)
    .map((entry) => `${pmsName(entry.pms)} ${number.format(entry.count)}`)
    .join(' · ');
  return (
    <StatCards label="Listing statistics">
      <StatCard
        label="Listings"
        value={data ? number.format(data.total) : null}
        detail={topPms || ' '}
      />
      <StatCard
        label="Active"
        value={data ? number.format(data.by_status.active) : null}
        detail="Bookable and screened"
      />
      <StatCard
        label="Inactive or archived"
        value={data ? number.format(data.by_status.inactive + data.by_status.archived) : null}
        detail={
          data
            ? `${number.format(data.by_status.inactive)} inactive · ${number.format(data.by_status.archived)} archived`
            : ' '
        }
      />
      <StatCard
        label="Guests screened"
        value={data ? percent.format(data.reservations.screened_share) : null}
        detail={
          data
            ? `${number.format(data.reservations.screened)} of ${number.format(data.reservations.total)} stays, last 30 to next 90 days`
            : ' '
        }
      />
    </StatCards>
  );
}
