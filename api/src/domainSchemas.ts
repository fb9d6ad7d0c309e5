// The domain's closed lists as schemas, for every area's contract to use alike (DOMAIN.md).
import { LISTING_STATUSES } from './listings/listingQueries';
import { RISK_COLOURS, RISK_TOLERANCES } from './protect/risk';
import {
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  VERIFICATION_STATUSES,
} from './reservations/reservationQueries';
import { stringEnum } from './http/schemas';

export const ListingStatusSchema = stringEnum(LISTING_STATUSES, {
  description:
    '`active`: bookable and screened; `inactive`: paused, kept, not screened; `archived`: gone from the portfolio, kept for history.',
});

export const ReservationStatusSchema = stringEnum(RESERVATION_STATUSES);

export const VerificationStatusSchema = stringEnum(VERIFICATION_STATUSES, {
  description:
    "The guest's identity verification: `pending` (not started), `incomplete`, `review` (a person must look), `verified`, `declined`.",
});

export const ReservationSourceSchema = stringEnum(RESERVATION_SOURCES);

export const RiskColourSchema = stringEnum(RISK_COLOURS, {
  description: "The screening score's colour under the account's tolerance.",
});

export const RiskToleranceSchema = stringEnum(RISK_TOLERANCES, {
  description: '`low`: strict; `balanced`: the default; `high`: lenient.',
});
