import { Chip } from '@mui/material';
import type { ChipColour } from '@hostdash/shared-auth';
import type { ListingStatus } from './listingsApi';

export const LISTING_STATUS_INFO: Record<
  ListingStatus,
  { label: string; colour: ChipColour; meaning: string }
> = {
  active: {
    label: 'Active',
    colour: 'success',
    meaning: 'Bookable; new reservations are screened.',
  },
  inactive: {
    label: 'Inactive',
    colour: 'warning',
    meaning: 'Paused: kept with its history, not screened.',
  },
  archived: {
    label: 'Archived',
    colour: 'default',
    meaning: 'No longer in your portfolio; kept for history.',
  },
};

export function ListingStatusChip({ status }: { status: ListingStatus }) {
  const info = LISTING_STATUS_INFO[status] ?? {
    label: status,
    colour: 'default' as const,
    meaning: '',
  };
  return <Chip size="small" label={info.label} color={info.colour} title={info.meaning} />;
}
