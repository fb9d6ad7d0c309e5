// The analytics page's "Front-end health" (issue 17): what the dashboard's pages reported from
// people's browsers over the last hour, day, week or month (`?health=`), for every remote or one
// (`&remote=`): each remote version's figures, one version's over time (the page's series cards),
// the slowest routes, the top errors — an API failure with its call: method, route and status —
// and, apart from them, the refusals the pages expect (issue 35: a declined card is no failure).
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Box,
  Card,
  CardHeader,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { formatDateTime, formatRelativeTime, labelOf } from '@hostdash/shared-auth';
import {
  EmptyState,
  FilterBar,
  FilterSelect,
  LoadError,
  LoadingSkeleton,
  ResponsiveList,
  useAddressFilters,
  type ListColumn,
} from '@hostdash/shared-ui';
import {
  DEFAULT_HEALTH_PERIOD,
  HEALTH_PERIODS,
  healthPeriodOf,
  type FrontendHealth,
  type HealthPeriod,
  type HealthSeries,
  type SlowRoute,
  type TopError,
  type TopRefusal,
} from './analyticsApi';
import {
  callName,
  callStatus,
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

/** The totals that are counts, in the table's order: the problems, then the refusals apart. */
const COUNT_COLUMNS: ReadonlyArray<
  [key: 'errors' | 'load_failures' | 'api_failures' | 'api_refusals', header: string]
> = [
  ['errors', 'Errors'],
  ['load_failures', 'Load failures'],
  ['api_failures', 'API failures'],
  ['api_refusals', 'API refusals'],
];

/** Text the row has nothing for, said quietly. */
const Missing = ({ children }: { children: string }) => (
  <Typography component="span" variant="body2" color="textSecondary">
    {children}
  </Typography>
);

/**
 * An API call's method and route, as code (`POST /listing/update/{id}`), breaking after a slash
 * rather than inside a word when the column is narrow.
 */
const CallName = ({ call }: { call: TopRefusal['call'] }) => (
  <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'break-word' }}>
    {callName(call)
      .split('/')
      .flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, `/${part}`]))}
  </Box>
);

/** The columns a grouped row of problems or refusals ends with. */
function groupColumns<Row extends TopError | TopRefusal>(): ListColumn<Row>[] {
  return [
    { key: 'remote', header: 'Remote', render: (row) => remoteName(row.remote) },
    {
      key: 'version',
      header: 'Version',
      width: '12%',
      // A build's version is long (`0.1.0+2411d53a`): in a narrow column it wraps after its `+`
      // rather than run into the counts.
      render: (row) => {
        const version = versionName(row);
        const plus = version.indexOf('+') + 1;
        return (
          <Box sx={{ overflowWrap: 'break-word' }}>
            {plus === 0
              ? version
              : [version.slice(0, plus), <wbr key="build" />, version.slice(plus)]}
          </Box>
        );
      },
    },
    { key: 'count', header: 'Count', align: 'right', render: (row) => count(row.count) },
    { key: 'sessions', header: 'Sessions', align: 'right', render: (row) => count(row.sessions) },
    { key: 'first', header: 'First seen', render: (row) => <When at={row.first_seen} /> },
    { key: 'last', header: 'Last seen', render: (row) => <When at={row.last_seen} /> },
  ];
}

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
    width: '20%',
    render: (problem) => problem.message ?? <Missing>No message</Missing>,
  },
  {
    key: 'type',
    header: 'Kind',
    width: '12%',
    render: (problem) => labelOf('telemetryEvent', problem.type),
  },
  {
    key: 'call',
    header: 'Call',
    width: '20%',
    render: (problem) => (problem.call ? <CallName call={problem.call} /> : <Missing>—</Missing>),
  },
  {
    key: 'status',
    header: 'Status',
    render: (problem) => (problem.call ? callStatus(problem.call) : <Missing>—</Missing>),
  },
  ...groupColumns<TopError>(),
];

