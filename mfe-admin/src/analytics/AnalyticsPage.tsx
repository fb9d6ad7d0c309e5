// /admin/kibana: platform activity over the last 7, 30 or 90 days (the address keeps the period:
// `?days=30`), for Hostdash staff. Headline figures, then one card per series (analyticsSeries.ts)
// with its chart, its table and its CSV; below, the front-end's health from the browsers'
// telemetry (FrontendHealthSection). Charts load with this page only (its own lazy chunk).
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { formatDate } from '@hostdash/shared-auth';
import { LoadError, PageFrame, StatCard, StatCards } from '@hostdash/shared-ui';
import { ANALYTICS_PERIODS, periodOf, type PlatformAnalytics } from './analyticsApi';
import { csvFileName, NOT_RECORDED, seriesTables } from './analyticsSeries';
import { analyticsActions, selectAnalytics } from './analyticsSlice';
import { FrontendHealthSection } from './FrontendHealthSection';
import { CARD_GRID, SeriesCard, SeriesCardSkeletons } from './SeriesCard';

const count = (value: number) => value.toLocaleString();
const sum = (values: Record<string, number>) =>
  Object.values(values).reduce((total, value) => total + value, 0);

/** "Nov 26, 2026 – Dec 25, 2026 (UTC)" */
const periodText = (data: PlatformAnalytics) =>
  `${formatDate(data.from)} – ${formatDate(data.to)} (UTC)`;

function Headlines({ data }: { data: PlatformAnalytics | null }) {
  const totals = data?.totals;
  const failed = totals?.imports.failed;
  return (
    <StatCards label="Totals for the period">
      <StatCard label="Sign-ins" value={totals ? count(totals.sign_ins) : null} />
      <StatCard
        label="Active accounts"
        value={totals ? count(totals.active_accounts) : null}
        detail="With a sign-in or a screened stay"
      />
      <StatCard
        label="Reservations screened"
        value={totals ? count(sum(totals.screened_by_colour)) : null}
        detail={totals ? `${count(totals.screened_by_colour.red)} red` : undefined}
      />
      <StatCard
        label="Listings imported"
        value={totals ? count(totals.imports.succeeded) : null}
        detail={
          totals
            ? `Failed imports: ${failed === null || failed === undefined ? NOT_RECORDED.toLowerCase() : count(failed)}`
            : undefined
        }
      />
    </StatCards>
  );
}

export function AnalyticsPage() {
  const dispatch = useDispatch();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get('days'));
  const { data, status } = useSelector(selectAnalytics);
  const load = () => dispatch(analyticsActions.load.requested(days));

  useEffect(() => {
    load();
    // `days` is the request; `load` reads it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days]);

  // The figures shown are the period asked for; another period's stay dimmed until it arrives.
  const shown = data && data.days === days ? data : null;
  const stale = data !== null && shown === null;

  return (
    <PageFrame
      width="list"
      title="Usage analytics"
      subtitle={
        data ? `Hostdash-wide, ${periodText(data)}.` : 'Hostdash-wide activity, day by day.'
      }
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={days}
          aria-label="Period"
          onChange={(_event, value: number | null) => {
            if (value === null) return;
            // The front-end part's settings stay as they are.
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('days', String(value));
              return next;
            });
          }}
        >
          {ANALYTICS_PERIODS.map((period) => (
            <ToggleButton key={period} value={period}>
              {period} days
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {status.error && <LoadError error={status.error} onRetry={load} />}
      <Box
        aria-busy={status.loading}
        sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms', minWidth: 0 }}
      >
        <Stack spacing={2}>
          <Headlines data={data} />
          {data ? (
            <Box
              sx={{
                ...CARD_GRID,
                // The stacked colours need the width: full width on every screen.
                '& > :nth-of-type(3)': { gridColumn: { lg: 'span 2' } },
              }}
            >
              {seriesTables(data).map((table) => (
                <SeriesCard
                  key={table.id}
                  table={table}
                  fileName={csvFileName(table.id, data.days)}
                  period={periodText(data)}
                />
              ))}
            </Box>
          ) : (
            !status.error && <SeriesCardSkeletons />
          )}
        </Stack>
      </Box>
      <Box sx={{ pt: 2 }}>
        <FrontendHealthSection />
      </Box>
    </PageFrame>
  );
}
