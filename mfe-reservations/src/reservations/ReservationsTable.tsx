import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Button,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import {
  formatDate,
  formatRelativeTime,
  labelOf,
  reservationPath,
  type SortKey,
} from '@hostdash/shared-auth';
import { EmptyState, PlaceholderRows, RiskChip, VerificationChip } from '@hostdash/shared-ui';
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
}

function Sortable({
  field,
  label,
  sort,
  onSort,
}: {
  field: string;
  label: string;
  sort?: SortKey | null;
  onSort?: (field: string) => void;
}) {
  if (!sort || !onSort) return <>{label}</>;
  return (
    <TableSortLabel
      active={sort.field === field}
      direction={sort.field === field ? sort.direction : 'asc'}
      onClick={() => onSort(field)}
    >
      {label}
    </TableSortLabel>
  );
}

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
  } = props;
  const [changing, setChanging] = useState<{ row: ReservationSummary; index: number } | null>(null);
  const columns = attention ? 6 : 8;

  return (
    <TableContainer>
      {/* Wide enough to read on a phone: the container scrolls sideways instead of squeezing. */}
      {/* Fixed column widths: the columns do not move when the rows arrive (no layout shift). */}
      <Table
        size="small"
        aria-label={label}
        aria-busy={loading}
        sx={{ minWidth: 960, tableLayout: 'fixed' }}
      >
        <TableHead>
          <TableRow>
            {attention && <TableCell sx={{ width: '11%' }}>Risk</TableCell>}
            <TableCell sx={{ width: '14%' }}>
              <Sortable field="guest_name" label="Guest" sort={sort} onSort={onSort} />
            </TableCell>
            <TableCell sx={{ width: attention ? '22%' : '18%' }}>Listing</TableCell>
            <TableCell sx={{ width: attention ? '13%' : '12%' }}>
              <Sortable field="check_in_date" label="Check-in" sort={sort} onSort={onSort} />
            </TableCell>
            {attention ? (
              <TableCell sx={{ width: '23%' }}>Why</TableCell>
            ) : (
              <TableCell sx={{ width: '11%' }}>Check-out</TableCell>
            )}
            {!attention && (
              <TableCell align="right" sx={{ width: '8%' }}>
                Guests
              </TableCell>
            )}
            {!attention && <TableCell sx={{ width: '10%' }}>Source</TableCell>}
            <TableCell sx={{ width: attention ? '17%' : '16%' }}>Verification</TableCell>
            {!attention && (
              <TableCell sx={{ width: '11%' }}>
                <Sortable field="risk_score" label="Risk" sort={sort} onSort={onSort} />
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && items.length === 0 ? (
            <PlaceholderRows cells={columns} rowHeight={73} visible={showSkeleton} />
          ) : (
            items.map((reservation, index) => (
              <TableRow key={reservation.id} hover sx={{ opacity: loading ? 0.6 : 1 }}>
                {attention && (
                  <TableCell>
                    <RiskChip
                      colour={reservation.protect.colour}
                      score={reservation.protect.score}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ fontWeight: 500 }}>
                  <Link
                    component={RouterLink}
                    to={reservationPath(reservation.id)}
                    underline="hover"
                  >
                    {reservation.guest_name}
                  </Link>
                  {reservation.status !== 'CONFIRMED' && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {labelOf('reservationStatus', reservation.status)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {reservation.listing_nickname}
                  {reservation.building && (
                    <Typography variant="body2" color="text.secondary">
                      {reservation.building}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {formatDate(reservation.check_in_date)}
                  <Typography variant="body2" color="text.secondary">
                    {arrival(reservation.check_in_date)} · {reservation.nights}{' '}
                    {reservation.nights === 1 ? 'night' : 'nights'}
                  </Typography>
                </TableCell>
                {attention ? (
                  <TableCell>
                    {reservation.protect.top_factors.length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
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
                    )}
                  </TableCell>
                ) : (
                  <TableCell>{formatDate(reservation.check_out_date)}</TableCell>
                )}
                {!attention && <TableCell align="right">{reservation.guests}</TableCell>}
                {!attention && (
                  <TableCell>{labelOf('bookingSource', reservation.source)}</TableCell>
                )}
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <VerificationChip status={reservation.protect.verification_status} />
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
                </TableCell>
                {!attention && (
                  <TableCell>
                    <RiskChip
                      colour={reservation.protect.colour}
                      score={reservation.protect.score}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))
          )}
          {!loading && items.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns}>
                <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {changing && (
        <VerificationDialog
          reservation={changing.row}
          index={changing.index}
          onClose={() => setChanging(null)}
        />
      )}
    </TableContainer>
  );
}
