// The detail form's values and what changed. Kept out of redux (STYLE.md): only the save goes
// through the slice.
import { isStaleWrite, type ApiError } from '@hostdash/shared-auth';
import { fieldErrorOf } from '@hostdash/shared-ui';
import type { Listing, ListingChanges } from '../listings/listingsApi';

export interface CustomFieldRow {
  key: string;
  value: string;
}

export interface ListingFormValues {
  nickname: string;
  address: string;
  city: string;
  country: string;
  building_id: string;
  timezone: string;
  check_in_time: string;
  check_out_time: string;
  guest_language: Listing['guest_language'];
  bedrooms: string;
  custom_fields: CustomFieldRow[];
}

export type FormField = keyof ListingFormValues;

export const NO_BUILDING = '';

export function formValues(listing: Listing): ListingFormValues {
  return {
    nickname: listing.nickname,
    address: listing.address,
    city: listing.city,
    country: listing.country,
    building_id: listing.building_id ?? NO_BUILDING,
    timezone: listing.timezone,
    check_in_time: listing.check_in_time,
    check_out_time: listing.check_out_time,
    guest_language: listing.guest_language,
    bedrooms: String(listing.bedrooms),
    custom_fields: Object.entries(listing.custom_fields ?? {}).map(([key, value]) => ({
      key,
      value,
    })),
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const FIELD_KEY = /^[A-Za-z0-9 _-]{1,40}$/;
export const MAX_CUSTOM_FIELDS = 20;

/** Errors to show beside fields; the API checks the same rules and has the last word. */
export function validate(
  values: ListingFormValues,
  timeZones: ReadonlySet<string>,
): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  const required = (field: FormField, label: string, max: number) => {
    const text = String(values[field]).trim();
    if (!text) errors[field] = `${label} is required.`;
    else if (text.length > max) errors[field] = `${label} can be at most ${max} characters.`;
  };
  required('nickname', 'Nickname', 120);
  required('address', 'Address', 200);
  required('city', 'City', 100);
  if (!/^[A-Za-z]{2}$/.test(values.country.trim()))
    errors.country = 'Choose a country from the list.';
  if (timeZones.size > 0 && !timeZones.has(values.timezone))
    errors.timezone = 'Choose a time zone from the list.';
  if (!TIME.test(values.check_in_time)) errors.check_in_time = 'Use a time like 15:00.';
  if (!TIME.test(values.check_out_time)) errors.check_out_time = 'Use a time like 11:00.';
  const bedrooms = Number(values.bedrooms);
  if (!/^\d+$/.test(values.bedrooms) || bedrooms > 50)
    errors.bedrooms = 'Use a whole number from 0 to 50.';
  const keys = values.custom_fields.map((row) => row.key.trim());
  if (values.custom_fields.length > MAX_CUSTOM_FIELDS)
    errors.custom_fields = `At most ${MAX_CUSTOM_FIELDS} custom fields.`;
  else if (keys.some((key) => !FIELD_KEY.test(key)))
    errors.custom_fields = 'Each name needs 1–40 letters, digits, spaces, _ or -.';
  else if (new Set(keys).size !== keys.length)
    errors.custom_fields = 'Each custom field needs its own name.';
  else if (values.custom_fields.some((row) => row.value.length > 500))
    errors.custom_fields = 'A value can be at most 500 characters.';
  return errors;
}

function customFieldsObject(rows: CustomFieldRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row.key.trim(), row.value]));
}

/** The fields whose value differs from the saved listing, in the API's terms. */
export function changesFrom(listing: Listing, values: ListingFormValues): ListingChanges {
  const changes: ListingChanges = {};
  const text = (
    field: 'nickname' | 'address' | 'city' | 'timezone' | 'check_in_time' | 'check_out_time',
  ) => {
    const value = values[field].trim();
    if (value !== listing[field]) changes[field] = value;
  };
  text('nickname');
  text('address');
  text('city');
  text('timezone');
  text('check_in_time');
  text('check_out_time');
  if (values.guest_language !== listing.guest_language)
    changes.guest_language = values.guest_language;
  const country = values.country.trim().toUpperCase();
  if (country !== listing.country) changes.country = country;
  const buildingId = values.building_id === NO_BUILDING ? null : values.building_id;
  if (buildingId !== listing.building_id) changes.building_id = buildingId;
  const bedrooms = Number(values.bedrooms);
  if (bedrooms !== listing.bedrooms) changes.bedrooms = bedrooms;
  const fields = customFieldsObject(values.custom_fields);
  const saved = listing.custom_fields ?? {};
  const same =
    Object.keys(fields).length === Object.keys(saved).length &&
    Object.entries(fields).every(([key, value]) => saved[key] === value);
  if (!same) changes.custom_fields = fields;
  return changes;
}

/** The latest saved version with this person's edits laid over it (after a 409). */
export function rebase(
  latest: Listing,
  values: ListingFormValues,
  edited: ReadonlySet<FormField>,
): ListingFormValues {
  const next = formValues(latest);
  for (const field of edited)
    (next as unknown as Record<FormField, unknown>)[field] = values[field];
  return next;
}

/** Each field as the form labels it, by the API's name for it. */
export const FIELD_LABELS: Readonly<Record<FormField, string>> = {
  nickname: 'Nickname',
  address: 'Address',
  city: 'City',
  country: 'Country',
  building_id: 'Building',
  timezone: 'Time zone',
  check_in_time: 'Check-in from',
  check_out_time: 'Check-out by',
  guest_language: 'Guests’ language',
  bedrooms: 'Bedrooms',
  custom_fields: 'Custom fields',
};

/** How the form labels a custom field's value (the API names it `custom_fields.<name>`). */
export const customFieldValueLabel = (index: number) => `Field ${index + 1} value`;

/** The API's refusal of one of the form's fields, and where the form shows it. */
export type ApiFieldError =
  { field: FormField; message: string } | { field: 'custom_fields'; row: number; message: string };

/**
 * A 400 about a field the form shows, in the form's words ("Field 2 value must be at most 500
 * characters long."), placed under that field (a custom field's value under its own row); null
 * when the refusal is about something else, which the page says as a whole.
 */
export function apiFieldError(
  error: ApiError,
  rows: readonly CustomFieldRow[],
): ApiFieldError | null {
  const rowLabels = Object.fromEntries(
    rows.map((row, index) => [`custom_fields.${row.key.trim()}`, customFieldValueLabel(index)]),
  );
  const refused = fieldErrorOf(error, { ...FIELD_LABELS, ...rowLabels });
  if (!refused) return null;
  if (Object.hasOwn(FIELD_LABELS, refused.field))
    return { field: refused.field as FormField, message: refused.message };
  const row = rows.findIndex(
    (candidate) => `custom_fields.${candidate.key.trim()}` === refused.field,
  );
  return { field: 'custom_fields', row, message: refused.message };
}

/**
 * Whether the form itself shows this failed save (a refused field under that field, a stale write
 * in its notice), so that nothing else says it again.
 */
export function saveErrorShownInForm(error: ApiError, changes: ListingChanges): boolean {
  const rows = Object.keys(changes.custom_fields ?? {}).map((key) => ({ key, value: '' }));
  return isStaleWrite(error) || apiFieldError(error, rows) !== null;
}
