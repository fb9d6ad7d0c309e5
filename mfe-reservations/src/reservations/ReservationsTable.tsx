import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import {
  formatDate,
  formatRelativeTime,
  labelOf,
  reservationPath,
  type SortKey,
} from '@hostdash/shared-auth';
import {
  ResponsiveList,
  RiskChip,
  VerificationChip,
  type ListColumn,
  type ListSelection,
  StatusChip,
} from '@hostdash/shared-ui';
import type { ReservationSummary } from './reservationsApi';
import { VerificationDialog } from './VerificationDialog';

interface ReservationsTableProps {
  label: string;
  items: ReservationSummary[];
  loading: boolean;
  showSkeleton: boolean;
  /** Risks first, with the factors: the risks page. */
  attention?: boolean;
  sort?: SortKey | null;
  onSort?: (field: string) => void;
  emptyTitle: string;
  emptyText: string;
  /** Verification changes from a row update that row (spec section 4). */
  canChangeVerification?: boolean;
  /** Below the rows in both layouts: the pagination. */
  footer?: ReactNode;
  /** Rows chosen for a bulk action (the list's "Send check-in link"). */
  selection?: ListSelection<ReservationSummary>;
}

/** A chip keeps its own width: on a phone's card it must not stretch into a full-width bar. */
const Fitted = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'inline-flex', width: 'fit-content' }}>{children}</Box>
);

function arrival(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = new Date(year, month - 1, day);
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const days = Math.round((midnight.getTime() - today.getTime()) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return formatRelativeTime(midnight, today);
}

/**
 * The reservations of a list page (or the risks page's stays needing attention): a table on a
 * desktop, a card per stay on a phone headed by the guest and the listing, with every other
 * column as a labelled line, so nothing (check-in, why, verification) starts off-screen.
 */
export function ReservationsTable(props: ReservationsTableProps) {
  const {
    label,
    items,
    loading,
    showSkeleton,
    attention,
    sort,
    onSort,
    emptyTitle,
    emptyText,
    canChangeVerification,
    footer,
    selection,
  } = props;
  const [changing, setChanging] = useState<{ row: ReservationSummary; index: number } | null>(null);

  const riskColumn = (width: string): ListColumn<ReservationSummary> => ({
    key: 'risk_score',
    header: 'Risk',
    width,
    sortable: !attention,
    render: (reservation) => (
      <Fitted>
        <RiskChip colour={reservation.protect.colour} score={reservation.protect.score} />
      </Fitted>
    ),
  });

  // Fixed column widths: the columns do not move when the rows arrive (no layout shift).
  const columns: ListColumn<ReservationSummary>[] = [
    ...(attention ? [riskColumn('11%')] : []),
    {
      key: 'guest_name',
      header: 'Guest',
      width: '14%',
      phone: 'primary',
      sortable: true,
      render: (reservation) => (
        <Box sx={{ fontWeight: 500 }}>
          <Link component={RouterLink} to={reservationPath(reservation.id)} underline="hover">
            {reservation.guest_name}
          </Link>
          {reservation.status !== 'CONFIRMED' && (
            <Box sx={{ mt: 0.5 }}>
              <StatusChip kind="reservationStatus" value={reservation.status} />
            </Box>
          )}
        </Box>
      ),
    },
    {
      key: 'listing',
      header: 'Listing',
      width: attention ? '22%' : '18%',
      phone: 'primary',
      render: (reservation) => (
        <>
          {reservation.listing_nickname}
          {reservation.building && (
            <Typography variant="body2" color="textSecondary">
              {reservation.building}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'check_in_date',
      header: 'Check-in',
      width: attention ? '13%' : '12%',
      sortable: true,
      render: (reservation) => (
        <>
          {formatDate(reservation.check_in_date)}
          <Typography variant="body2" color="textSecondary">
            {arrival(reservation.check_in_date)} · {reservation.nights}{' '}
            {reservation.nights === 1 ? 'night' : 'nights'}
          </Typography>
        </>
      ),
    },
    attention
      ? {
          key: 'why',
          header: 'Why',
          width: '23%',
          render: (reservation) =>
            reservation.protect.top_factors.length === 0 ? (
              <Typography variant="body2" color="textSecondary">
                Nothing stands out
              </Typography>
            ) : (
              <Stack component="ul" sx={{ m: 0, pl: 2 }}>
                {reservation.protect.top_factors.map((factor) => (
                  <Typography component="li" variant="body2" key={factor.code}>
                    {factor.label}
                  </Typography>
                ))}
              </Stack>
            ),
        }
      : {
          key: 'check_out_date',
          header: 'Check-out',
          width: '11%',
          render: (reservation) => formatDate(reservation.check_out_date),
        },
    ...(attention
      ? []
      : [
          {
            key: 'guests',
            header: 'Guests',
            width: '8%',
            align: 'right' as const,
            render: (reservation: ReservationSummary) => reservation.guests,
          },
          {
            key: 'source',
            header: 'Source',
            width: '10%',
            render: (reservation: ReservationSummary) =>
              labelOf('bookingSource', reservation.source),
          },
        ]),
    {
      key: 'verification',
      header: 'Verification',
      width: attention ? '17%' : '16%',
      render: (reservation, index) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Fitted>
            <VerificationChip status={reservation.protect.verification_status} />
          </Fitted>
          {canChangeVerification && (
            <Button
              size="small"
              onClick={() => setChanging({ row: reservation, index })}
              aria-label={`Change verification of ${reservation.guest_name}`}
            >
              Change
            </Button>
          )}
        </Stack>
      ),
    },
    ...(attention ? [] : [riskColumn('11%')]),
  ];

  return (
    <>
      <ResponsiveList
        label={label}
        columns={columns}
        rows={items}
        rowKey={(reservation) => reservation.id}
        loading={loading}
        showSkeleton={showSkeleton}
        rowHeight={73}
        sort={sort}
        onSort={onSort}
        empty={{ title: emptyTitle, text: emptyText }}
        footer={footer}
        selection={selection}
        minTableWidth={960}
      />
      {changing && (
        <VerificationDialog
          reservation={changing.row}
          index={changing.index}
          onClose={() => setChanging(null)}
        />
      )}
    </>
  );
}
