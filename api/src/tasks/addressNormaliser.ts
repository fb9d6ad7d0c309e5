// A rule-based address normaliser (no network, no geocoding): tidies what a host typed or a PMS
// sent, and splits it into components. It trims and collapses spaces and commas; title-cases street
// and city words (keeping connectors like "de", "da", "van" in lower case, and unit designators'
// identifiers, directions and postcodes in upper case); recognises a trailing ISO country code or
// a common country name; and finds the postcode by the shape it has in that country.
import type { NormalisedAddress } from '../reservations/reservationSchemas';

export type { NormalisedAddress };
export type AddressComponents = NormalisedAddress['components'];

/** The input cannot be an address (a 400 with this message). */
export class AddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressError';
  }
}

export const MIN_LETTERS = 5;

// prettier-ignore
const ISO_CODES = new Set(
  ('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
   'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
   'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
   'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
   'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
   'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
   'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '),
);

/** Common names (English and local) → ISO code. Keys are lower case, without dots. */
const COUNTRY_NAMES: Record<string, string> = {
  portugal: 'PT',
  spain: 'ES',
  españa: 'ES',
  espana: 'ES',
  france: 'FR',
  germany: 'DE',
  deutschland: 'DE',
  italy: 'IT',
  italia: 'IT',
  'united kingdom': 'GB',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  america: 'US',
  netherlands: 'NL',
  'the netherlands': 'NL',
  holland: 'NL',
  nederland: 'NL',
  belgium: 'BE',
  belgique: 'BE',
  belgië: 'BE',
  switzerland: 'CH',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  austria: 'AT',
  österreich: 'AT',
  ireland: 'IE',
  éire: 'IE',
  canada: 'CA',
  mexico: 'MX',
  méxico: 'MX',
  brazil: 'BR',
  brasil: 'BR',
  argentina: 'AR',
  japan: 'JP',
  australia: 'AU',
  'new zealand': 'NZ',
  denmark: 'DK',
  danmark: 'DK',
  sweden: 'SE',
  sverige: 'SE',
  norway: 'NO',
  norge: 'NO',
  finland: 'FI',
  poland: 'PL',
  polska: 'PL',
  greece: 'GR',
  croatia: 'HR',
  hrvatska: 'HR',
  czechia: 'CZ',
  'czech republic': 'CZ',
  hungary: 'HU',
  luxembourg: 'LU',
  monaco: 'MC',
  morocco: 'MA',
  nigeria: 'NG',
  'south africa': 'ZA',
  india: 'IN',
  china: 'CN',
  'south korea': 'KR',
  turkey: 'TR',
  türkiye: 'TR',
  iceland: 'IS',
};

// prettier-ignore
const REGIONS: Record<string, Set<string>> = {
  US: new Set('AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR'.split(' ')),
  CA: new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ')),
  AU: new Set('NSW VIC QLD WA SA TAS ACT NT'.split(' ')),
  BR: new Set('AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ')),
};

/** Words that stay lower case inside a name ("Rua de São Miguel", "Avenue of the Americas"). */
const CONNECTORS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'del',
  'della',
  'delle',
  'di',
  'du',
  'des',
  'la',
  'le',
  'les',
  'las',
  'los',
  'el',
  'van',
  'der',
  'den',
  'von',
  'y',
  'i',
  'of',
  'the',
  'and',
  'am',
  'an',
  'im',
  'sur',
  'sous',
  'en',
  'upon',
]);
/** Unit and floor designators: the word is title-cased, the identifier after it upper-cased. */
const DESIGNATORS = new Set([
  'apt',
  'apartment',
  'unit',
  'suite',
  'ste',
  'flat',
  'floor',
  'fl',
  'room',
  'rm',
  'piso',
  'andar',
  'planta',
  'porta',
  'puerta',
  'étage',
  'etage',
  'dto',
  'esq',
  'wohnung',
  'app',
  'appt',
]);
const DIRECTIONS = new Set(['n', 's', 'w', 'ne', 'nw', 'se', 'sw']);
const ENGLISH_COUNTRIES = new Set(['US', 'CA', 'AU', 'GB', 'IE', 'NZ']);
const KEEP_UPPER = new Set(['USA', 'UK', 'DC', 'PO', 'NYC', 'UAE', 'BP', 'CEP']);

