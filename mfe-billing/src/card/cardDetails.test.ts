import {
  brandOf,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  parseExpiry,
} from './cardDetails';

// Stripe's documented test numbers, which the built-in test provider honours too.
const VISA = '4242 4242 4242 4242';
const AMEX = '3782 822463 10005';

describe('the card number', () => {
  it('knows the brand from the first digits', () => {
    expect(brandOf('4')).toBe('visa');
    expect(brandOf('37')).toBe('amex');
    expect(brandOf('5555')).toBe('mastercard');
    expect(brandOf('2221 00')).toBe('mastercard');
    expect(brandOf('6011')).toBe('discover');
    expect(brandOf('9')).toBe('unknown');
  });

  it('groups the digits as the card shows them', () => {
    expect(formatCardNumber('4242424242424242')).toBe(VISA);
    expect(formatCardNumber('378282246310005')).toBe(AMEX);
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('4242 4242 4242 4242 4242 42')).toBe('4242 4242 4242 4242 424');
  });

  it('says what to fix: empty, letters, too short, a typo', () => {
    expect(cardNumberError(VISA)).toBeNull();
    expect(cardNumberError(AMEX)).toBeNull();
    expect(cardNumberError('')).toBe('Enter the card number.');
    expect(cardNumberError('4242 abcd')).toBe('A card number has digits only.');
    expect(cardNumberError('4242 4242')).toMatch(/not complete or has a typo/);
    expect(cardNumberError('4242 4242 4242 4241')).toMatch(/not complete or has a typo/);
    // An Amex is 15 digits: a 16-digit number starting 37 is not one.
    expect(cardNumberError('3782 8224 6310 0052')).toMatch(/not complete/);
  });
});

describe('the expiry date', () => {
  const today = new Date(2026, 10, 25); // 25 Nov 2026

  it('reads MM / YY and MM/YYYY', () => {
    expect(parseExpiry('04 / 29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('4/2029')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('0429')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('13 / 29')).toBeNull();
    expect(parseExpiry('April')).toBeNull();
  });

  it('accepts a card until its month is over, refuses an expired one', () => {
    expect(expiryError('11 / 26', today)).toBeNull();
    expect(expiryError('10 / 26', today)).toBe(
      'This card has expired. Use a card that is still valid.',
    );
    expect(expiryError('', today)).toBe('Enter the expiry date (MM / YY).');
    expect(expiryError('1', today)).toMatch(/MM \/ YY/);
    expect(expiryError('12 / 2099', today)).toMatch(/too far ahead/);
  });
});

describe('the security code', () => {
  it('is 3 digits, or 4 on an Amex', () => {
    expect(cvcError('123', VISA)).toBeNull();
    expect(cvcError('1234', AMEX)).toBeNull();
    expect(cvcError('1234', VISA)).toBe(
      'The security code is the 3 digits on the back of your card.',
    );
    expect(cvcError('123', AMEX)).toBe(
      'The security code is the 4 digits on the front of your card.',
    );
    expect(cvcError('12a', VISA)).toMatch(/3 digits/);
    expect(cvcError('', VISA)).toBe('Enter the security code.');
  });
});
