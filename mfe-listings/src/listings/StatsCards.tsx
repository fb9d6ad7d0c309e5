import { useDispatch, useSelector } from 'react-redux';
import { pmsName } from '@hostdash/shared-auth';
import { LoadError, StatCard, StatCards } from '@hostdash/shared-ui';
import type { ListingStats } from './listingsApi';
import { listingsActions, selectList, selectStats } from './listingsSlice';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/**
 * The three largest PMSs and how many listings the rest hold, so the figures add up to the total.
 * A line breaks only after a " · ": never inside a name and its count ("Rentals" / "United 28"),
 * and no line starts with the dot.
 */
function pmsBreakdown(stats: ListingStats): string {
  const top = stats.by_pms.slice(0, 3);
  const others = stats.total - top.reduce((sum, entry) => sum + entry.count, 0);
  const keepTogether = (text: string) => text.replace(/ /g, '\u00a0');
  return [
    ...top.map((entry) => keepTogether(`${pmsName(entry.pms)} ${number.format(entry.count)}`)),
    ...(others > 0 ? [keepTogether(`other ${number.format(others)}`)] : []),
  ].join('\u00a0· ');
}

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
  const topPms = data ? pmsBreakdown(data) : '';
  const stays = data?.reservations;
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
        detail="Bookable and screened for risk"
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
        // Not "screened" (docs/glossary.md: scored for risk, which every stay is): the guests whose
        // identity check has an outcome or awaits a person's review. The API calls it `screened`.
        label="Guests checked"
        // No stays: a share of nothing is no figure at all, not 0 %.
        value={stays ? (stays.total > 0 ? percent.format(stays.screened_share) : '—') : null}
        detail={
          stays
            ? stays.total > 0
              ? `${number.format(stays.screened)} of ${number.format(stays.total)} stays verified, declined or in review (last 30 to next 90 days)`
              : 'No stays from 30 days ago to 90 days ahead'
            : ' '
        }
      />
    </StatCards>
  );
}
