// The one status display (docs/page-kit.md): every state of the domain a page shows as a chip
// takes its colour from one map here and its word from shared-auth's LABELS, so "Active" is the
// same green chip on the listings list, a listing's page and the staff's listings.
import { Chip } from '@mui/material';
import { LABELS, labelOf, VERIFICATION_STATUSES, type LabelKind } from '@hostdash/shared-auth';

/** What a state means to the person reading it, as a colour. */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'error';

/**
 * Each kind of state the dashboard shows as a chip, and the tone of each of its values. A value
 * missing here reads as `neutral` (a state the API added before this map knew it).
 */
export const STATUS_TONES = {
  listingStatus: { active: 'success', inactive: 'warning', archived: 'neutral' },
  reservationStatus: { CONFIRMED: 'success', CANCELLED: 'neutral', INQUIRY: 'info' },
  invoiceStatus: { open: 'neutral', paid: 'success', failed: 'error' },
  jobState: {
    queued: 'neutral',
    running: 'info',
    succeeded: 'success',
    failed: 'error',
    discarded: 'neutral',
  },
  mailState: { queued: 'neutral', delivered: 'success', failed: 'error' },
  guestMailState: { queued: 'neutral', delivered: 'success', failed: 'error' },
  deliveryState: { held: 'warning', released: 'success', withdrawn: 'neutral' },
  connectionStatus: {
    pending: 'neutral',
    connected: 'success',
    reconnect: 'warning',
    failed: 'error',
  },
  importState: { queued: 'neutral', running: 'info', succeeded: 'success', failed: 'error' },
  reportStatus: { done: 'success', failed: 'error' },
  verification: {
    pending: 'neutral',
    incomplete: 'warning',
    review: 'info',
    verified: 'success',
    declined: 'error',
  },
} as const satisfies Record<string, Record<string, StatusTone>>;

export type StatusKind = keyof typeof STATUS_TONES;

/** The chip's tone for a value of a kind (`neutral` when the map does not know it). */
export function statusTone(kind: StatusKind, value: string): StatusTone {
  return (STATUS_TONES[kind] as Record<string, StatusTone>)[value] ?? 'neutral';
}

/** The chip's word: LABELS', or the verification status's own label. */
export function statusLabel(kind: StatusKind, value: string): string {
  if (kind === 'verification')
    return VERIFICATION_STATUSES[value as keyof typeof VERIFICATION_STATUSES]?.label ?? value;
  return kind in LABELS ? labelOf(kind as LabelKind, value) : value;
}

export function StatusChip({
  kind,
  value,
  title,
}: {
  kind: StatusKind;
  value: string;
  /** What the state means, shown on hover. */
  title?: string;
}) {
  const tone = statusTone(kind, value);
  return (
    <Chip
      size="small"
      label={statusLabel(kind, value)}
      title={title}
      color={tone === 'neutral' ? 'default' : tone}
      variant={tone === 'neutral' ? 'outlined' : 'filled'}
      data-tone={tone}
    />
  );
}
