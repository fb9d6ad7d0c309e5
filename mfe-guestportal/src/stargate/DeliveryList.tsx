// Guest messages as a list (a table, or cards on a phone): what the message is — its words as the
// guest reads them, formatted by the guest page's own Markdown component —, which stay
// it is for, where it is (held until verified, released — automatically or by hand, with the
// note —, withdrawn), and Release / Withdraw while it is held. Building staff never get here
// (/stargate is not theirs); the API leaves their copies without words anyway.
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { formatDate, formatDateTime, labelOf } from '@hostdash/shared-auth';
import {
  Markdown,
  ResponsiveList,
  StatusChip,
  VerificationChip,
  type ListColumn,
} from '@hostdash/shared-ui';
import type { StargateDelivery } from '../guestportalApi';

function whereItIs(delivery: StargateDelivery): string {
  if (delivery.state === 'released' && delivery.released_at) {
    const by = delivery.released_automatically
      ? 'automatically, when the guest was verified'
      : `by ${delivery.released_by_name ?? 'a host'}`;
    return `${formatDateTime(delivery.released_at)}, ${by}`;
  }
  if (delivery.state === 'withdrawn' && delivery.withdrawn_at)
    return formatDateTime(delivery.withdrawn_at);
  return 'Goes out when the guest is verified';
}

export function DeliveryList({
  deliveries,
  loading,
  showGuest,
  onRelease,
  onWithdraw,
  footer,
  empty,
}: {
  deliveries: StargateDelivery[];
  loading: boolean;
  /** The account's list names the stay; one reservation's page does not repeat it. */
  showGuest: boolean;
  onRelease: (delivery: StargateDelivery) => void;
  onWithdraw: (delivery: StargateDelivery) => void;
  footer?: React.ReactNode;
  empty: { title: string; text?: React.ReactNode };
}) {
  const columns: ListColumn<StargateDelivery>[] = [
    {
      key: 'message',
      header: 'Message',
      phone: 'primary',
      width: showGuest ? '36%' : '50%',
      render: (delivery) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {delivery.title}
          </Typography>
          {delivery.body && (
            <Box sx={{ my: 0.5 }}>
              <Markdown source={delivery.body} dense />
            </Box>
          )}
          <Typography variant="body2" color="textSecondary">
            {labelOf('messageKind', delivery.kind)} ·{' '}
            {delivery.for_listing ? 'every stay at the listing' : 'this stay only'} · by{' '}
            {delivery.author_name}
          </Typography>
          {delivery.note && (
            <Typography variant="body2" color="textSecondary">
              Note: {delivery.note}
            </Typography>
          )}
        </Box>
      ),
    },
    ...(showGuest
      ? [
          {
            key: 'guest',
            header: 'Stay',
            render: (delivery: StargateDelivery) => (
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <Link component={RouterLink} to={`/stargate/${delivery.reservation.id}`}>
                  {delivery.reservation.guest_first_name} ·{' '}
                  {formatDate(delivery.reservation.check_in_date)}
                </Link>
                <Typography variant="body2" color="textSecondary">
                  {delivery.reservation.listing_nickname}
                </Typography>
                <VerificationChip status={delivery.reservation.verification_status} />
              </Stack>
            ),
          },
        ]
      : []),
    {
      key: 'state',
      header: 'State',
      render: (delivery) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <StatusChip kind="deliveryState" value={delivery.state} />
          <Typography variant="body2" color="textSecondary">
            {whereItIs(delivery)}
          </Typography>
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (delivery) =>
        delivery.state === 'held' ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              size="small"
              onClick={() => onRelease(delivery)}
              aria-label={`Release now: “${delivery.title}” to ${delivery.reservation.guest_first_name}`}
            >
              Release now
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => onWithdraw(delivery)}
              aria-label={`Withdraw “${delivery.title}” for ${delivery.reservation.guest_first_name}`}
            >
              Withdraw
            </Button>
          </Stack>
        ) : null,
    },
  ];
  return (
    <ResponsiveList
      label="Messages to guests"
      columns={columns}
      rows={deliveries}
      rowKey={(delivery) => delivery.id}
      loading={loading}
      placeholders={0}
      empty={empty}
      footer={footer}
    />
  );
}
