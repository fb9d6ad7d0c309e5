// The home page: coming stays that need a host's attention first (red, orange, in review), each
// with its colour, the factors behind it and the guest's verification status.
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Button,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  getRowsPerPage,
  RISK_COLOUR_INFO,
  RISK_COLOURS,
  toIsoDate,
  VERIFICATION_STATUSES,
  type RiskColour,
  type VerificationStatus,
} from '@hostdash/shared-auth';
import {
  ListPagination,
  LoadError,
  PageFrame,
  routeFrame,
  useAddressFilters,
  useDelayed,
} from '@hostdash/shared-ui';
import { useMayOpen } from '../access/useMayOpen';
import { changesFilter, filterOf, type ReservationQuery } from '../reservations/reservationsApi';
import { reservationsActions, selectRisks } from '../reservations/reservationsSlice';
import { ReservationStatsCards } from '../reservations/ReservationStatsCards';
import { ReservationsTable } from '../reservations/ReservationsTable';

export const LIST_NAME = 'risks';
const PROTECT_PATH = '/protect';
const ROWS_PER_PAGE_OPTIONS = [10, 25, 50];
const ADDRESS_FILTERS = { colour: '', verification: '' } as const;

/** `red,orange` → the colours it names, in the filter's order; anything else is dropped. */
const coloursOf = (value: string): RiskColour[] =>
  RISK_COLOURS.filter((colour) => value.split(',').includes(colour));

/** A verification status the address names, or none. */
const verificationsOf = (value: string): VerificationStatus[] =>
  Object.hasOwn(VERIFICATION_STATUSES, value) ? [value as VerificationStatus] : [];

export function RisksPage() {
  const dispatch = useDispatch();
  const { items, total, query, status } = useSelector(selectRisks);
  const showSkeleton = useDelayed(status.loading);
  const mayChangeTolerance = useMayOpen(PROTECT_PATH);

  // The colour and verification filters live in the address (issue 33, finding 14): a reload, Back
  // or a shared link shows the same stays.
  const [filters, setFilters] = useAddressFilters(ADDRESS_FILTERS);
  const colour = coloursOf(filters.colour);
  const verification = verificationsOf(filters.verification);

  const load = (changes: Partial<ReservationQuery>) => {
    const next = { ...query, ...changes };
    dispatch(reservationsActions.loadRisks.requested(next));
    // The cards count the stays the list holds: a colour or a verification recounts them.
    if (changesFilter(changes)) dispatch(reservationsActions.loadStats.requested(filterOf(next)));
  };

  // On arrival, and whenever the address's filters change: from the first page.
  useEffect(() => {
    const next = {
      ...query,
      startDate: toIsoDate(),
      colour,
      verification,
      from: 0,
      size: getRowsPerPage(LIST_NAME),
    };
    dispatch(reservationsActions.loadRisks.requested(next));
    dispatch(reservationsActions.loadStats.requested(filterOf(next)));
    // The filters, as the address writes them, decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.colour, filters.verification]);

  const filtered = colour.length > 0 || verification.length > 0;

  return (
    <PageFrame
      {...routeFrame('/risks')}
      actions={
        mayChangeTolerance && (
          <Button component={RouterLink} to={PROTECT_PATH}>
            Risk tolerance
          </Button>
        )
      }
    >
      <ReservationStatsCards filter={query} />

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <ToggleButtonGroup
          size="small"
          value={colour}
          aria-label="Filter by risk colour"
          onChange={(_event, chosen: RiskColour[]) =>
            setFilters({ colour: RISK_COLOURS.filter((one) => chosen.includes(one)).join(',') })
          }
        >
          {RISK_COLOURS.map((colour) => (
            <ToggleButton key={colour} value={colour}>
              {RISK_COLOUR_INFO[colour].label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          label="Verification"
          value={verification[0] ?? ''}
          onChange={(event) => setFilters({ verification: event.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Any verification status</MenuItem>
          {(Object.keys(VERIFICATION_STATUSES) as VerificationStatus[]).map((value) => (
            <MenuItem key={value} value={value}>
              {VERIFICATION_STATUSES[value].label}
            </MenuItem>
          ))}
        </TextField>
        {filtered && (
          <Button onClick={() => setFilters({ colour: '', verification: '' })}>Show all</Button>
        )}
      </Stack>

      {status.error && <LoadError error={status.error} onRetry={() => load({})} />}

      <Paper>
        <ReservationsTable
          label="Coming stays by risk"
          attention
          items={items}
          loading={status.loading}
          showSkeleton={showSkeleton}
          emptyTitle={filtered ? 'No coming stays match' : 'No coming stays'}
          emptyText={
            filtered
              ? 'Try another colour or verification status.'
              : 'Confirmed reservations from today on appear here.'
          }
          footer={
            <ListPagination
              listName={LIST_NAME}
              total={total}
              from={query.from}
              size={query.size}
              options={ROWS_PER_PAGE_OPTIONS}
              onChange={load}
            />
          }
        />
      </Paper>
    </PageFrame>
  );
}
