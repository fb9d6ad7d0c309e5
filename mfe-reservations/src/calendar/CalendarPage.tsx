// The reservations calendar (`/reservations?view=calendar&month=YYYY-MM`): a month of confirmed
// stays, one row per listing, each stay a bar over its nights coloured by its risk. A host sees
// occupancy and risk across the portfolio at once and opens a stay with one click. On a phone the
// same month is an agenda: arrivals day by day.
import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Box,
  Button,
  Card,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListSubheader,
  Skeleton,
  Stack,
  SvgIcon,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  DISPLAY_LOCALE,
  formatDate,
  labelOf,
  RISK_COLOUR_INFO,
  RISK_COLOURS,
  riskColourInfo,
  toIsoDate,
} from '@hostdash/shared-auth';
import { EmptyState, LoadError, PageFrame, RiskChip, VerificationChip } from '@hostdash/shared-ui';
import type { CalendarMonth } from '../reservations/reservationsApi';
import { reservationsActions, selectCalendar } from '../reservations/reservationsSlice';
import {
  addMonths,
  daysOfMonth,
  isMonth,
  monthOf,
  nightsOf,
  stayBar,
  type MonthDay,
} from './calendarLayout';
import { ReservationsActions } from './ReservationsViewSwitch';

type CalendarListing = CalendarMonth['listings'][number];
type CalendarStay = CalendarListing['stays'][number];

const NAME_WIDTH = 200;
const DAY_MIN_WIDTH = 28;
const ROW_HEIGHT = 40;

const monthTitle = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(year, number - 1, 1).toLocaleDateString(DISPLAY_LOCALE, {
    month: 'long',
    year: 'numeric',
  });
};

/** What a bar or an agenda line says to a screen reader and in its tooltip. */
export function stayDescription(stay: CalendarStay, listing: CalendarListing): string {
  const nights = nightsOf(stay);
  return [
    stay.guest_name,
    listing.nickname,
    `${formatDate(stay.check_in_date)} to ${formatDate(stay.check_out_date)}`,
    `${nights} ${nights === 1 ? 'night' : 'nights'}`,
    `${riskColourInfo(stay.colour).label} risk`,
    labelOf('verification', stay.verification_status),
    labelOf('bookingSource', stay.source),
  ].join(', ');
}

export function CalendarPage() {
  const dispatch = useDispatch();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const today = toIsoDate();
  const requested = params.get('month');
  const month = isMonth(requested) ? requested : monthOf(today);
  const { data, status } = useSelector(selectCalendar);

  useEffect(() => {
    dispatch(reservationsActions.loadCalendar.requested({ month }));
  }, [month, dispatch]);

  const goTo = (next: string) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      changed.set('view', 'calendar');
      changed.set('month', next);
      return changed;
    });

  const shown = data?.month === month ? data : null;

  return (
    <PageFrame
      width="list"
      title="Reservations"
      documentTitle={`Calendar, ${monthTitle(month)}`}
      subtitle="Confirmed stays by listing. Select a stay to open it."
      actions={<ReservationsActions view="calendar" />}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton aria-label="Previous month" onClick={() => goTo(addMonths(month, -1))}>
          <SvgIcon>
            <path d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />
          </SvgIcon>
        </IconButton>
        <Typography component="h2" variant="h6" sx={{ minWidth: 170, textAlign: 'center' }}>
          {monthTitle(month)}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => goTo(addMonths(month, 1))}>
          <SvgIcon>
            <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />
          </SvgIcon>
        </IconButton>
        {month !== monthOf(today) && (
          <Button size="small" onClick={() => goTo(monthOf(today))}>
            This month
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Legend />
      </Stack>

      {status.error && (
        <LoadError
          error={status.error}
          onRetry={() => dispatch(reservationsActions.loadCalendar.requested({ month }))}
        />
      )}
      {!shown && !status.error && <Skeleton variant="rounded" height={phone ? 320 : 480} />}
      {shown &&
        (shown.listings.length === 0 ? (
          <Card>
            <EmptyState title="No listings to show">
              Listings that are active or paused appear here with their stays.
            </EmptyState>
          </Card>
        ) : phone ? (
          <Agenda calendar={shown} today={today} />
        ) : (
          <Timeline calendar={shown} today={today} />
        ))}
      {shown?.truncated && (
        <Typography variant="body2" color="text.secondary">
          Showing the first {shown.listings.length} listings.
        </Typography>
      )}
    </PageFrame>
  );
}

