import { Link as RouterLink } from 'react-router';
import { Link, Typography } from '@mui/material';
import {
  formatDateTime,
  labelOf,
  reservationPath,
  verificationStatusInfo,
} from '@hostdash/shared-auth';
import { ResponsiveList, riskLabel, type ListColumn } from '@hostdash/shared-ui';
import type { ProtectLogEntry } from '../reservations/reservationsApi';

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
    case 'tolerance_changed': {
      // Stored as the API's values (low, balanced, high); read as the protect page names them.
      const from = text('from');
      const to = text('to');
      return from && to ? `${labelOf('tolerance', from)} → ${labelOf('tolerance', to)}` : '';
    }
    case 'image_rotated': {
      const image = text('image');
      return [
        image && labelOf('imageKind', image),
        text('rotation') && `now at ${text('rotation')}°`,
      ]
        .filter(Boolean)
        .join(', ');
    }
    // A failure's stored error is the server's text, not the host's: the title says it failed.
    case 'report_generated':
    case 'report_failed': {
      const format = text('format');
      return format ? labelOf('reportFormat', format) : '';
    }
    default:
      return text('summary') ?? text('message') ?? text('type') ?? '';
  }
}

/** What happened, in words: a report says which one ("Guest portal report generated"). */
export function entryTitle(entry: ProtectLogEntry): string {
  const type = typeof entry.details.type === 'string' ? entry.details.type : null;
  if (type && entry.event === 'report_generated') return `${labelOf('reportType', type)} generated`;
  if (type && entry.event === 'report_failed') return `${labelOf('reportType', type)} failed`;
  return labelOf('protectEvent', entry.event);
}

/**
 * Who did it. That a person reviewed the documents matters only on a verification change (the
 * statement they ticked); elsewhere "supervised" under every name said nothing.
 */
function Who({ entry }: { entry: ProtectLogEntry }) {
  return (
    <>
      {entry.actor_name ?? 'Hostdash'}
      {entry.supervised && entry.event === 'verification_changed' && (
        <Typography variant="body2" color="textSecondary">
          reviewed documents
        </Typography>
      )}
    </>
  );
}

/** The reservation an account-log entry is about, or the account itself. */
function About({ entry }: { entry: ProtectLogEntry }) {
  return (
    <>
      {'reservation_id' in entry && entry.reservation_id ? (
        <Link component={RouterLink} to={reservationPath(entry.reservation_id)} underline="hover">
          {entry.guest_name ?? `#${entry.reservation_id}`}
        </Link>
      ) : (
        'Account'
      )}
      {'listing_nickname' in entry && entry.listing_nickname && (
        <Typography variant="body2" color="textSecondary">
          {entry.listing_nickname}
        </Typography>
      )}
    </>
  );
}

/**
 * A reservation's or the account's protect log. On a phone each entry is a card headed by what
 * happened, with when, who and the note below it: nothing is clipped at 390 px.
 */
export function ProtectLogTable({
  items,
  label,
  withReservation,
}: {
  items: ProtectLogEntry[];
  label: string;
  withReservation?: boolean;
}) {
  const columns: ListColumn<ProtectLogEntry>[] = [
    {
      key: 'at',
      header: 'When',
      width: 170,
      render: (entry) => formatDateTime(entry.at),
    },
    ...(withReservation
      ? [
          {
            key: 'reservation',
            header: 'Reservation',
            render: (entry: ProtectLogEntry) => <About entry={entry} />,
          },
        ]
      : []),
    {
      key: 'what',
      header: 'What',
      phone: 'primary',
      render: (entry) => (
        <>
          {entryTitle(entry)}
          <Typography variant="body2" color="textSecondary">
            {describeEntry(entry)}
          </Typography>
        </>
      ),
    },
    { key: 'who', header: 'Who', render: (entry) => <Who entry={entry} /> },
    { key: 'note', header: 'Note', render: (entry) => entry.note ?? '' },
  ];
  return (
    <ResponsiveList
      label={label}
      columns={columns}
      rows={items}
      rowKey={(entry) => entry.id}
      placeholders={0}
      empty={{ title: 'Nothing logged yet' }}
    />
  );
}
