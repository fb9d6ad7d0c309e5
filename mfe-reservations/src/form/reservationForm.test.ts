import {
  changesFrom,
  emptyForm,
  formFromReservation,
  nightsBetween,
  toInput,
  validate,
} from './reservationForm';
import type { Reservation } from '../reservations/reservationsApi';

const valid = () => ({
  ...emptyForm(),
  listing: { id: '5', nickname: 'Marina Lofts 2B', detail: '' },
  guest_name: 'Amara Okafor',
  guest_email: 'amara@example.com',
  check_in_date: '2026-12-04',
  check_out_date: '2026-12-07',
});

describe('the reservation form', () => {
  it('accepts a complete stay and sends it in the API terms', () => {
    expect(validate(valid())).toEqual({});
    expect(toInput({ ...valid(), guest_country: 'us', guest_phone: ' ' })).toEqual({
      listing_id: '5',
      guest_name: 'Amara Okafor',
      guest_email: 'amara@example.com',
      guest_phone: undefined,
      guest_city: undefined,
      guest_country: 'US',
      guests: 2,
      check_in_date: '2026-12-04',
      check_out_date: '2026-12-07',
      source: 'direct',
      status: 'CONFIRMED',
      message: undefined,
    });
  });

  it('says what is wrong with each field', () => {
    expect(
      validate({
        ...emptyForm(),
        guests: '0',
        guest_phone: 'call me',
        check_in_date: '2026-12-07',
        check_out_date: '2026-12-07',
      }),
    ).toEqual({
      listing: 'Choose the listing.',
      guest_name: "The guest's name is required.",
      guest_email: 'Enter an email address like guest@example.com.',
      guest_phone: 'Use digits, spaces, +, - or brackets (6 to 20 digits).',
      guests: 'From 1 to 30 guests.',
      check_out_date: 'Check-out must be after check-in.',
    });
    expect(validate({ ...valid(), check_out_date: '2028-01-01' }).check_out_date).toBe(
      'At most 365 nights.',
    );
  });

  it('counts nights across a change of clocks', () => {
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('sends only what changed on an edit', () => {
    const saved = {
      id: '9',
      listing: { id: '5', nickname: 'Marina Lofts 2B', address: 'a', city: 'Lisbon' },
      guest_name: 'Amara Okafor',
      guest_email: 'amara@example.com',
      guest_phone: null,
      guest_city: 'Lagos',
      guest_country: 'NG',
      guests: 2,
      check_in_date: '2026-12-04',
      check_out_date: '2026-12-07',
      source: 'airbnb',
      status: 'CONFIRMED',
      message: null,
    } as unknown as Reservation;
    expect(
      changesFrom(saved, {
        ...formFromReservation(saved),
        guests: '3',
        check_out_date: '2026-12-08',
      }),
    ).toEqual({ guests: 3, check_out_date: '2026-12-08' });
  });
});