interface PostcodeShape {
  /** Countries it applies to; it may also tell the country when none was given. */
  countries: string[];
  pattern: RegExp;
  /** The country this shape gives away on its own, if any. */
  implies?: string;
  format(match: RegExpExecArray): { postal: string; region?: string };
}

const POSTCODES: PostcodeShape[] = [
  {
    countries: ['US'],
    pattern: /\b([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)\b/,
    implies: 'US',
    format: (match) => ({ postal: match[2] ?? '', region: (match[1] ?? '').toUpperCase() }),
  },
  {
    countries: ['CA'],
    pattern: /\b(?:([A-Za-z]{2})\s+)?([A-Za-z]\d[A-Za-z])\s?(\d[A-Za-z]\d)\b/,
    implies: 'CA',
    format: (match) => ({
      postal: `${match[2]} ${match[3]}`.toUpperCase(),
      ...(match[1] ? { region: match[1].toUpperCase() } : {}),
    }),
  },
  {
    countries: ['GB'],
    pattern: /\b([A-Za-z]{1,2}\d[A-Za-z\d]?)\s*(\d[A-Za-z]{2})\b/,
    implies: 'GB',
    format: (match) => ({ postal: `${match[1]} ${match[2]}`.toUpperCase() }),
  },
  {
    countries: ['PT'],
    pattern: /\b(\d{4}-\d{3})\b/,
    implies: 'PT',
    format: (match) => ({ postal: match[1] ?? '' }),
  },
  {
    countries: ['BR'],
    pattern: /\b(\d{5}-\d{3})\b/,
    implies: 'BR',
    format: (match) => ({ postal: match[1] ?? '' }),
  },
  {
    countries: ['JP'],
    pattern: /\b(\d{3}-\d{4})\b/,
    implies: 'JP',
    format: (match) => ({ postal: match[1] ?? '' }),
  },
  {
    // Upper-case letters only: "1500 de" in a street name is not a Dutch postcode.
    countries: ['NL'],
    pattern: /\b(\d{4})\s?([A-Z]{2})\b/,
    implies: 'NL',
    format: (match) => ({ postal: `${match[1]} ${match[2]}` }),
  },
  {
    countries: [],
    pattern: /\b(\d{4,5})\b/,
    format: (match) => ({ postal: match[1] ?? '' }),
  },
];

/** A state or province code of the country (or of any country we know, when none is given). */
function regionOf(text: string, country: string | null): string | null {
  if (!/^[A-Za-z]{2,3}$/.test(text)) return null;
  const code = text.toUpperCase();
  if (country) return REGIONS[country]?.has(code) ? code : null;
  return Object.values(REGIONS).some((codes) => codes.has(code)) ? code : null;
}

const lettersIn = (text: string): number => (text.match(/\p{L}/gu) ?? []).length;

function countryOf(text: string): string | null {
  const key = text.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
  if (COUNTRY_NAMES[key]) return COUNTRY_NAMES[key] ?? null;
  if (/^[a-z]{2}$/.test(key) && ISO_CODES.has(key.toUpperCase())) return key.toUpperCase();
  return null;
}

/** "… Lisboa Portugal" → ["… Lisboa", "PT"] (a country name at the end of the last part). */
function trailingCountryName(part: string): [string, string] | null {
  const words = part.split(' ');
  for (let take = Math.min(4, words.length - 1); take >= 1; take -= 1) {
    const tail = words.slice(-take).join(' ');
    const key = tail.toLowerCase().replace(/\./g, '');
    // Only names here: a trailing 2-letter word inside a part is more often a state or a unit.
    if (COUNTRY_NAMES[key] && key.length > 2)
      return [words.slice(0, -take).join(' '), COUNTRY_NAMES[key] ?? ''];
  }
  return null;
}

function titleCasePiece(piece: string): string {
  if (!piece) return piece;
  return (piece[0] ?? '').toLocaleUpperCase('en') + piece.slice(1).toLocaleLowerCase('en');
}

/** One word of a street or city name, in the case it is written in. */
function caseWord(word: string, first: boolean, country: string | null): string {
  const lower = word.toLocaleLowerCase('en');
  const bare = lower.replace(/[.,]/g, '');
  if (/^\d+$/.test(word)) return word;
  if (/^\d+(st|nd|rd|th)$/i.test(word)) return lower;
  if (/\d/.test(word) || word.startsWith('#')) return word.toLocaleUpperCase('en');
  if (DIRECTIONS.has(bare) || (bare === 'e' && (!country || ENGLISH_COUNTRIES.has(country))))
    return word.toLocaleUpperCase('en');
  if (KEEP_UPPER.has(word.replace(/\./g, ''))) return word;
  if (!first && CONNECTORS.has(lower)) return lower;
  const hasUpper = /\p{Lu}/u.test(word);
  const hasLower = /\p{Ll}/u.test(word);
  // Deliberate mixed case ("McAllister", "iPark") is kept as typed.
  if (hasUpper && hasLower && !/^\p{Lu}\p{Ll}+$/u.test(word)) return word;
  return word
    .split('-')
    .map((part, index) => {
      if (index > 0 && CONNECTORS.has(part.toLocaleLowerCase('en')))
        return part.toLocaleLowerCase('en');
      const apostrophe = /^([a-z])['’](.+)$/i.exec(part);
      if (apostrophe) {
        const prefix = (apostrophe[1] ?? '').toLocaleLowerCase('en');
        const rest = titleCasePiece(apostrophe[2] ?? '');
        return prefix === 'o' ? `O'${rest}` : `${prefix}'${rest}`;
      }
      return titleCasePiece(part);
    })
    .join('-');
}

/** A street, unit or city part: each word cased; a designator's identifier upper-cased. */
function caseLine(text: string, country: string | null): string {
  const words = text.split(' ');
  return words
    .map((word, index) => {
      const previous = (words[index - 1] ?? '').toLocaleLowerCase('en').replace(/\.$/, '');
      if (index > 0 && DESIGNATORS.has(previous) && word.length <= 6)
        return word.toLocaleUpperCase('en');
      return caseWord(word, index === 0, country);
    })
    .join(' ');
}

const isDesignatorPart = (part: string): boolean => {
  const first = (part.split(' ')[0] ?? '').toLocaleLowerCase('en').replace(/\.$/, '');
  return DESIGNATORS.has(first) || part.startsWith('#');
};

/** "1800 Bay Road Apt 4B" → ["1800 Bay Road", "Apt 4B"]. */
function splitUnit(part: string): [string, string | null] {
  const words = part.split(' ');
  for (let index = 1; index < words.length - 1; index += 1) {
    const word = (words[index] ?? '').toLocaleLowerCase('en').replace(/\.$/, '');
    const next = words[index + 1] ?? '';
    if ((DESIGNATORS.has(word) && /^[\p{L}\d]{1,6}$/u.test(next)) || word.startsWith('#'))
      return [words.slice(0, index).join(' '), words.slice(index).join(' ')];
  }
  const last = words[words.length - 1] ?? '';
  if (words.length > 1 && /^#\w+$/.test(last)) return [words.slice(0, -1).join(' '), last];
  return [part, null];
}

function findPostcode(
  parts: string[],
  country: string | null,
): {
  index: number;
  start: number;
  end: number;
  postal: string;
  region?: string;
  implies?: string;
} | null {
  const shapes = POSTCODES.filter(
    (shape) =>
      shape.countries.length === 0 ||
      (country ? shape.countries.includes(country) : shape.implies !== undefined),
  );
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index] ?? '';
    for (const shape of shapes) {
      const pattern = new RegExp(shape.pattern.source, shape.pattern.flags.replace('g', '') + 'g');
      let match: RegExpExecArray | null;
      let found: RegExpExecArray | null = null;
      while ((match = pattern.exec(part))) found = match; // the last one in the part
      if (!found) continue;
      // The first number of the first part is the house number, not a postcode.
      if (index === 0 && found.index === 0 && shape.countries.length === 0) continue;
      if (index === 0 && parts.length > 1) continue;
      const usState = shape.implies === 'US' && !REGIONS.US?.has((found[1] ?? '').toUpperCase());
      if (usState) continue;
      const { postal, region } = shape.format(found);
      return {
        index,
        start: found.index,
        end: found.index + found[0].length,
        postal,
        ...(region ? { region } : {}),
        ...(shape.implies ? { implies: shape.implies } : {}),
      };
    }
  }
  return null;
}

const clean = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.;:-]+|[\s,;:-]+$/g, '')
    .trim();

