// Domain words two or more apps show the same way (DOMAIN.md), as plain data: labels and the MUI
// colour names to show them with. No React here; each app renders them with the shell's theme.

export type ChipColour =
  'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

export type VerificationStatus = 'pending' | 'incomplete' | 'review' | 'verified' | 'declined';

export const VERIFICATION_STATUSES: Record<
  VerificationStatus,
  { label: string; colour: ChipColour; meaning: string }
> = {
  pending: {
    label: 'Pending',
    colour: 'default',
    meaning: 'The guest has not started verification yet.',
  },
  incomplete: {
    label: 'Incomplete',
    colour: 'warning',
    meaning: 'The guest started but has not finished.',
  },
  review: {
    label: 'In review',
    colour: 'info',
    meaning: 'The checks need a person to look at them.',
  },
  verified: { label: 'Verified', colour: 'success', meaning: 'The guest passed verification.' },
  declined: { label: 'Declined', colour: 'error', meaning: 'The guest failed verification.' },
};

export function verificationStatusInfo(status: string): {
  label: string;
  colour: ChipColour;
  meaning: string;
} {
  return (
    VERIFICATION_STATUSES[status as VerificationStatus] ?? {
      label: status,
      colour: 'default',
      meaning: '',
    }
  );
}

export const reservationPath = (id: string): string => `/reservation/${encodeURIComponent(id)}`;

/** The property-management systems hosts import from (spec section 7), as their makers write them. */
export const PMS_NAMES: Record<string, string> = {
  guesty: 'Guesty',
  rentalsunited: 'Rentals United',
  hostaway: 'Hostaway',
  cloudbeds: 'Cloudbeds',
  apaleo: 'apaleo',
  myvr: 'MyVR',
  beds24: 'Beds24',
  smartbnb: 'Smartbnb',
  hostfully: 'Hostfully',
  impala: 'Impala',
  opera: 'Oracle OPERA',
  streamline: 'Streamline',
  trackhs: 'Track',
  escapia: 'Escapia',
  stayntouch: 'Stayntouch',
  lavanda: 'Lavanda',
  inforhms: 'Infor HMS',
  booking: 'Booking.com',
};

export const pmsName = (pms: string): string => PMS_NAMES[pms] ?? pms;
