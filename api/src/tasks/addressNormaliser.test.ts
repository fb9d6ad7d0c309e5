import { signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';
import { AddressError, normaliseAddress, type AddressComponents } from './addressNormaliser';

const parts = (
  line1: string,
  line2: string | null,
  city: string | null,
  postal_code: string | null,
  country: string | null,
  region: string | null = null,
): AddressComponents => ({ line1, line2, city, region, postal_code, country });

describe('normaliseAddress', () => {
  it.each<[string, string, string, AddressComponents]>([
    [
      'Portugal: spaces, empty parts, a floor and a country code',
      '  rua garrett  78 ,, 3º esq,1200-204   lisboa , PT ',
      'Rua Garrett 78, 3º Esq, 1200-204 Lisboa, PT',
      parts('Rua Garrett 78', '3º Esq', 'Lisboa', '1200-204', 'PT'),
    ],
    [
      'Portugal: one line, no commas, connectors stay lower case',
      'RUA DE SÃO MIGUEL 42 1100-544 LISBOA PORTUGAL',
      'Rua de São Miguel 42, 1100-544 Lisboa, PT',
      parts('Rua de São Miguel 42', null, 'Lisboa', '1100-544', 'PT'),
    ],
    [
      'United States: street directions, apartment, state and ZIP',
      '1800 bay road apt 4b, miami beach, fl 33139',
      '1800 Bay Road, Apt 4B, Miami Beach, FL 33139, US',
      parts('1800 Bay Road', 'Apt 4B', 'Miami Beach', '33139', 'US', 'FL'),
    ],
    [
      'United States: a house number that looks like a ZIP, a state on its own, the country by name',
      '18900 lakeview circle, spicewood, TX, united states',
      '18900 Lakeview Circle, Spicewood, TX, US',
      parts('18900 Lakeview Circle', null, 'Spicewood', null, 'US', 'TX'),
    ],
    [
      'United States: NW and 2nd',
      '2520 nw 2nd ave , Miami,FL 33127 , USA',
      '2520 NW 2nd Ave, Miami, FL 33127, US',
      parts('2520 NW 2nd Ave', null, 'Miami', '33127', 'US', 'FL'),
    ],
    [
      'United Kingdom: flat first, postcode without its space, country by name',
      'flat 3, 10 downing st, london sw1a2aa, united kingdom',
      '10 Downing St, Flat 3, London SW1A 2AA, GB',
      parts('10 Downing St', 'Flat 3', 'London', 'SW1A 2AA', 'GB'),
    ],
    [
      'Spain: a Catalan floor and door, the country in Spanish',
      'carrer de verdi 31, 2n 1a , 08012 barcelona, España',
      'Carrer de Verdi 31, 2N 1A, 08012 Barcelona, ES',
      parts('Carrer de Verdi 31', '2N 1A', 'Barcelona', '08012', 'ES'),
    ],
    [
      'Germany: shouting fixed, postcode before the city',
      'HAUPTSTRASSE 5 , 10115 berlin,deutschland',
      'Hauptstrasse 5, 10115 Berlin, DE',
      parts('Hauptstrasse 5', null, 'Berlin', '10115', 'DE'),
    ],
    [
      'France: all on one line with the country name at the end',
      '12 rue de la paix 75002 paris france',
      '12 Rue de la Paix, 75002 Paris, FR',
      parts('12 Rue de la Paix', null, 'Paris', '75002', 'FR'),
    ],
    [
      'Netherlands: a Dutch postcode',
      'prinsengracht 263, 1016 GV amsterdam, netherlands',
      'Prinsengracht 263, 1016 GV Amsterdam, NL',
      parts('Prinsengracht 263', null, 'Amsterdam', '1016 GV', 'NL'),
    ],
    [
      'Brazil: dashes as separators, a house number part, a state before the postcode',
      'av. paulista, 1578 - bela vista, são paulo - SP, 01310-200, Brasil',
      'Av. Paulista, 1578, Bela Vista, 01310-200 São Paulo, SP, BR',
      parts('Av. Paulista, 1578', 'Bela Vista', 'São Paulo', '01310-200', 'BR', 'SP'),
    ],
    [
      'Canada: the postcode tells the country',
      '111 wellington st, ottawa ON k1a0a9',
      '111 Wellington St, Ottawa, ON K1A 0A9, CA',
      parts('111 Wellington St', null, 'Ottawa', 'K1A 0A9', 'CA', 'ON'),
    ],
    [
      'Ireland: O’ names and a mixed-case word kept as typed',
      "12 o'connell street, McAllister House, dublin, IE",
      "12 O'Connell Street, McAllister House, Dublin, IE",
      parts("12 O'Connell Street", 'McAllister House', 'Dublin', null, 'IE'),
    ],
  ])('%s', (_name, input, formatted, components) => {
    expect(normaliseAddress(input)).toEqual({ formatted, components, changed: true });
  });

  it('keeps letters such as ß and accents as they are', () => {
    expect(normaliseAddress('schloßstraße 5, 14059 berlin, DE').formatted).toBe(
      'Schloßstraße 5, 14059 Berlin, DE',
    );
    expect(normaliseAddress('calçada da graça 18, 1100-265 lisboa, PT').formatted).toBe(
      'Calçada da Graça 18, 1100-265 Lisboa, PT',
    );
  });

  it('says when nothing changed', () => {
    const tidy = 'Rua Garrett 78, 1200-204 Lisboa, PT';
    expect(normaliseAddress(tidy)).toMatchObject({ formatted: tidy, changed: false });
  });

  it('keeps a street without a city or postcode as line 1', () => {
    expect(normaliseAddress('estrada nacional 222').components).toEqual(
      parts('Estrada Nacional 222', null, null, null, null),
    );
  });

  it('refuses an empty address or one with too few letters', () => {
    expect(() => normaliseAddress('   ')).toThrow(
      new AddressError('Type an address first: it is empty.'),
    );
    expect(() => normaliseAddress('12, 34 ab')).toThrow(/at least 5 letters/);
  });
});

describe('POST /task/address', () => {
  let api: TestApi;
  let sessions: Record<Role, string>;
  beforeAll(async () => {
    api = await startTestApi();
    sessions = await signInRoles(api);
  });
  afterAll(() => api.close());

  it('answers the normalised address to anyone signed in', async () => {
    const response = await api.post(
      '/task/address',
      { address: '1800 bay road,apt 1a, miami beach, FL 33139' },
      sessions.vendor,
    );
    expect(response).toMatchObject({
      status: 200,
      body: {
        formatted: '1800 Bay Road, Apt 1A, Miami Beach, FL 33139, US',
        components: { line1: '1800 Bay Road', line2: 'Apt 1A', postal_code: '33139' },
        changed: true,
      },
    });
  });

  it('explains what is wrong with a bad request', async () => {
    expect((await api.post('/task/address', { address: '' }, sessions.owner)).body).toEqual({
      error: 'invalid_address',
      message: 'Type an address first: it is empty.',
    });
    expect((await api.post('/task/address', { address: '1 a' }, sessions.owner)).body).toEqual({
      error: 'invalid_address',
      message:
        'That does not look like an address: it needs a street and a city (at least 5 letters).',
    });
    expect((await api.post('/task/address', {}, sessions.owner)).body).toMatchObject({
      error: 'invalid_request',
      message: '"address" is required.',
    });
    expect(
      (await api.post('/task/address', { address: 'x'.repeat(501) }, sessions.owner)).status,
    ).toBe(400);
    expect((await api.post('/task/address', { address: 'Rua Garrett 78' })).status).toBe(401);
  });
});
