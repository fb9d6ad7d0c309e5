// The card number rules the contract states (the test provider's tokenising call checks "Luhn"
// and each brand's length, as Stripe.js does): one implementation, for the card form and for the
// API's test-mode provider, so the two never disagree about which number can be sent. Run-time
// code, unlike the rest of this package: keep it small and free of imports.

/** The brands whose numbers have lengths of their own. */
export type CardNetwork = 'visa' | 'mastercard' | 'amex' | 'discover';

/** The lengths each brand issues its numbers in. */
export const CARD_NUMBER_LENGTHS: Readonly<Record<CardNetwork, readonly number[]>> = {
  amex: [15],
  visa: [13, 16, 19],
  mastercard: [16],
  discover: [16, 19],
};

/** The lengths a number of any other brand (or of one not yet known) may have. */
export const ANY_CARD_NUMBER_LENGTHS: readonly number[] = [12, 13, 14, 15, 16, 17, 18, 19];

const isNetwork = (brand: string): brand is CardNetwork =>
  Object.prototype.hasOwnProperty.call(CARD_NUMBER_LENGTHS, brand);

/** The lengths a number of `brand` may have ('unknown', 'diners' …: any card's). */
export const cardNumberLengths = (brand: string): readonly number[] =>
  isNetwork(brand) ? CARD_NUMBER_LENGTHS[brand] : ANY_CARD_NUMBER_LENGTHS;

/** The Luhn checksum every card number carries; false for anything but digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A number a card of `brand` can carry: one of its lengths, and the Luhn checksum. */
export const isCardNumber = (digits: string, brand: string): boolean =>
  cardNumberLengths(brand).includes(digits.length) && passesLuhn(digits);
