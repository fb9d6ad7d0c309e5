// The price list: every amount Hostdash bills, in one place. Amounts are in cents of CURRENCY.
// The upcoming invoice and every closed one are computed from these (src/billing/usage.ts).

export const CURRENCY = 'EUR';

/** A listing with status `active` during a month (bookable and screened): per month. */
export const ACTIVE_LISTING_MONTH_CENTS = 500;

/** A confirmed stay that was screened, billed in the month its guest checks in. */
export const SCREENED_RESERVATION_CENTS = 120;

/** VAT on the subtotal, in basis points (23%: Hostdash bills from Portugal). */
export const TAX_RATE_BPS = 2300;

export const PRICE_LINES = [
  {
    code: 'active_listing',
    description: 'Active listings (per listing, per month)',
    unitPriceCents: ACTIVE_LISTING_MONTH_CENTS,
  },
  {
    code: 'screened_reservation',
    description: 'Screened reservations (per stay, by check-in date)',
    unitPriceCents: SCREENED_RESERVATION_CENTS,
  },
] as const;

export type InvoiceLineCode = (typeof PRICE_LINES)[number]['code'];
export const INVOICE_LINE_CODES = PRICE_LINES.map((line) => line.code);