const REFUSAL_COLUMNS: ListColumn<TopRefusal>[] = [
  {
    key: 'call',
    header: 'Call',
    phone: 'primary',
    width: '24%',
    render: (refusal) => <CallName call={refusal.call} />,
  },
  { key: 'status', header: 'Status', render: (refusal) => callStatus(refusal.call) },
  {
    key: 'refusal',
    header: 'Refusal',
    render: (refusal) => refusal.message ?? <Missing>No code</Missing>,
  },
  ...groupColumns<TopRefusal>(),
];

/** A grouped row's key: everything that groups it. */
const groupKey = (row: TopError | TopRefusal): string =>
  JSON.stringify([
    row.message,
    row.remote,
    row.version,
    'type' in row ? row.type : 'api_refusal',
    row.call,
  ]);

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
        subheader="Each version’s figures over the whole period, the most used first. API refusals are calls the API refused as the page expects: counted apart, never as failures."
      >
        <ResponsiveList
          label="Remotes and versions"
          columns={VERSION_COLUMNS}
          rows={data.series}
          rowKey={seriesKey}
          minTableWidth={900}
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
        subheader="What went wrong, grouped by message, remote, version, kind and call (method, route and status), the most frequent first."
      >
        <ResponsiveList
          label="Top errors"
          columns={ERROR_COLUMNS}
          rows={data.top_errors}
          rowKey={groupKey}
          empty={{ title: 'Nothing went wrong in this period.' }}
          minTableWidth={1100}
        />
      </ListCard>
      <ListCard
        title="Refusals the pages expect"
        subheader="Calls the API refused as the page expects and says — a declined card, a field’s rule, a conflict, a wrong password. Not failures: a rollout’s health check does not count them."
      >
        <ResponsiveList
          label="Refusals the pages expect"
          columns={REFUSAL_COLUMNS}
          rows={data.top_refusals}
          rowKey={groupKey}
          empty={{ title: 'No call was refused in this period.' }}
          minTableWidth={1000}
        />
      </ListCard>
    </Stack>
  );
}

export function FrontendHealthSection() {
  const dispatch = useDispatch();
  // The part's settings live in the address beside the platform period's (`?days=`).
  const [filters, setFilters] = useAddressFilters({
    health: DEFAULT_HEALTH_PERIOD,
    remote: '',
  });
  const period = healthPeriodOf(filters.health);
  const remote = REMOTE_NAME.test(filters.remote) ? filters.remote : null;
  const { data, answers, status } = useSelector(selectFrontendHealth);
  const load = () => dispatch(analyticsActions.loadFrontend.requested({ period, remote }));
  const titleId = useId();

  useEffect(() => {
    load();
    // `period` and `remote` are the request; `load` reads them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [period, remote]);

  // The figures shown are those asked for; others stay dimmed until they arrive.
  const shown = answers?.period === period && answers.remote === remote ? data : null;
  const stale = data !== null && shown === null;
  const remotes = [...new Set([...(data?.remotes ?? []), ...(remote ? [remote] : [])])].sort();

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Box>
          <Typography id={titleId} component="h2" variant="h5">
            Front-end health
          </Typography>
          <Typography variant="body2" color="textSecondary">
            What the dashboard’s pages reported from people’s browsers
            {shown ? `, ${rangeText(shown)}` : ''}.
          </Typography>
        </Box>
        <FilterBar label="Front-end period and remote">
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            aria-label="Front-end period"
            onChange={(_event, value: HealthPeriod | null) => {
              if (value !== null) setFilters({ health: value });
            }}
          >
            {(Object.keys(HEALTH_PERIODS) as HealthPeriod[]).map((key) => (
              <ToggleButton key={key} value={key}>
                {HEALTH_PERIODS[key].label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <FilterSelect
            label="Remote"
            allLabel="All remotes and the shell"
            value={remote ?? ''}
            choices={remotes.map((name) => ({ value: name, label: name }))}
            onChange={(value) => setFilters({ remote: value })}
          />
        </FilterBar>
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
              <LoadingSkeleton label="Loading the front-end health" height={180} />
              <SeriesCardSkeletons />
            </Stack>
          )
        )}
      </Box>
    </Box>
  );
}
