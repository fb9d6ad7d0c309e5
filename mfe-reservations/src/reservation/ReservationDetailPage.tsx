import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  buildingPath,
  formatDate,
  formatDateTime,
  formatTimeOfDay,
  labelOf,
  pageCount,
  pageFromOffset,
  placeName,
  PROTECT_LOG_PAGE_SIZE,
} from '@hostdash/shared-auth';
import {
  DetailPlaceholder,
  LoadError,
  PageFrame,
  RiskChip,
  VerificationChip,
  WidgetSlot,
} from '@hostdash/shared-ui';
import type { Reservation } from '../reservations/reservationsApi';
import { reservationsActions, selectDetail, selectLogs } from '../reservations/reservationsSlice';
import { VerificationDialog } from '../reservations/VerificationDialog';
import { GuestMailsCard } from './GuestMailsCard';
import { IdentityImages } from './IdentityImages';
import { ProtectLogTable } from './ProtectLogTable';
import { ReportsCard } from './ReportsCard';
import { ScreeningCard } from './ScreeningCard';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

function StayCard({ reservation }: { reservation: Reservation }) {
  const { listing } = reservation;
  return (
    <Card>
      <CardHeader
        title="Stay"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          <Button
            component={RouterLink}
            to={`/edit-reservation/${encodeURIComponent(reservation.id)}`}
          >
            Edit
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          <Fact label="Listing">
            <Link
              component={RouterLink}
              to={`/listing/${encodeURIComponent(listing.id)}`}
              underline="hover"
            >
              {listing.nickname}
            </Link>
            <Typography variant="body2" color="textSecondary">
              {listing.building && listing.building_slug ? (
                <Link
                  component={RouterLink}
                  to={buildingPath({
                    account_id: reservation.account_id,
                    slug: listing.building_slug,
                  })}
                  underline="hover"
                  color="inherit"
                >
                  {listing.building}
                </Link>
              ) : (
                `${listing.address}, ${listing.city}`
              )}
            </Typography>
          </Fact>
          <Fact label="Check-in">
            {formatDate(reservation.check_in_date)}
            <Typography variant="body2" color="textSecondary">
              from {formatTimeOfDay(listing.check_in_time)}
            </Typography>
          </Fact>
          <Fact label="Check-out">
            {formatDate(reservation.check_out_date)}
            <Typography variant="body2" color="textSecondary">
              by {formatTimeOfDay(listing.check_out_time)} · {reservation.nights}{' '}
              {reservation.nights === 1 ? 'night' : 'nights'}
            </Typography>
          </Fact>
          <Fact label="Guests">{reservation.guests}</Fact>
          <Fact label="Guest">
            {reservation.guest_name}
            <Typography variant="body2" color="textSecondary">
              {[reservation.guest_email, reservation.guest_phone].filter(Boolean).join(' · ') ||
                '—'}
            </Typography>
          </Fact>
          <Fact label="Lives in">
            {placeName(reservation.guest_city, reservation.guest_country) || '—'}
          </Fact>
          <Fact label="Booked">
            {formatDateTime(reservation.created_at)}
            <Typography variant="body2" color="textSecondary">
              via {labelOf('bookingSource', reservation.source)} ·{' '}
              {labelOf('reservationStatus', reservation.status)}
            </Typography>
          </Fact>
          <Fact label="Card check">{labelOf('cardCheck', reservation.protect.card_check)}</Fact>
        </Box>
        {reservation.message && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" color="textSecondary">
              Guest's message
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{reservation.message}</Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function ProtectLogCard({ reservationId }: { reservationId: string }) {
  const dispatch = useDispatch();
  const logs = useSelector(selectLogs);
  const pages = pageCount(logs.pagination.total, PROTECT_LOG_PAGE_SIZE);
  useEffect(() => {
    dispatch(reservationsActions.loadLog.requested({ reservationId, from: 0 }));
  }, [reservationId, dispatch]);
  const items = logs.reservationId === reservationId ? logs.items : [];
  return (
    <Card>
      <CardHeader
        title="Protect log"
        subheader="Everything that happened to this reservation, newest first"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {logs.status.error ? (
          <LoadError
            error={logs.status.error}
            onRetry={() =>
              dispatch(
                reservationsActions.loadLog.requested({
                  reservationId,
                  from: logs.pagination.from,
                }),
              )
            }
          />
        ) : (
          <ProtectLogTable items={items} label="Protect log" />
        )}
        {pages > 1 && (
          <Pagination
            sx={{ mt: 2 }}
            count={pages}
            page={pageFromOffset(logs.pagination.from, PROTECT_LOG_PAGE_SIZE) + 1}
            onChange={(_event, page) =>
              dispatch(
                reservationsActions.loadLog.requested({
                  reservationId,
                  from: (page - 1) * PROTECT_LOG_PAGE_SIZE,
                }),
              )
            }
          />
        )}
      </CardContent>
    </Card>
  );
}

export function ReservationDetailPage() {
  const dispatch = useDispatch();
  const { id = '' } = useParams();
  const { reservation, status } = useSelector(selectDetail);
  const [changing, setChanging] = useState(false);

  useEffect(() => {
    dispatch(reservationsActions.loadReservation.requested({ id }));
  }, [id, dispatch]);

  const current = reservation?.id === id ? reservation : null;
  if (!current) {
    return (
      <DetailPlaceholder
        noun="reservation"
        status={status}
        back={{ to: '/reservations', label: 'Back to reservations' }}
        onRetry={() => dispatch(reservationsActions.loadReservation.requested({ id }))}
      />
    );
  }

  return (
    <PageFrame
      width="list"
      title={current.guest_name}
      breadcrumbs={[{ label: 'Reservations', to: '/reservations' }, { label: current.guest_name }]}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <RiskChip colour={current.protect.colour} score={current.protect.score} />
          <VerificationChip status={current.protect.verification_status} />
          <Button variant="contained" onClick={() => setChanging(true)}>
            Change verification
          </Button>
        </Stack>
      }
    >
      <StayCard reservation={current} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <ScreeningCard reservation={current} />
        <IdentityImages reservation={current} />
      </Box>
      <ReportsCard reservation={current} />
      <GuestMailsCard reservation={current} />
      {/* The guest-portal team's switches and guest link for this stay (ADR 17), in their box. */}
      <WidgetSlot
        app="guestportal"
        name="screensWidget"
        props={{ reservationId: current.id }}
        unavailable="Guest portal settings are temporarily unavailable."
        label="Guest portal screens"
      />
      <ProtectLogCard reservationId={current.id} />
      {changing && <VerificationDialog reservation={current} onClose={() => setChanging(false)} />}
    </PageFrame>
  );
}