function Legend() {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      aria-label="Risk colours"
      component="ul"
      sx={{ listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap' }}
    >
      {RISK_COLOURS.map((colour) => (
        <Stack
          key={colour}
          component="li"
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center' }}
        >
          <Box
            sx={{
              width: 12,
              height: 12,
              borderRadius: 0.5,
              bgcolor: RISK_COLOUR_INFO[colour].background,
            }}
          />
          <Typography variant="body2">{RISK_COLOUR_INFO[colour].label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** Desktop: a row per listing, a column per day, names and days kept in view while scrolling. */
function Timeline({ calendar, today }: { calendar: CalendarMonth; today: string }) {
  const days = useMemo(() => daysOfMonth(calendar.month), [calendar.month]);
  const columns = `${NAME_WIDTH}px repeat(${days.length}, minmax(${DAY_MIN_WIDTH}px, 1fr))`;
  return (
    <Card
      component="section"
      aria-label={`Calendar for ${monthTitle(calendar.month)}`}
      sx={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)', minHeight: 240 }}
    >
      <Box sx={{ minWidth: NAME_WIDTH + days.length * DAY_MIN_WIDTH, position: 'relative' }}>
        <DayHeader days={days} columns={columns} today={today} />
        {calendar.listings.map((listing) => (
          <ListingRow
            key={listing.id}
            listing={listing}
            month={calendar.month}
            days={days}
            columns={columns}
            today={today}
          />
        ))}
      </Box>
    </Card>
  );
}

function DayHeader({ days, columns, today }: { days: MonthDay[]; columns: string; today: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        gridTemplateColumns: columns,
        position: 'sticky',
        top: 0,
        zIndex: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }} />
      {days.map((day) => (
        <Box
          key={day.day}
          sx={{
            textAlign: 'center',
            py: 0.5,
            fontSize: 12,
            color: day.day === today ? 'primary.main' : 'text.secondary',
            fontWeight: day.day === today ? 700 : 400,
            bgcolor: day.weekday === 0 || day.weekday === 6 ? 'action.hover' : undefined,
          }}
        >
          <div>{'SMTWTFS'[day.weekday]}</div>
          <div>{day.date}</div>
        </Box>
      ))}
    </Box>
  );
}

function ListingRow({
  listing,
  month,
  days,
  columns,
  today,
}: {
  listing: CalendarListing;
  month: string;
  days: MonthDay[];
  columns: string;
  today: string;
}) {
  return (
    <Box
      role="group"
      aria-label={listing.nickname}
      sx={{
        display: 'grid',
        gridTemplateColumns: columns,
        gridTemplateRows: `${ROW_HEIGHT}px`,
        borderBottom: 1,
        borderColor: 'divider',
        // Rows far out of view are not laid out until they scroll near (120 listings stay smooth).
        contentVisibility: 'auto',
        containIntrinsicSize: `auto ${ROW_HEIGHT}px`,
      }}
    >
      <Box
        sx={{
          gridColumn: 1,
          gridRow: 1,
          position: 'sticky',
          left: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          px: 1.5,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          minWidth: 0,
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={listing.nickname}>
          {listing.nickname}
        </Typography>
        {listing.building && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {listing.building}
          </Typography>
        )}
      </Box>
      {days.map((day, index) => (
        <Box
          key={day.day}
          aria-hidden
          sx={{
            gridColumn: index + 2,
            gridRow: 1,
            bgcolor: day.weekday === 0 || day.weekday === 6 ? 'action.hover' : undefined,
            borderLeft: day.day === today ? 2 : 0,
            borderColor: 'primary.main',
          }}
        />
      ))}
      {listing.stays.map((stay) => {
        const bar = stayBar(stay, month);
        if (!bar) return null;
        const info = riskColourInfo(stay.colour);
        const description = stayDescription(stay, listing);
        return (
          <Link
            key={stay.id}
            component={RouterLink}
            to={`/reservation/${stay.id}`}
            aria-label={description}
            title={description}
            underline="none"
            sx={{
              gridColumn: `${bar.start + 2} / span ${bar.span}`,
              gridRow: 1,
              alignSelf: 'center',
              height: 26,
              mx: '2px',
              px: 0.75,
              display: 'flex',
              alignItems: 'center',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              fontSize: 12,
              fontWeight: 600,
              bgcolor: info.background,
              color: info.text,
              borderRadius: 1,
              borderTopLeftRadius: bar.continuesBefore ? 0 : undefined,
              borderBottomLeftRadius: bar.continuesBefore ? 0 : undefined,
              borderTopRightRadius: bar.continuesAfter ? 0 : undefined,
              borderBottomRightRadius: bar.continuesAfter ? 0 : undefined,
              '&:hover, &:focus-visible': {
                filter: 'brightness(0.92)',
                outline: 'none',
                boxShadow: 2,
              },
            }}
          >
            {stay.guest_name}
          </Link>
        );
      })}
    </Box>
  );
}

/** Phone: the month's arrivals day by day, and who is already staying as it begins. */
function Agenda({ calendar, today }: { calendar: CalendarMonth; today: string }) {
  const groups = useMemo(() => {
    const byDay = new Map<string, { stay: CalendarStay; listing: CalendarListing }[]>();
    const ongoing: { stay: CalendarStay; listing: CalendarListing }[] = [];
    for (const listing of calendar.listings)
      for (const stay of listing.stays) {
        if (stay.check_in_date < calendar.first_day) ongoing.push({ stay, listing });
        else
          byDay.set(stay.check_in_date, [
            ...(byDay.get(stay.check_in_date) ?? []),
            { stay, listing },
          ]);
      }
    const days = [...byDay.keys()].sort();
    return { ongoing, days: days.map((day) => ({ day, stays: byDay.get(day) ?? [] })) };
  }, [calendar]);

  if (groups.ongoing.length === 0 && groups.days.length === 0)
    return (
      <Card>
        <EmptyState title="No stays this month">
          Confirmed stays appear here by arrival day.
        </EmptyState>
      </Card>
    );

  return (
    <Card component="section" aria-label={`Arrivals in ${monthTitle(calendar.month)}`}>
      <List disablePadding>
        {groups.ongoing.length > 0 && <AgendaDay title="Already staying" stays={groups.ongoing} />}
        {groups.days.map(({ day, stays }) => (
          <AgendaDay
            key={day}
            title={`${day === today ? 'Today, ' : ''}${new Date(`${day}T12:00:00`).toLocaleDateString(DISPLAY_LOCALE, { weekday: 'long' })} ${formatDate(day)}`}
            stays={stays}
          />
        ))}
      </List>
    </Card>
  );
}

function AgendaDay({
  title,
  stays,
}: {
  title: string;
  stays: { stay: CalendarStay; listing: CalendarListing }[];
}) {
  return (
    <li>
      <List disablePadding>
        <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'grey.100' }}>{title}</ListSubheader>
        {stays.map(({ stay, listing }) => (
          <ListItem key={stay.id} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={`/reservation/${stay.id}`}
              aria-label={stayDescription(stay, listing)}
            >
              <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {stay.guest_name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {listing.nickname} · {nightsOf(stay)} {nightsOf(stay) === 1 ? 'night' : 'nights'}{' '}
                  · {labelOf('bookingSource', stay.source)}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <RiskChip colour={stay.colour} />
                  <VerificationChip status={stay.verification_status} />
                </Stack>
              </Stack>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </li>
  );
}
