// `/stargate/{id?}` (signed in, not building staff; spec section 2): Guest messages, the held-message
// relay (internally "Stargate", a name no host or guest reads: docs/glossary.md). Without an
// id, every message of the account to guests — held, released, withdrawn — filtered by state and
// paged; with a reservation's id, that stay's messages. A host writes a message for a stay or for
// every stay at a listing; it is held until the guest is verified, then released automatically,
// or by hand with a note; each step is in the reservation's protect log.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router';
import { Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { formatDate, labelOf } from '@hostdash/shared-auth';
import {
  DetailPlaceholder,
  ListPagination,
  LoadError,
  PageFrame,
  VerificationChip,
} from '@hostdash/shared-ui';
import type { DeliveryFilters, DeliveryState, StargateDelivery } from '../guestportalApi';
import { guestportalActions, selectGuestportal } from '../guestportalSlice';
import { DeliveryList } from './DeliveryList';
import { NewMessageDialog } from './NewMessageDialog';
import { ReleaseDialog, WithdrawDialog } from './ReleaseDialogs';

const PAGE_SIZE = 25;
const STATES: DeliveryState[] = ['held', 'released', 'withdrawn'];

type Open =
  | { dialog: 'new' }
  | { dialog: 'release'; delivery: StargateDelivery }
  | { dialog: 'withdraw'; delivery: StargateDelivery }
  | null;

function Dialogs({
  open,
  onClose,
  reservation,
}: {
  open: Open;
  onClose: () => void;
  reservation: Parameters<typeof NewMessageDialog>[0]['reservation'];
}) {
  if (open?.dialog === 'new')
    return <NewMessageDialog reservation={reservation} onClose={onClose} />;
  if (open?.dialog === 'release')
    return <ReleaseDialog delivery={open.delivery} onClose={onClose} />;
  if (open?.dialog === 'withdraw')
    return <WithdrawDialog delivery={open.delivery} onClose={onClose} />;
  return null;
}

function AccountMessages() {
  const dispatch = useDispatch();
  const { deliveries, filters, status } = useSelector(selectGuestportal);
  const [open, setOpen] = useState<Open>(null);
  const load = (next: DeliveryFilters) =>
    dispatch(guestportalActions.loadDeliveries.requested(next));
  useEffect(() => {
    dispatch(guestportalActions.loadDeliveries.requested({ from: 0, size: PAGE_SIZE }));
  }, [dispatch]);
  const state = filters.state ?? 'all';

  return (
    <PageFrame
      width="list"
      title="Guest messages"
      subtitle="Messages to guests — check-in instructions, door codes — held until the guest is verified, then shown on their check-in page."
      actions={
        <Button variant="contained" onClick={() => setOpen({ dialog: 'new' })}>
          New message
        </Button>
      }
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={state}
        aria-label="Show"
        onChange={(_event, value: DeliveryState | 'all' | null) => {
          if (value === null) return;
          load({ ...filters, state: value === 'all' ? undefined : value, from: 0 });
        }}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">All</ToggleButton>
        {STATES.map((value) => (
          <ToggleButton key={value} value={value}>
            {labelOf('deliveryState', value)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {status.deliveries.error && (
        <LoadError error={status.deliveries.error} onRetry={() => load(filters)} />
      )}
      <DeliveryList
        deliveries={deliveries?.items ?? []}
        loading={status.deliveries.loading}
        showGuest
        onRelease={(delivery) => setOpen({ dialog: 'release', delivery })}
        onWithdraw={(delivery) => setOpen({ dialog: 'withdraw', delivery })}
        empty={
          state === 'all'
            ? {
                title: 'No messages to guests yet',
                text: 'Write check-in instructions or a door code once: each guest gets it when they are verified.',
              }
            : { title: `No ${labelOf('deliveryState', state).toLowerCase()} messages` }
        }
        footer={
          deliveries && deliveries.total > 0 ? (
            <ListPagination
              listName="messages"
              total={deliveries.total}
              from={filters.from ?? 0}
              size={filters.size ?? PAGE_SIZE}
              onChange={({ from, size }) => load({ ...filters, from, size })}
            />
          ) : undefined
        }
      />
      <Dialogs open={open} onClose={() => setOpen(null)} reservation={null} />
    </PageFrame>
  );
}

function ReservationMessages({ id }: { id: string }) {
  const dispatch = useDispatch();
  const { reservation, status } = useSelector(selectGuestportal);
  const [open, setOpen] = useState<Open>(null);
  const load = () => dispatch(guestportalActions.loadReservation.requested(id));
  useEffect(() => {
    dispatch(guestportalActions.loadReservation.requested(id));
    return () => void dispatch(guestportalActions.left());
  }, [id, dispatch]);

  const current = reservation?.reservation.id === id ? reservation : null;
  if (!current)
    return (
      <DetailPlaceholder
        noun="reservation"
        status={status.reservation}
        back={{ to: '/stargate', label: 'Back to guest messages' }}
        onRetry={load}
      />
    );
  const stay = current.reservation;
  return (
    <PageFrame
      width="list"
      title={`Messages to ${stay.guest_first_name}`}
      subtitle={`${stay.listing_nickname} · arrives ${formatDate(stay.check_in_date)}`}
      breadcrumbs={[{ label: 'Guest messages', to: '/stargate' }, { label: stay.guest_first_name }]}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <VerificationChip status={stay.verification_status} />
          <Button variant="contained" onClick={() => setOpen({ dialog: 'new' })}>
            New message
          </Button>
        </Stack>
      }
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {stay.verification_status === 'verified'
          ? 'The guest is verified: new messages go to their check-in page at once.'
          : 'Held messages go to the guest’s check-in page as soon as they are verified.'}{' '}
        <Button component={RouterLink} to={`/reservation/${stay.id}`} size="small">
          Open the reservation
        </Button>
      </Typography>
      {status.reservation.error && <LoadError error={status.reservation.error} onRetry={load} />}
      <DeliveryList
        deliveries={current.items}
        loading={status.reservation.loading}
        showGuest={false}
        onRelease={(delivery) => setOpen({ dialog: 'release', delivery })}
        onWithdraw={(delivery) => setOpen({ dialog: 'withdraw', delivery })}
        empty={{
          title: `No messages to ${stay.guest_first_name} yet`,
          text: 'Messages written for this stay, or for every stay at its listing, show here.',
        }}
      />
      <Dialogs open={open} onClose={() => setOpen(null)} reservation={stay} />
    </PageFrame>
  );
}

export function StargatePage() {
  const { id } = useParams();
  return id ? <ReservationMessages id={id} /> : <AccountMessages />;
}
