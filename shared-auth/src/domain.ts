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

export type RiskColour = 'green' | 'yellow' | 'orange' | 'red';
export const RISK_COLOURS: readonly RiskColour[] = ['red', 'orange', 'yellow', 'green'];

/** How each risk colour reads to a host, and how it is drawn (explicit colours: the four are the point). */
export const RISK_COLOUR_INFO: Record<
  RiskColour,
  { label: string; meaning: string; background: string; text: string }
> = {
  red: {
    label: 'Red',
    meaning: 'High risk: review this guest before they arrive.',
    background: '#d32f2f',
    text: '#ffffff',
  },
  orange: {
    label: 'Orange',
    meaning: 'Elevated risk: look at the factors.',
    background: '#ed6c02',
    // White on this orange reads 3.1:1; near-black 5.4:1 (WCAG AA, issue 33).
    text: '#1f1f1f',
  },
  yellow: {
    label: 'Yellow',
    meaning: 'Some risk: worth a glance.',
    background: '#fbc02d',
    text: '#1f1f1f',
  },
  green: { label: 'Green', meaning: 'Low risk.', background: '#2e7d32', text: '#ffffff' },
};

export function riskColourInfo(colour: string): {
  label: string;
  meaning: string;
  background: string;
  text: string;
} {
  return (
    RISK_COLOUR_INFO[colour as RiskColour] ?? {
      label: colour,
      meaning: '',
      background: '#9e9e9e',
      text: '#1f1f1f',
    }
  );
}
