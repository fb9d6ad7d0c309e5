// The reservations calendar (`/reservations?view=calendar`): confirmed stays, coloured by risk.
// On a desktop it is a month (`&month=YYYY-MM`), one row per listing under its building's heading,
// each stay a bar over its nights: occupancy and risk across the portfolio at once. On a phone it
// is a week of arrivals day by day (`&week=YYYY-MM-DD`, its first day), starting today, paged by
// week with a way back to today: a month of 120 listings' arrivals was a 34 000 px page.
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
  addDays,
  addMonths,
  byBuilding,
  daysOfMonth,
  isDay,
  isMonth,
  monthOf,
  monthsOfDays,
  nameInBuilding,
  nightsOf,
  stayBar,
  WEEK_DAYS,
  weekFrom,
  type MonthDay,
} from './calendarLayout';
import { ReservationsActions } from './ReservationsViewSwitch';

type CalendarListing = CalendarMonth['listings'][number];
type CalendarStay = CalendarListing['stays'][number];
interface ListingStay {
  stay: CalendarStay;
  listing: CalendarListing;
}

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

const weekdayOf = (day: string): string =>
  new Date(`${day}T12:00:00`).toLocaleDateString(DISPLAY_LOCALE, { weekday: 'long' });

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

/** What the calendar shows: a month (desktop) or a week (phone), and how to page from it. */
interface Period {
  kind: 'month' | 'week';
  /** The week's first day, or the month (YYYY-MM). */
  value: string;
  title: string;
  /** The months whose stays it needs. */
  months: string[];
  /** The address's values for the period before, after, and the one holding today. */
  previous: string;
  next: string;
  current: string;
  isCurrent: boolean;
}

/**
 * The period from the address. Each width keeps its own parameter, and reads the other's when its
 * own is missing, so a month shared from a desktop opens at that month on a phone and back.
 */
function periodOf(params: URLSearchParams, phone: boolean, today: string): Period {
  const month = params.get('month');
  const week = params.get('week');
  if (phone) {
    const first = isDay(week)
      ? week
      : isMonth(month) && month !== monthOf(today)
        ? `${month}-01`
        : today;
    const days = weekFrom(first);
    return {
      kind: 'week',
      value: first,
      title: `${formatDate(first)} – ${formatDate(days[WEEK_DAYS - 1]!)}`,
      months: monthsOfDays(days),
      previous: addDays(first, -WEEK_DAYS),
      next: addDays(first, WEEK_DAYS),
      current: today,
      isCurrent: first === today,
    };
  }
  const shown = isMonth(month) ? month : isDay(week) ? monthOf(week) : monthOf(today);
  return {
    kind: 'month',
    value: shown,
    title: monthTitle(shown),
    months: [shown],
    previous: addMonths(shown, -1),
    next: addMonths(shown, 1),
    current: monthOf(today),
    isCurrent: shown === monthOf(today),
  };
}

const sameMonths = (data: CalendarMonth[], months: string[]): boolean =>
  data.length === months.length && data.every((month, index) => month.month === months[index]);