export function normaliseAddress(input: string): NormalisedAddress {
  const text = input.normalize('NFC');
  if (!text.trim()) throw new AddressError('Type an address first: it is empty.');
  if (lettersIn(text) < MIN_LETTERS)
    throw new AddressError(
      `That does not look like an address: it needs a street and a city (at least ${MIN_LETTERS} letters).`,
    );

  let parts = text
    .replace(/[\r\n;|]+/g, ',')
    .replace(/\s[-–—]\s/g, ',')
    .split(',')
    .map(clean)
    .filter(Boolean);

  // The country: a last part that is one, or a country name ending the last part.
  let country: string | null = null;
  const lastPart = parts[parts.length - 1] ?? '';
  // A code alone is read as a country when it is one ("CA" is Canada; "TX" is not a country).
  const asCountry = parts.length > 1 ? countryOf(lastPart) : null;
  if (asCountry) {
    country = asCountry;
    parts = parts.slice(0, -1);
  } else {
    const trailing = trailingCountryName(lastPart);
    if (trailing && trailing[0]) {
      country = trailing[1];
      parts = [...parts.slice(0, -1), clean(trailing[0])];
    }
  }

  // A state or province on its own at the end ("Austin, TX").
  let region: string | null = null;
  const tail = parts[parts.length - 1] ?? '';
  const tailRegion = parts.length > 2 ? regionOf(tail, country) : null;
  if (tailRegion) {
    region = tailRegion;
    country ??=
      Object.keys(REGIONS).find((candidate) => REGIONS[candidate]?.has(tailRegion)) ?? null;
    parts = parts.slice(0, -1);
  }

  // The postcode, and the city beside it (and a state or province between them).
  let postal: string | null = null;
  let city: string | null = null;
  const postcode = findPostcode(parts, country);
  if (postcode) {
    postal = postcode.postal;
    region = postcode.region ?? region;
    if (!country && postcode.implies) country = postcode.implies;
    const part = parts[postcode.index] ?? '';
    const before = clean(part.slice(0, postcode.start));
    const after = clean(part.slice(postcode.end));
    const taken = new Set<number>([postcode.index]);
    if (postcode.index === 0) {
      // Everything on one line: "Rua Garrett 78 1200-204 Lisboa".
      parts[0] = before;
      taken.delete(0);
      city = after || null;
    } else if (before || after) {
      city = clean(`${before} ${after}`);
    } else if (postcode.index + 1 < parts.length) {
      city = parts[postcode.index + 1] ?? null;
      taken.add(postcode.index + 1);
    } else {
      let cityIndex = postcode.index - 1;
      const regionCode = regionOf(parts[cityIndex] ?? '', country);
      if (cityIndex >= 1 && regionCode) {
        region = regionCode;
        taken.add(cityIndex);
        cityIndex -= 1;
      }
      if (cityIndex >= 1) {
        city = parts[cityIndex] ?? null;
        taken.add(cityIndex);
      }
    }
    parts = parts.filter((part, index) => part && !taken.has(index));
  } else if (parts.length > 1) {
    city = parts[parts.length - 1] ?? null;
    parts = parts.slice(0, -1);
  }

  // What is left: the street (line 1) and units, floors, districts (line 2). A part that is only
  // a house number belongs to the street before it ("Av. Paulista, 1578").
  const streets: string[] = [];
  const units: string[] = [];
  for (const part of parts) {
    if (/^\d+[A-Za-z]?$/.test(part) && streets.length === 1 && units.length === 0) {
      streets[0] = `${streets[0]}, ${part}`;
    } else if (isDesignatorPart(part) || streets.length > 0) units.push(part);
    else {
      const [street, unit] = splitUnit(part);
      streets.push(street);
      if (unit) units.push(unit);
    }
  }
  const line1 = caseLine(streets[0] ?? units.shift() ?? '', country);
  const line2 = units.length ? units.map((unit) => caseLine(unit, country)).join(', ') : null;
  const cityCased = city ? caseLine(city, country) : null;

  const components: AddressComponents = {
    line1,
    line2,
    city: cityCased,
    region,
    postal_code: postal,
    country,
  };
  const formatted = formatAddress(components);
  return { formatted, components, changed: formatted !== input };
}

/** One line, in the order the country writes it. */
export function formatAddress(components: AddressComponents): string {
  const { line1, line2, city, region, postal_code: postal, country } = components;
  let place: string;
  if (country && ['US', 'CA', 'AU'].includes(country))
    place = [city, [region, postal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  else if (country && ['GB', 'IE'].includes(country))
    place = [city, postal].filter(Boolean).join(' ');
  else place = [[postal, city].filter(Boolean).join(' '), region].filter(Boolean).join(', ');
  return [line1, line2, place, country].filter(Boolean).join(', ');
}
