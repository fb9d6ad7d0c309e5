import { Link as RouterLink } from 'react-router';
import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime, reservationPath, verificationStatusInfo } from '@hostdash/shared-auth';
import { EmptyState, riskLabel } from '@hostdash/shared-ui';
import type { ProtectLogEntry } from '../reservations/reservationsApi';

const EVENT_LABELS: Record<string, string> = {
  screened: 'Screened',
  risk_recalculated: 'Risk recalculated',
  verification_changed: 'Verification changed',
  image_rotated: 'Image rotated',
  report_generated: 'Report generated',
  report_failed: 'Report failed',
  reservation_created: 'Reservation created',
  reservation_updated: 'Reservation changed',
  tolerance_changed: 'Risk tolerance changed',
  message_released: 'Message released',
};

interface ScreeningResult {
  score?: number;
  colour?: string;
}

/** A screening result the way the risk chips read it, or '' without a colour. */
const riskText = (result: ScreeningResult | undefined): string =>
  result?.colour === undefined ? '' : riskLabel(result.colour, result.score);

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the details of an entry mean, in a sentence. */
export function describeEntry(entry: ProtectLogEntry): string {
  const { details } = entry;
  const text = (key: string) =>
    typeof details[key] === 'string' || typeof details[key] === 'number'
      ? String(details[key])
      : null;
  switch (entry.event) {
    case 'verification_changed':
      return `${verificationStatusInfo(text('from') ?? '').label} → ${verificationStatusInfo(text('to') ?? '').label}`;
    case 'screened': {
      const factors = Array.isArray(details.factors) ? details.factors.length : 0;
      const result = riskText(details as ScreeningResult);
      return (
        result && `${result}, ${factors === 0 ? 'no risk factors' : plural(factors, 'factor')}`
      );
    }
    case 'risk_recalculated': {
      const before = riskText(details.before as ScreeningResult | undefined);
      const after = riskText(details.after as ScreeningResult | undefined);
      return before && after ? (before === after ? `Still ${after}` : `${before} → ${after}`) : '';
    }
    case 'tolerance_changed':
      return `${text('from') ?? ''} → ${text('to') ?? ''}`;
    case 'image_rotated':
      return [text('image')?.replace('_', ' '), text('rotation') && `now at ${text('rotation')}°`]
        .filter(Boolean)
        .join(', ');
    default:
      return text('summary') ?? text('message') ?? text('type') ?? '';
  }
}

export function ProtectLogTable({
  items,
  label,
  withReservation,
}: {
  items: ProtectLogEntry[];
  label: string;
  withReservation?: boolean;
}) {
  if (items.length === 0) return <EmptyState title="Nothing logged yet" />;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          {withReservation && <TableCell>Reservation</TableCell>}
          <TableCell>What</TableCell>
          <TableCell>Who</TableCell>
          <TableCell>Note</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
            {withReservation && (
              <TableCell>
                {'reservation_id' in entry && entry.reservation_id ? (
                  <Link
                    component={RouterLink}
                    to={reservationPath(entry.reservation_id)}
                    underline="hover"
                  >
                    {entry.guest_name ?? `#${entry.reservation_id}`}
                  </Link>
                ) : (
                  'Account'
                )}
                {'listing_nickname' in entry && entry.listing_nickname && (
                  <Typography variant="body2" color="text.secondary">
                    {entry.listing_nickname}
                  </Typography>
                )}
              </TableCell>
            )}
            <TableCell>
              {EVENT_LABELS[entry.event] ?? entry.event}
              <Typography variant="body2" color="text.secondary">
                {describeEntry(entry)}
              </Typography>
            </TableCell>
            <TableCell>
              {entry.actor_name ?? 'Hostdash'}
              {entry.supervised && (
                <Typography variant="body2" color="text.secondary">
                  supervised
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ maxWidth: 320 }}>{entry.note}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
