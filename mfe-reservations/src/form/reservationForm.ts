// The reservation form's values, rules and what to send. Kept out of redux (STYLE.md); the save
// goes through the slice.
import {
  RESERVATION_SOURCES,
  type Reservation,
  type ReservationInput,
  type ReservationSource,
  type ReservationStatus,
} from '../reservations/reservationsApi';

export interface ListingOption {
  id: string;
  nickname: string;
  detail: string;
}

export interface ReservationFormValues {
  listing: ListingOption | null;
  guest_name: string;
  guest_email: string;
  guest_phone: string;
  guest_city: string;
  guest_country: string;
  guests: string;
  check_in_date: string;
  check_out_date: string;
  source: ReservationSource;
  status: ReservationStatus;
  message: string;
}

export type FormField = keyof ReservationFormValues;

export const emptyForm = (): ReservationFormValues => ({
  listing: null,
  guest_name: '',
  guest_email: '',
  guest_phone: '',
  guest_city: '',
  guest_country: '',
  guests: '2',
  check_in_date: '',
  check_out_date: '',
  source: 'direct',
  status: 'CONFIRMED',
  message: '',
});

export function formFromReservation(reservation: Reservation): ReservationFormValues {
  return {
    listing: {
      id: reservation.listing.id,
      nickname: reservation.listing.nickname,
      detail: `${reservation.listing.address}, ${reservation.listing.city}`,
    },
    guest_name: reservation.guest_name,
    guest_email: reservation.guest_email ?? '',
    guest_phone: reservation.guest_phone ?? '',
    guest_city: reservation.guest_city ?? '',
    guest_country: reservation.guest_country ?? '',
    guests: String(reservation.guests),
    check_in_date: reservation.check_in_date,
    check_out_date: reservation.check_out_date,
    source: (RESERVATION_SOURCES as readonly string[]).includes(reservation.source)
      ? (reservation.source as ReservationSource)
      : 'direct',
    status: reservation.status,
    message: reservation.message ?? '',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[\d\s()-]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_NIGHTS = 365;

export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round(
    (Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000,
  );
}

/** The same rules the API applies, to say what is wrong beside each field before sending. */
export function validate(values: ReservationFormValues): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  if (!values.listing) errors.listing = 'Choose the listing.';
  const name = values.guest_name.trim();
  if (!name) errors.guest_name = "The guest's name is required.";
  else if (name.length > 120) errors.guest_name = 'At most 120 characters.';
  if (!EMAIL.test(values.guest_email.trim()))
    errors.guest_email = 'Enter an email address like guest@example.com.';
  const phone = values.guest_phone.trim();
  const digits = phone.replace(/\D/g, '').length;
  if (phone && (!PHONE.test(phone) || digits < 6 || digits > 20))
    errors.guest_phone = 'Use digits, spaces, +, - or brackets (6 to 20 digits).';
  const guests = Number(values.guests);
  if (!/^\d+$/.test(values.guests) || guests < 1 || guests > 30)
    errors.guests = 'From 1 to 30 guests.';
  if (!DATE.test(values.check_in_date)) errors.check_in_date = 'Choose the check-in date.';
  if (!DATE.test(values.check_out_date)) errors.check_out_date = 'Choose the check-out date.';
  else if (DATE.test(values.check_in_date)) {
    const nights = nightsBetween(values.check_in_date, values.check_out_date);
    if (nights < 1) errors.check_out_date = 'Check-out must be after check-in.';
    else if (nights > MAX_NIGHTS) errors.check_out_date = `At most ${MAX_NIGHTS} nights.`;
  }
  if (values.guest_country.trim() && !/^[A-Za-z]{2}$/.test(values.guest_country.trim()))
    errors.guest_country = 'Two letters, e.g. US.';
  if (values.message.length > 2000) errors.message = 'At most 2,000 characters.';
  return errors;
}

export function toInput(values: ReservationFormValues): ReservationInput {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    listing_id: values.listing?.id ?? '',
    guest_name: values.guest_name.trim(),
    guest_email: values.guest_email.trim(),
    guest_phone: optional(values.guest_phone),
    guest_city: optional(values.guest_city),
    guest_country: optional(values.guest_country)?.toUpperCase(),
    guests: Number(values.guests),
    check_in_date: values.check_in_date,
    check_out_date: values.check_out_date,
    source: values.source,
    status: values.status,
    message: optional(values.message),
  };
}

/** For an edit: only the fields that differ from the saved reservation. */
export function changesFrom(
  saved: Reservation,
  values: ReservationFormValues,
): Partial<ReservationInput> {
  const input = toInput(values);
  const before = toInput(formFromReservation(saved));
  return Object.fromEntries(
    (Object.keys(input) as (keyof ReservationInput)[])
      .filter((key) => input[key] !== before[key])
      .map((key) => [key, input[key] ?? null]),
  ) as Partial<ReservationInput>;
}
