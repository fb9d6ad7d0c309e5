// The analytics page's "Front-end health" (issue 17): what the dashboard's pages reported from
// people's browsers over the last hour, day, week or month (`?health=`), for every remote or one
// (`&remote=`): each remote version's figures, one version's over time (the page's series cards),
// the slowest routes and the top errors.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Box,
  Card,
  CardHeader,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { formatDateTime, formatRelativeTime, labelOf } from '@hostdash/shared-auth';
import { EmptyState, LoadError, ResponsiveList, type ListColumn } from '@hostdash/shared-ui';
import {
  HEALTH_PERIODS,
  healthPeriodOf,
  type FrontendHealth,
  type HealthPeriod,
  type HealthSeries,
  type SlowRoute,
  type TopError,
} from './analyticsApi';
import {
  healthCsvName,
  healthTables,
  milliseconds,
  NO_EVENTS,
  percent,
  remoteName,
  seriesKey,
  seriesName,
  versionName,
} from './frontendHealth';
import { analyticsActions, selectFrontendHealth } from './analyticsSlice';
import { CARD_GRID, SeriesCard, SeriesCardSkeletons } from './SeriesCard';

/** A remote's name as the API takes it; anything else in the address means every remote. */
const REMOTE_NAME = /^[a-z][a-z0-9-]{0,39}$/;

const count = (value: number) => value.toLocaleString();

/** A moment as "5 minutes ago", its date and time on hover and for a screen reader's asking. */
function When({ at }: { at: string }) {
  return (
    <Box component="time" dateTime={at} title={formatDateTime(at)}>
      {formatRelativeTime(at)}
    </Box>
  );
}

/** A card of the part: a titled section holding a list. */
function ListCard({
  title,
  subheader,
  children,
}: {
  title: string;
  subheader: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ minWidth: 0 }}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{
          title: { component: 'h3', variant: 'h6', id: titleId },
          subheader: { variant: 'body2' },
        }}
      />
      {children}
    </Card>
  );
}

/** The totals that are counts, in the table's order. */
const COUNT_COLUMNS: ReadonlyArray<
  [key: 'errors' | 'load_failures' | 'api_failures', header: string]
> = [
  ['errors', 'Errors'],
  ['load_failures', 'Load failures'],
  ['api_failures', 'API failures'],
];

const VERSION_COLUMNS: ListColumn<HealthSeries>[] = [
  {
    key: 'remote',
    header: 'Remote',
    phone: 'primary',
    width: '16%',
    render: (series) => remoteName(series.remote),
  },
  {
    key: 'version',
    header: 'Version',
    phone: 'primary',
    width: '11%',
    render: (series) => versionName(series),
  },
  {
    key: 'sessions',
    header: 'Sessions',
    align: 'right',
    render: (series) => count(series.totals.sessions),
  },
  {
    key: 'error_rate',
    header: 'With an error',
    align: 'right',
    width: '13%',
    render: ({ totals }) => `${count(totals.sessions_with_error)} (${percent(totals.error_rate)})`,
  },
  ...COUNT_COLUMNS.map(([key, header]): ListColumn<HealthSeries> => ({
    key,
    header,
    align: 'right',
    render: (series) => count(series.totals[key]),
  })),
  {
    key: 'lcp',
    header: 'LCP p75',
    align: 'right',
    render: (series) => milliseconds(series.totals.lcp_p75),
  },
  {
    key: 'inp',
    header: 'INP p75',
    align: 'right',
    render: (series) => milliseconds(series.totals.inp_p75),
  },
];

const ROUTE_COLUMNS: ListColumn<SlowRoute>[] = [
  {
    key: 'route',
    header: 'Route',
    phone: 'primary',
    width: '36%',
    render: (route) => (
      <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {route.route}
      </Box>
    ),
  },
  { key: 'remote', header: 'Remote', render: (route) => remoteName(route.remote) },
  { key: 'count', header: 'Page changes', align: 'right', render: (route) => count(route.count) },
  { key: 'p75', header: 'p75', align: 'right', render: (route) => milliseconds(route.p75_ms) },
  { key: 'p95', header: 'p95', align: 'right', render: (route) => milliseconds(route.p95_ms) },
];

const ERROR_COLUMNS: ListColumn<TopError>[] = [
  {
    key: 'message',
    header: 'Message',
    phone: 'primary',
    width: '30%',
    render: (problem) =>
      problem.message ?? (
        <Typography component="span" variant="body2" color="text.secondary">
          No message
        </Typography>
      ),
  },
  {
    key: 'type',
    header: 'Kind',
    width: '14%',
    render: (problem) => labelOf('telemetryEvent', problem.type),
  },
  { key: 'remote', header: 'Remote', render: (problem) => remoteName(problem.remote) },
  { key: 'version', header: 'Version', render: (problem) => versionName(problem) },
  { key: 'count', header: 'Count', align: 'right', render: (problem) => count(problem.count) },
  {
    key: 'sessions',
    header: 'Sessions',
    align: 'right',
    render: (problem) => count(problem.sessions),
  },
  { key: 'first', header: 'First seen', render: (problem) => <When at={problem.first_seen} /> },
  { key: 'last', header: 'Last seen', render: (problem) => <When at={problem.last_seen} /> },
];

