import { useDispatch, useSelector } from 'react-redux';
import { pmsName } from '@hostdash/shared-auth';
import { LoadError, StatCard, StatCards } from '@hostdash/shared-ui';
import { listingsActions, selectList, selectStats } from './listingsSlice';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/** Counts for what the table shows (same search and status filter), computed by the API. */
export function StatsCards() {
  const dispatch = useDispatch();
  const { data, status } = useSelector(selectStats);
  const list = useSelector(selectList);
  if (status.error) {
    // Said once: when the list failed too (the same cause, most often), its error and Retry,
    // which loads both again, are the page's one message.
    if (list.status.error) return null;
    const { search, status: statusFilter } = list.query;
    return (
      <LoadError
        error={status.error}
        onRetry={() =>
          dispatch(listingsActions.loadStats.requested({ search, status: statusFilter }))
        }
      />
    );
  }
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
