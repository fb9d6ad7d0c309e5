import type { Listing } from '../listings/listingsApi';
import { changesFrom, formValues, rebase, validate } from './listingForm';

const listing: Listing = {
  id: '5',
  account_id: '1',
  nickname: 'Marina Lofts 2B',
  address: 'Avenida da Marina 12, Apt 2B',
  city: 'Lisbon',
  country: 'PT',
  building_id: '3',
  building: 'Marina Lofts',
  building_slug: 'marina-lofts',
  status: 'active',
  pms: 'guesty',
  timezone: 'Europe/Lisbon',
  bedrooms: 2,
  check_in_time: '15:00',
  check_out_time: '11:00',
  guest_language: 'en',
  custom_fields: { wifi_network: 'Marina-Guest' },
  version: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const zones = new Set(['Europe/Lisbon', 'Europe/Madrid']);

describe('the listing form', () => {
  it('sends only what changed, in the API terms', () => {
    const values = {
      ...formValues(listing),
      nickname: ' Marina Lofts 2B – River ',
      country: 'es',
      building_id: '',
      bedrooms: '3',
    };
    expect(changesFrom(listing, values)).toEqual({
      nickname: 'Marina Lofts 2B – River',
      country: 'ES',
      building_id: null,
      bedrooms: 3,
    });
    expect(changesFrom(listing, formValues(listing))).toEqual({});
  });

  it('sends the whole custom fields object when one changes', () => {
    const values = {
      ...formValues(listing),
      custom_fields: [
        { key: 'wifi_network', value: 'Marina-Guest' },
        { key: 'parking', value: 'Space 14' },
      ],
    };
    expect(changesFrom(listing, values)).toEqual({
      custom_fields: { wifi_network: 'Marina-Guest', parking: 'Space 14' },
    });
  });

  it('explains each bad field', () => {
    const errors = validate(
      {
        ...formValues(listing),
        nickname: ' ',
        country: 'Portugal',
        timezone: 'Mars/Olympus',
        check_in_time: '3pm',
        bedrooms: '2.5',
        custom_fields: [
          { key: 'a', value: '' },
          { key: 'a', value: '' },
        ],
      },
      zones,
    );
    expect(errors).toEqual({
      nickname: 'Nickname is required.',
      country: 'Choose a country from the list.',
      timezone: 'Choose a time zone from the list.',
      check_in_time: 'Use a time like 15:00.',
      bedrooms: 'Use a whole number from 0 to 50.',
      custom_fields: 'Each custom field needs its own name.',
    });
    expect(validate(formValues(listing), zones)).toEqual({});
  });

  it('after a conflict, keeps this person’s edits on top of the latest version', () => {
    const mine = { ...formValues(listing), nickname: 'My new name' };
    const theirs = { ...listing, city: 'Porto', nickname: 'Their name', version: 5 };
    const rebased = rebase(theirs, mine, new Set(['nickname'] as const));
    expect(rebased).toMatchObject({ nickname: 'My new name', city: 'Porto' });
    expect(changesFrom(theirs, rebased)).toEqual({ nickname: 'My new name' });
  });
});