/** "Nov 24, 2026, 6:00 PM – Nov 25, 2026, 6:05 PM" */
const rangeText = (data: FrontendHealth) =>
  `${formatDateTime(data.from)} – ${formatDateTime(data.to)}`;

function HealthFigures({ data, period }: { data: FrontendHealth; period: HealthPeriod }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const series = data.series.find((each) => seriesKey(each) === chosen) ?? data.series[0]!;
  const chooserId = useId();
  return (
    <Stack spacing={2}>
      <ListCard
        title="Remotes and versions"
        subheader="Each version’s figures over the whole period, the most used first."
      >
        <ResponsiveList
          label="Remotes and versions"
          columns={VERSION_COLUMNS}
          rows={data.series}
          rowKey={seriesKey}
          minTableWidth={820}
        />
      </ListCard>
      <TextField
        id={chooserId}
        select
        label="Over time"
        value={seriesKey(series)}
        onChange={(event) => setChosen(event.target.value)}
        sx={{ maxWidth: 360 }}
      >
        {data.series.map((each) => (
          <MenuItem key={seriesKey(each)} value={seriesKey(each)}>
            {seriesName(each)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ ...CARD_GRID, '& > :nth-of-type(3)': { gridColumn: { lg: 'span 2' } } }}>
        {healthTables(data, series).map((table) => (
          <SeriesCard
            key={table.id}
            table={table}
            fileName={healthCsvName(table, series, period)}
            period={rangeText(data)}
            heading="h3"
          />
        ))}
      </Box>
      <ListCard
        title="Slowest routes"
        subheader="Time to content after a page change, slowest 75th percentile first."
      >
        <ResponsiveList
          label="Slowest routes"
          columns={ROUTE_COLUMNS}
          rows={data.slowest_routes}
          rowKey={(route) => `${route.remote ?? ''} ${route.route}`}
          empty={{ title: 'No page change was timed in this period.' }}
          minTableWidth={600}
        />
      </ListCard>
      <ListCard
        title="Top errors"
        subheader="What went wrong, grouped by message, remote, version and kind, the most frequent first."
      >
        <ResponsiveList
          label="Top errors"
          columns={ERROR_COLUMNS}
          rows={data.top_errors}
          rowKey={(problem) =>
            JSON.stringify([problem.message, problem.remote, problem.version, problem.type])
          }
          empty={{ title: 'Nothing went wrong in this period.' }}
          minTableWidth={960}
        />
      </ListCard>
    </Stack>
  );
}

export function FrontendHealthSection() {
  const dispatch = useDispatch();
  const [params, setParams] = useSearchParams();
  const period = healthPeriodOf(params.get('health'));
  const asked = params.get('remote');
  const remote = asked !== null && REMOTE_NAME.test(asked) ? asked : null;
  const { data, answers, status } = useSelector(selectFrontendHealth);
  const load = () => dispatch(analyticsActions.loadFrontend.requested({ period, remote }));
  const titleId = useId();

  useEffect(() => {
    load();
    // `period` and `remote` are the request; `load` reads them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [period, remote]);

  /** Changes one setting of the address, keeping the others (the platform period's too). */
  const choose = (key: 'health' | 'remote', value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });

  // The figures shown are those asked for; others stay dimmed until they arrive.
  const shown = answers?.period === period && answers.remote === remote ? data : null;
  const stale = data !== null && shown === null;
  const remotes = [...new Set([...(data?.remotes ?? []), ...(remote ? [remote] : [])])].sort();

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' }, mb: 2 }}
      >
        <Box>
          <Typography id={titleId} component="h2" variant="h5">
            Front-end health
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What the dashboard’s pages reported from people’s browsers
            {shown ? `, ${rangeText(shown)}` : ''}.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            aria-label="Front-end period"
            onChange={(_event, value: HealthPeriod | null) => {
              if (value !== null) choose('health', value);
            }}
          >
            {(Object.keys(HEALTH_PERIODS) as HealthPeriod[]).map((key) => (
              <ToggleButton key={key} value={key}>
                {HEALTH_PERIODS[key].label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            select
            label="Remote"
            value={remote ?? ''}
            onChange={(event) => choose('remote', event.target.value || null)}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All remotes and the shell</MenuItem>
            {remotes.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
      {status.error && (
        <Box sx={{ mb: 2 }}>
          <LoadError error={status.error} onRetry={load} />
        </Box>
      )}
      <Box
        aria-busy={status.loading}
        sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms', minWidth: 0 }}
      >
        {data ? (
          data.series.length === 0 ? (
            <Card variant="outlined">
              <EmptyState title={NO_EVENTS} />
            </Card>
          ) : (
            <HealthFigures data={data} period={answers?.period ?? period} />
          )
        ) : (
          !status.error && (
            <Stack spacing={2}>
              <Skeleton variant="rounded" height={180} />
              <SeriesCardSkeletons />
            </Stack>
          )
        )}
      </Box>
    </Box>
  );
}
