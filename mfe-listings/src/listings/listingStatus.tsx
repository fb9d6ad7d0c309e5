import { Chip } from '@mui/material';
import { labelOf, type ChipColour } from '@hostdash/shared-auth';
import type { ListingStatus } from './listingsApi';

/** The words come from shared-auth's labels (one place for every value a person reads). */
export const LISTING_STATUS_INFO: Record<
  ListingStatus,
  { label: string; colour: ChipColour; meaning: string }
> = {
  active: {
    label: labelOf('listingStatus', 'active'),
    colour: 'success',
    meaning: 'Bookable; new reservations are screened.',
  },
  inactive: {
    label: labelOf('listingStatus', 'inactive'),
    colour: 'warning',
    meaning: 'Paused: kept with its history, not screened.',
  },
  archived: {
    label: labelOf('listingStatus', 'archived'),
    colour: 'default',
    meaning: 'No longer in your portfolio; kept for history.',
  },
};

export function ListingStatusChip({ status }: { status: ListingStatus }) {
  const info = LISTING_STATUS_INFO[status] ?? {
    label: labelOf('listingStatus', status),
    colour: 'default' as const,
    meaning: '',
  };
  return <Chip size="small" label={info.label} color={info.colour} title={info.meaning} />;
}
