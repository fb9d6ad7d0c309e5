// What the card form checks before anything is sent, as a payment page does: the number by the
// Luhn checksum and its brand's length (the contract's card rules, which the API's test provider
// checks with too), the expiry as a month not yet over, the CVC by the brand's length. Only the
// provider's tokenisation call ever receives these values; the billing endpoints receive its token
// (issue 13). Nothing here keeps or logs them.
import { isCardNumber } from '@hostdash/api-contract';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

interface BrandRule {
  brand: Exclude<CardBrand, 'unknown'>;
  /** Leading digits (IIN ranges), as the brands publish them. */
  prefix: RegExp;
  cvcLength: number;
  /** Where a space goes while typing: 4-4-4-4, or 4-6-5 for Amex. */
  groups: readonly number[];
}

const BRANDS: readonly BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, cvcLength: 4, groups: [4, 6, 5] },
  { brand: 'visa', prefix: /^4/, cvcLength: 3, groups: [4, 4, 4, 4, 3] },
  {
    brand: 'mastercard',
    prefix: /^(5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720))/,
    cvcLength: 3,
    groups: [4, 4, 4, 4],
  },
  {
    brand: 'discover',
    prefix: /^(6011|65|64[4-9])/,
    cvcLength: 3,
    groups: [4, 4, 4, 4, 3],
  },
];

const DEFAULT_GROUPS = [4, 4, 4, 4, 3] as const;

/** The digits of what was typed (spaces and dashes as people type them). */
export const digitsOf = (typed: string): string => typed.replace(/[\s-]/g, '');

const ruleOf = (digits: string): BrandRule | undefined =>
  BRANDS.find((rule) => rule.prefix.test(digits));

/** The brand the leading digits name, as soon as they do. */
export const brandOf = (typed: string): CardBrand => ruleOf(digitsOf(typed))?.brand ?? 'unknown';

/** "4242 4242 4242 4242" while typing; Amex as "3782 822463 10005". */
export function formatCardNumber(typed: string): string {
  const digits = digitsOf(typed).replace(/\D/g, '').slice(0, 19);
  const groups = ruleOf(digits)?.groups ?? DEFAULT_GROUPS;
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** Null when the number can be sent; otherwise what to fix, in words. */
export function cardNumberError(typed: string): string | null {
  const digits = digitsOf(typed);
  if (digits === '') return 'Enter the card number.';
  if (!/^\d+$/.test(digits)) return 'A card number has digits only.';
  if (!isCardNumber(digits, ruleOf(digits)?.brand ?? 'unknown'))
    return 'This card number is not complete or has a typo. Check it against your card.';
  return null;
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** "MM / YY" or "MM/YYYY" as typed, or null when it is not a month and a year. */
export function parseExpiry(typed: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Null when the card is still valid this month (a card works until its month ends). */
export function expiryError(typed: string, today: Date = new Date()): string | null {
  if (typed.trim() === '') return 'Enter the expiry date (MM / YY).';
  const expiry = parseExpiry(typed);
  if (!expiry) return 'Write the expiry date as MM / YY, e.g. 04 / 29.';
  const thisMonth = today.getFullYear() * 12 + today.getMonth();
  const cardMonth = expiry.year * 12 + (expiry.month - 1);
  if (cardMonth < thisMonth) return 'This card has expired. Use a card that is still valid.';
  if (cardMonth > thisMonth + 20 * 12) return 'Check the expiry year: it is too far ahead.';
  return null;
}

/** Null when the CVC fits the card's brand (4 digits on the front of an Amex, 3 on the back of others). */
export function cvcError(typed: string, cardNumber: string): string | null {
  const cvc = typed.trim();
  const length = ruleOf(digitsOf(cardNumber))?.cvcLength ?? 3;
  if (cvc === '') return 'Enter the security code.';
  if (!/^\d+$/.test(cvc) || cvc.length !== length)
    return length === 4
      ? 'The security code is the 4 digits on the front of your card.'
      : 'The security code is the 3 digits on the back of your card.';
  return null;
}
