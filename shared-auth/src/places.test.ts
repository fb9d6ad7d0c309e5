// Countries read as names and a studio as a studio (issue 33, finding 10): the code stays what
// the API stores, the words are what a person reads.
import {
  bedroomsInWords,
  bedroomsOf,
  COUNTRY_CODES,
  countryName,
  countryOptions,
  placeName,
} from './places';

it('names a country from its code, whatever its case', () => {
  expect(countryName('PT')).toBe('Portugal');
  expect(countryName('de')).toBe('Germany');
  expect(countryName(' us ')).toBe('United States');
});

it('shows what it cannot name as it came, and nothing as nothing', () => {
  expect(countryName('Portugal')).toBe('PORTUGAL');
  expect(countryName('QQ')).toBe('QQ');
  expect(countryName(null)).toBe('');
  expect(countryName(undefined)).toBe('');
  expect(countryName('')).toBe('');
});

it('offers every country by name, sorted, each with the code it stores', () => {
  const options = countryOptions();
  expect(options).toHaveLength(COUNTRY_CODES.length);
  expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
  expect(options).toContainEqual({ code: 'PT', name: 'Portugal' });
  // Every code has a name of its own: none falls back to the code.
  expect(options.filter((option) => option.name === option.code)).toEqual([]);
  const names = options.map((option) => option.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
});

it('says a place with the country’s name', () => {
  expect(placeName('Lisbon', 'PT')).toBe('Lisbon, Portugal');
  expect(placeName('Berlin', null)).toBe('Berlin');
  expect(placeName(null, 'DE')).toBe('Germany');
  expect(placeName(null, null)).toBe('');
});

it('calls a listing without bedrooms a studio', () => {
  expect(bedroomsOf(0)).toBe('Studio');
  expect(bedroomsOf(3)).toBe('3');
  expect(bedroomsInWords(0)).toBe('Studio');
  expect(bedroomsInWords(1)).toBe('1 bedroom');
  expect(bedroomsInWords(2)).toBe('2 bedrooms');
});
