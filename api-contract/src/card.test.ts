import { cardNumberLengths, isCardNumber, passesLuhn } from './card';

// Stripe's documented test numbers, which the built-in test provider honours too.
const VISA = '4242424242424242';
const DECLINED = '4000000000000002';
const INSUFFICIENT_FUNDS = '4000000000009995';
const AMEX = '378282246310005';
const MASTERCARD = '5555555555554444';

describe('the card number', () => {
  it('passes the Luhn checksum for real test numbers, and fails on one changed digit', () => {
    for (const number of [VISA, DECLINED, INSUFFICIENT_FUNDS, AMEX, MASTERCARD])
      expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242x2424242')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('has one of its brand’s lengths: 15 for an Amex, 12 to 19 for a brand not known', () => {
    expect(isCardNumber(AMEX, 'amex')).toBe(true);
    expect(isCardNumber('37828224631000', 'amex')).toBe(false);
    expect(isCardNumber(VISA, 'visa')).toBe(true);
    expect(cardNumberLengths('mastercard')).toEqual([16]);
    expect(cardNumberLengths('diners')).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
    expect(cardNumberLengths('toString')).toEqual(cardNumberLengths('unknown'));
  });
});