export function CalendarPage() {
  const dispatch = useDispatch();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const today = toIsoDate();
  const period = periodOf(params, phone, today);
  const { data, status } = useSelector(selectCalendar);
  const monthsKey = period.months.join(',');

  const load = () =>
    dispatch(reservationsActions.loadCalendar.requested({ months: period.months }));
  useEffect(() => {
    load();
    // The months are the period's whole input (as one key, not a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monthsKey, dispatch]);

  const goTo = (value: string) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      changed.set('view', 'calendar');
      changed.delete(period.kind === 'week' ? 'month' : 'week');
      changed.set(period.kind, value);
      return changed;
    });

  const shown = data && sameMonths(data, period.months) ? data : null;
  const unit = period.kind === 'week' ? 'week' : 'month';

  return (
    <PageFrame
      width="list"
      title="Reservations"
      documentTitle={`Calendar, ${period.title}`}
      subtitle={
        period.kind === 'week'
          ? 'Arrivals day by day. Select a stay to open it.'
          : 'Confirmed stays by listing. Select a stay to open it.'
      }
      actions={<ReservationsActions view="calendar" />}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton aria-label={`Previous ${unit}`} onClick={() => goTo(period.previous)}>
          <SvgIcon>
            <path d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />
          </SvgIcon>
        </IconButton>
        <Typography
          component="h2"
          variant="h6"
          sx={{ minWidth: period.kind === 'week' ? 0 : 170, textAlign: 'center' }}
        >
          {period.title}
        </Typography>
        <IconButton aria-label={`Next ${unit}`} onClick={() => goTo(period.next)}>
          <SvgIcon>
            <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />
          </SvgIcon>
        </IconButton>
        {!period.isCurrent && (
          <Button size="small" variant="outlined" onClick={() => goTo(period.current)}>
            Today
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Legend />
      </Stack>

      {status.error && <LoadError error={status.error} onRetry={load} />}
      {!shown && !status.error && <Skeleton variant="rounded" height={phone ? 320 : 480} />}
      {shown &&
        (shown.every((month) => month.listings.length === 0) ? (
          <Card>
            <EmptyState title="No listings to show">
              Listings that are active or paused appear here with their stays.
            </EmptyState>
          </Card>
        ) : period.kind === 'week' ? (
          <WeekAgenda
            months={shown}
            first={period.value}
            today={today}
            onNext={() => goTo(period.next)}
          />
        ) : (
          <Timeline calendar={shown[0]!} today={today} />
        ))}
      {shown?.some((month) => month.truncated) && (
        <Typography variant="body2" color="textSecondary">
          Showing the first {shown[0]!.listings.length} listings.
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

/**
 * Desktop: a row per listing under its building's heading (the building is said once, so the
 * listing's own part of its name fits), a column per day, names and days kept in view while
 * scrolling.
 */
function Timeline({ calendar, today }: { calendar: CalendarMonth; today: string }) {
  const days = useMemo(() => daysOfMonth(calendar.month), [calendar.month]);
  const groups = useMemo(() => byBuilding(calendar.listings), [calendar.listings]);
  const columns = `${NAME_WIDTH}px repeat(${days.length}, minmax(${DAY_MIN_WIDTH}px, 1fr))`;
  const headed = groups.some((group) => group.building !== null);
  return (
    <Card
      component="section"
      aria-label={`Calendar for ${monthTitle(calendar.month)}`}
      sx={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)', minHeight: 240 }}
    >
      <Box sx={{ minWidth: NAME_WIDTH + days.length * DAY_MIN_WIDTH, position: 'relative' }}>
        <DayHeader days={days} columns={columns} today={today} />
        {groups.map((group) => (
          <Box
            key={group.building ?? ''}
            role="group"
            aria-label={group.building ?? 'Without a building'}
          >
            {headed && <BuildingHeading name={group.building ?? 'Without a building'} />}
            {group.listings.map((listing) => (
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
        ))}
      </Box>
    </Card>
  );
}

/** A building's heading row, its name kept in view while the days scroll sideways. */
function BuildingHeading({ name }: { name: string }) {
  return (
    <Box sx={{ bgcolor: 'grey.100', borderBottom: 1, borderColor: 'divider' }}>
      <Typography
        component="h3"
        variant="subtitle2"
        noWrap
        sx={{ position: 'sticky', left: 0, display: 'inline-block', px: 1.5, py: 0.75 }}
      >
        {name}
      </Typography>
    </Box>
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
          {nameInBuilding(listing.nickname, listing.building)}
        </Typography>
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

/**
 * Phone: a week's arrivals day by day from its first day, every day said (a day without arrivals
 * too), and who is already staying as it begins. The stays come from the one or two months the
 * week touches; a stay over a month's end is in both, and is listed once.
 */
function WeekAgenda({
  months,
  first,
  today,
  onNext,
}: {
  months: CalendarMonth[];
  first: string;
  today: string;
  onNext: () => void;
}) {
  const { ongoing, days } = useMemo(() => {
    const seen = new Set<string>();
    const stays: ListingStay[] = [];
    for (const month of months)
      for (const listing of month.listings)
        for (const stay of listing.stays)
          if (!seen.has(stay.id)) {
            seen.add(stay.id);
            stays.push({ stay, listing });
          }
    const byArrival = (a: ListingStay, b: ListingStay) =>
      a.stay.check_in_date.localeCompare(b.stay.check_in_date) ||
      a.listing.nickname.localeCompare(b.listing.nickname);
    stays.sort(byArrival);
    return {
      ongoing: stays.filter(
        ({ stay }) => stay.check_in_date < first && stay.check_out_date > first,
      ),
      days: weekFrom(first).map((day) => ({
        day,
        stays: stays.filter(({ stay }) => stay.check_in_date === day),
      })),
    };
  }, [months, first]);

  return (
    <Card component="section" aria-label={`Arrivals from ${formatDate(first)}`}>
      <List disablePadding>
        {ongoing.length > 0 && <AgendaDay title="Already staying" stays={ongoing} />}
        {days.map(({ day, stays }) => (
          <AgendaDay
            key={day}
            title={`${day === today ? 'Today, ' : ''}${weekdayOf(day)} ${formatDate(day)}`}
            stays={stays}
          />
        ))}
      </List>
      <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button fullWidth variant="outlined" onClick={onNext}>
          Show the next week
        </Button>
      </Box>
    </Card>
  );
}

function AgendaDay({ title, stays }: { title: string; stays: ListingStay[] }) {
  return (
    <li>
      <List disablePadding>
        <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'grey.100' }}>{title}</ListSubheader>
        {stays.length === 0 && (
          <ListItem divider>
            <Typography variant="body2" color="textSecondary">
              No arrivals
            </Typography>
          </ListItem>
        )}
        {stays.map(({ stay, listing }) => (
          <ListItem key={stay.id} disablePadding divider>
            {/* Named by what it shows (guest, listing, nights, source, risk, verification) under
                its day's heading: a name of other words would not be what a speech user says. */}
            <ListItemButton component={RouterLink} to={`/reservation/${stay.id}`}>
              <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {stay.guest_name}
                </Typography>
                <Typography variant="body2" color="textSecondary">
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
