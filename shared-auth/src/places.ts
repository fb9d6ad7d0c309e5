// Places and rooms as a person reads them (docs/glossary.md): a country is its name ("Portugal"),
// never its code ("PT"), which the API stores and an expert may see beside the name; a listing
// without bedrooms is a studio. Names come from the browser's Intl.DisplayNames, so they need no
// table of our own; the codes a form offers are ISO 3166-1 alpha-2's (and Kosovo's XK), fixed
// here because the browsers' lists of region names also hold old and non-country codes.

/** ISO 3166-1 alpha-2 codes with XK (Kosovo): the countries a form offers. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ' +
  'ZM ZW'
).split(' ');

let regionNames: Intl.DisplayNames | null | undefined;

function displayNames(): Intl.DisplayNames | null {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames;
}

/**
 * A country or region by name: "PT" → "Portugal", "de" → "Germany". A code the browser cannot
 * name (or that is not a code) is shown as it came, upper case; nothing gives "".
 */
export function countryName(code: string | null | undefined): string {
  const value = code?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(value)) return value;
  try {
    return displayNames()?.of(value) ?? value;
  } catch {
    return value;
  }
}

/** The countries a form offers, by name in alphabetical order, each with the code it stores. */
export function countryOptions(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
}

/** A place as a person reads it: "Lisbon, Portugal"; the parts present, or "" for none. */
export function placeName(city: string | null | undefined, country: string | null | undefined) {
  return [city?.trim(), countryName(country)].filter(Boolean).join(', ');
}

/** What a listing's bedrooms are in a column or a fact headed "Bedrooms": "Studio" for none. */
export function bedroomsOf(count: number): string {
  return count === 0 ? 'Studio' : String(count);
}

/** A listing's bedrooms in a sentence: "Studio", "1 bedroom", "3 bedrooms". */
export function bedroomsInWords(count: number): string {
  if (count === 0) return 'Studio';
  return `${count} ${count === 1 ? 'bedroom' : 'bedrooms'}`;
}
