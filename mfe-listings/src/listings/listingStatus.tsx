import { labelOf } from '@hostdash/shared-auth';
import { StatusChip } from '@hostdash/shared-ui';
import type { ListingStatus } from './listingsApi';

/** The words come from shared-auth's labels (one place for every value a person reads). */
export const LISTING_STATUS_INFO: Record<ListingStatus, { label: string; meaning: string }> = {
  active: {
    label: labelOf('listingStatus', 'active'),
    meaning: 'Bookable; new reservations are screened.',
  },
  inactive: {
    label: labelOf('listingStatus', 'inactive'),
    meaning: 'Paused: kept with its history, not screened.',
  },
  archived: {
    label: labelOf('listingStatus', 'archived'),
    meaning: 'No longer in your portfolio; kept for history.',
  },
};

/** The kit's status chip (one colour map for every remote), with what the status means. */
export function ListingStatusChip({ status }: { status: ListingStatus }) {
  return (
    <StatusChip
      kind="listingStatus"
      value={status}
      title={LISTING_STATUS_INFO[status]?.meaning || undefined}
    />
  );
}
