// The fixed part of the demo data: people, places and words the generator draws from.
import type { Pms } from '../listings/pms';

export const DEMO_PASSWORD = 'hostdash-demo';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export interface SeedAccount {
  key: string;
  name: string;
  stripeCustomerId: string | null;
  createdDaysAgo: number;
}

// Olivia's account comes first: it is account 1, and her buildings start at building 1.
export const ACCOUNTS: SeedAccount[] = [
  { key: 'hart', name: 'Hart Stays', stripeCustomerId: 'cus_demo_olivia', createdDaysAgo: 720 },
  { key: 'staff', name: 'Hostdash', stripeCustomerId: null, createdDaysAgo: 1100 },
  {
    key: 'costa',
    name: 'Costa Lisbon Homes',
    stripeCustomerId: 'cus_demo_ines',
    createdDaysAgo: 310,
  },
  {
    key: 'becker',
    name: 'Becker Lake Rentals',
    stripeCustomerId: 'cus_demo_tom',
    createdDaysAgo: 540,
  },
  { key: 'okafor', name: 'Okafor Coastal Homes', stripeCustomerId: null, createdDaysAgo: 3 },
];

export interface SeedUser {
  account: string;
  name: string;
  email: string;
  type: 'user' | 'admin' | 'channel';
  subtype: string;
  isActive: boolean;
  totpSecret: string | null;
  createdDaysAgo: number;
}

export const USERS: SeedUser[] = [
  {
    account: 'hart',
    name: 'Olivia Hart',
    email: 'owner@hostdash.test',
    type: 'user',
    subtype: 'owner',
    isActive: true,
    totpSecret: null,
    createdDaysAgo: 720,
  },
  {
    account: 'hart',
    name: 'Marcus Reed',
    email: 'manager@hostdash.test',
    type: 'user',
    subtype: 'manager',
    isActive: true,
    totpSecret: null,
    createdDaysAgo: 410,
  },
  {
    account: 'hart',
    name: 'Diego Alvarez',
    email: 'vendor@hostdash.test',
    type: 'user',
    subtype: 'vendor',
    isActive: true,
    totpSecret: null,
    createdDaysAgo: 190,
  },
  {
    account: 'staff',
    name: 'Priya Shah',
    email: 'admin@hostdash.test',
    type: 'admin',
    subtype: 'admin',
    isActive: true,
    totpSecret: null,
    createdDaysAgo: 1100,
  },
  {
    account: 'costa',
    name: 'Inês Costa',
    email: 'secure@hostdash.test',
    type: 'user',
    subtype: 'owner',
    isActive: true,
    totpSecret: DEMO_TOTP_SECRET,
    createdDaysAgo: 310,
  },
  {
    account: 'becker',
    name: 'Tom Becker',
    email: 'inactive@hostdash.test',
    type: 'user',
    subtype: 'owner',
    isActive: false,
    totpSecret: null,
    createdDaysAgo: 540,
  },
  {
    account: 'okafor',
    name: 'Sam Okafor',
    email: 'newhost@hostdash.test',
    type: 'user',
    subtype: 'owner',
    isActive: true,
    totpSecret: null,
    createdDaysAgo: 3,
  },
];

export interface SeedBuilding {
  name: string;
  slug: string;
  street: string;
  city: string;
  country: string;
  timezone: string;
  pms: Pms;
  units: number;
  /** Words hosts put in nicknames for this building. */
  views: string[];
  /** The building's house times ("HH:MM"); a few units differ. */
  checkIn: string;
  checkOut: string;
  /** Custom fields most of its listings carry; `{unit}` is the unit label, `{space}` a parking space. */
  customFields: Record<string, string>;
}

export const HART_BUILDINGS: SeedBuilding[] = [
  {
    name: 'Marina Lofts',
    slug: 'marina-lofts',
    street: '1800 Bay Road',
    city: 'Miami Beach',
    country: 'US',
    timezone: 'America/New_York',
    pms: 'guesty',
    units: 18,
    views: ['Bay View', 'Marina View', 'Sunset Deck', 'Skyline'],
    checkIn: '16:00',
    checkOut: '11:00',
    customFields: {
      wifi_network: 'Marina-Guest',
      parking: 'Space {space}, level -1',
      door_code_policy: 'Sent on arrival day',
    },
  },
  {
    name: 'Alfama Terraces',
    slug: 'alfama-terraces',
    street: 'Rua de São Miguel 42',
    city: 'Lisbon',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    pms: 'hostaway',
    units: 12,
    views: ['River Terrace', 'Tile Balcony', 'Castle View', 'Fado Corner'],
    checkIn: '15:00',
    checkOut: '11:00',
    customFields: {
      wifi_network: 'Alfama-{unit}',
      luggage: 'Drop bags at the café on the ground floor until 15:00',
    },
  },
  {
    name: 'Chiado Residences',
    slug: 'chiado-residences',
    street: 'Rua Garrett 78',
    city: 'Lisbon',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    pms: 'hostaway',
    units: 14,
    views: ['Opera Loft', 'Bright Corner', 'Rooftop', 'Classic'],
    checkIn: '15:00',
    checkOut: '11:00',
    customFields: {
      wifi_network: 'Chiado-Residences',
      lift: 'Small lift: 2 people with luggage',
      door_code_policy: 'Sent on arrival day',
    },
  },
  {
    name: 'Ribeira Riverside',
    slug: 'ribeira-riverside',
    street: 'Cais da Ribeira 15',
    city: 'Porto',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    pms: 'cloudbeds',
    units: 14,
    views: ['Douro View', 'Bridge View', 'Wine Cellar', 'Quayside'],
    checkIn: '15:00',
    checkOut: '10:00',
    customFields: {
      wifi_network: 'Ribeira-{unit}',
      parking: 'Public garage at Rua da Alfândega, 5 minutes on foot',
    },
  },
  {
    name: 'Gràcia Courtyard',
    slug: 'gracia-courtyard',
    street: 'Carrer de Verdi 31',
    city: 'Barcelona',
    country: 'ES',
    timezone: 'Europe/Madrid',
    pms: 'rentalsunited',
    units: 12,
    views: ['Patio', 'Plaça View', 'Quiet Garden', 'Artist Loft'],
    checkIn: '16:00',
    checkOut: '11:00',
    customFields: {
      wifi_network: 'Gracia-Patio',
      quiet_hours: '22:00 to 08:00 (courtyard neighbours)',
    },
  },
  {
    name: 'Eixample Modern',
    slug: 'eixample-modern',
    street: 'Carrer de Mallorca 245',
    city: 'Barcelona',
    country: 'ES',
    timezone: 'Europe/Madrid',
    pms: 'rentalsunited',
    units: 16,
    views: ['Gaudí View', 'Balcony', 'Modernist', 'Chamfer Corner'],
    checkIn: '15:00',
    checkOut: '11:00',
    customFields: {
      wifi_network: 'Eixample-{unit}',
      tourist_licence: 'HUTB-0{space}1',
      door_code_policy: 'Sent after ID verification',
    },
  },
  {
    name: 'South Congress Flats',
    slug: 'south-congress-flats',
    street: '1600 S Congress Ave',
    city: 'Austin',
    country: 'US',
    timezone: 'America/Chicago',
    pms: 'smartbnb',
    units: 14,
    views: ['Capitol View', 'Live Music', 'Pool Side', 'Porch'],
    checkIn: '16:00',
    checkOut: '10:00',
    customFields: {
      wifi_network: 'SoCo-Guest',
      parking: 'Space {space}, garage behind the building',
      pool: 'Open 8:00 to 22:00',
    },
  },
  {
    name: 'Wynwood Studios',
    slug: 'wynwood-studios',
    street: '2520 NW 2nd Ave',
    city: 'Miami',
    country: 'US',
    timezone: 'America/New_York',
    pms: 'guesty',
    units: 12,
    views: ['Mural View', 'Gallery Loft', 'Courtyard', 'Industrial'],
    checkIn: '15:00',
    checkOut: '11:00',
    customFields: {
      wifi_network: 'Wynwood-{unit}',
      parking: 'Street parking only',
      front_desk: 'Staffed 7:00 to 23:00',
    },
  },
];

export interface SeedHouse {
  nickname: string;
  address: string;
  city: string;
  country: string;
  timezone: string;
  pms: Pms;
  bedrooms: number;
}

// Olivia's listings outside any building.
export const HART_HOUSES: SeedHouse[] = [
  {
    nickname: 'Sintra Hillside Villa',
    address: 'Rua Visconde de Monserrate 12',
    city: 'Sintra',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    pms: 'beds24',
    bedrooms: 4,
  },
  {
    nickname: 'Cascais Beach House',
    address: 'Avenida Rei Humberto II de Itália 301',
    city: 'Cascais',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    pms: 'beds24',
    bedrooms: 3,
  },
  {
    nickname: 'Comporta Pine Cabin',
    address: 'Rua dos Pescadores 7',
    city: 'Comporta',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    pms: 'hostfully',
    bedrooms: 2,
  },
  {
    nickname: 'Douro Valley Quinta',
    address: 'Estrada Nacional 222, km 14',
    city: 'Peso da Régua',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    pms: 'hostfully',
    bedrooms: 5,
  },
  {
    nickname: 'Sitges Seafront Flat',
    address: 'Passeig de la Ribera 48',
    city: 'Sitges',
    country: 'ES',
    timezone: 'Europe/Madrid',
    pms: 'rentalsunited',
    bedrooms: 2,
  },
  {
    nickname: 'Coconut Grove Bungalow',
    address: '3340 Main Highway',
    city: 'Miami',
    country: 'US',
    timezone: 'America/New_York',
    pms: 'guesty',
    bedrooms: 2,
  },
  {
    nickname: 'Key Biscayne Cottage',
    address: '220 Harbor Drive',
    city: 'Key Biscayne',
    country: 'US',
    timezone: 'America/New_York',
    pms: 'guesty',
    bedrooms: 3,
  },
  {
    nickname: 'Lake Travis Retreat',
    address: '18900 Lakeview Circle',
    city: 'Spicewood',
    country: 'US',
    timezone: 'America/Chicago',
    pms: 'smartbnb',
    bedrooms: 4,
  },
];

export const OTHER_HOUSES: Record<string, SeedHouse[]> = {
  okafor: [
    {
      nickname: 'Lagos Marina Apartment',
      address: 'Rua da Marina 21',
      city: 'Lagos',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      pms: 'hostaway',
      bedrooms: 2,
    },
    {
      nickname: 'Praia da Luz Villa',
      address: 'Rua da Calheta 9',
      city: 'Praia da Luz',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      pms: 'hostaway',
      bedrooms: 3,
    },
    {
      nickname: 'Faro Old Town Studio',
      address: 'Rua do Castelo 5',
      city: 'Faro',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      pms: 'hostaway',
      bedrooms: 0,
    },
  ],
  costa: [
    {
      nickname: 'Príncipe Real Loft',
      address: 'Rua da Escola Politécnica 115',
      city: 'Lisbon',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      pms: 'guesty',
      bedrooms: 1,
    },
    {
      nickname: 'Belém Riverside Flat',
      address: 'Rua de Belém 84',
      city: 'Lisbon',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      pms: 'guesty',
      bedrooms: 2,
    },
    {
      nickname: 'Graça Viewpoint Home',
      address: 'Calçada da Graça 18',
      city: 'Lisbon',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      pms: 'guesty',
      bedrooms: 3,
    },
    {
      nickname: 'Campo de Ourique Studio',
      address: 'Rua Ferreira Borges 52',
      city: 'Lisbon',
      country: 'PT',
      timezone: 'Europe/Lisbon',
      pms: 'guesty',
      bedrooms: 0,
    },
  ],
  becker: [
    {
      nickname: 'Lake Geneva Boathouse',
      address: '41 Lakeshore Drive',
      city: 'Lake Geneva',
      country: 'US',
      timezone: 'America/Chicago',
      pms: 'trackhs',
      bedrooms: 2,
    },
    {
      nickname: 'Lake Geneva Cabin',
      address: '77 Timber Lane',
      city: 'Lake Geneva',
      country: 'US',
      timezone: 'America/Chicago',
      pms: 'trackhs',
      bedrooms: 3,
    },
  ],
};

export const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Sofia',
  'Noah',
  'Mia',
  'Lucas',
  'Chloe',
  'Mateo',
  'Hannah',
  'Leon',
  'Ava',
  'Ethan',
  'Laura',
  'Tiago',
  'Beatriz',
  'João',
  'Marta',
  'Pablo',
  'Lucía',
  'Javier',
  'Camille',
  'Hugo',
  'Léa',
  'Jonas',
  'Anna',
  'Felix',
  'Giulia',
  'Marco',
  'Aisha',
  'Omar',
  'Yuki',
  'Hiro',
  'Mei',
  'Wei',
  'Priya',
  'Arjun',
  'Chidi',
  'Amara',
  'Sean',
  'Niamh',
  'Olga',
  'Ivan',
  'Zoe',
  'Daniel',
  'Grace',
  'Samuel',
  'Isabel',
  'Rafael',
  'Nora',
  'Elias',
];

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Martinez',
  'Rodriguez',
  'Silva',
  'Santos',
  'Ferreira',
  'Pereira',
  'Oliveira',
  'Fernández',
  'López',
  'Moreno',
  'Dubois',
  'Martin',
  'Bernard',
  'Müller',
  'Schmidt',
  'Fischer',
  'Weber',
  'Rossi',
  'Bianchi',
  'Romano',
  'Khan',
  'Patel',
  'Sharma',
  'Tanaka',
  'Sato',
  'Kim',
  'Park',
  'Chen',
  'Wang',
  'Nguyen',
  'Okafor',
  'Adeyemi',
  "O'Brien",
  'Murphy',
  'Kowalski',
  'Nowak',
  'Ivanova',
  'Jensen',
  'Larsen',
  'Andersson',
  'Cohen',
  'Levi',
  'Haddad',
  'Costa',
  'Walsh',
];

export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com'];

/** Country calling code and a pattern of 9 digits, by guest origin. */
export const PHONE_FORMATS: ReadonlyArray<readonly [string, number]> = [
  ['+1 ### 555 ####', 5],
  ['+44 7### ######', 2],
  ['+351 9## ### ###', 2],
  ['+34 6## ### ###', 2],
  ['+33 6 ## ## ## ##', 1],
  ['+49 15# #######', 1],
  ['+39 3## ### ####', 1],
];

export const GUEST_MESSAGES: ReadonlyArray<readonly [string | null, number]> = [
  [null, 60],
  ["Hi! We're arriving around 10pm, is a late check-in OK?", 6],
  ['Could we drop our bags off before check-in?', 5],
  ["We're celebrating our anniversary, any restaurant tips nearby?", 4],
  ['Is there parking close to the apartment?', 4],
  ['Travelling with a baby: is a cot available?', 3],
  ['Our flight lands at 7am, any chance of an early check-in?', 3],
  ['Is the place OK for working remotely? Need a good desk and wifi.', 3],
  ['Planning a birthday party for about 20 friends, hope that is fine!', 1],
  ['Booking for my cousin, I will not be staying myself.', 1],
];

export const NOTIFICATIONS: Record<
  string,
  ReadonlyArray<{ title: string; body: string; hoursAgo: number; link: string | null }>
> = {
  'owner@hostdash.test': [
    {
      title: 'Import from Guesty finished',
      body: '30 listings and their upcoming reservations are now in Hostdash.',
      hoursAgo: 190,
      link: '/listings',
    },
    {
      title: 'Card ending 4242 expires at the end of the month',
      body: 'Replace it in Billing before then to keep screening guests without interruption.',
      hoursAgo: 72,
      link: '/billing',
    },
    {
      title: 'A guest was declined at Marina Lofts',
      body: 'The ID uploaded for an upcoming stay did not match the selfie. Review the reservation on Risks before the guest arrives.',
      hoursAgo: 20,
      link: '/risks',
    },
    {
      title: 'Risk tolerance updated',
      body: 'Olivia Hart changed the risk tolerance from Strict to Balanced.',
      hoursAgo: 6,
      link: '/protect',
    },
    // The arrivals notice is written from the data (seed.ts): it is the newest.
  ],
  'manager@hostdash.test': [
    {
      title: 'Welcome to Hart Stays on Hostdash',
      body: 'Olivia Hart added you as a manager. You can see every listing and reservation of the account.',
      hoursAgo: 9800,
      link: '/listings',
    },
    {
      title: 'Verification needs a review',
      body: 'A guest arriving this week uploaded an ID that needs a manual check.',
      hoursAgo: 30,
      link: '/risks',
    },
  ],
  'vendor@hostdash.test': [
    {
      title: 'You have access to Marina Lofts',
      body: 'Olivia Hart granted you the front-desk view of Marina Lofts.',
      hoursAgo: 4500,
      // `:hart` is the account's id, known once it is written (seed.ts).
      link: '/building/:hart/marina-lofts',
    },
    {
      title: 'You have access to Wynwood Studios',
      body: 'Olivia Hart granted you the front-desk view of Wynwood Studios. Both buildings are under Buildings.',
      hoursAgo: 900,
      link: '/building/:hart/wynwood-studios',
    },
  ],
  'newhost@hostdash.test': [
    {
      title: 'Welcome to Hostdash',
      body: 'Add a payment method in Billing to start screening your guests.',
      hoursAgo: 70,
      link: '/billing',
    },
  ],
  'secure@hostdash.test': [
    {
      title: 'Two-step sign-in is on',
      body: 'Signing in now asks for a code from your authenticator app.',
      hoursAgo: 7000,
      link: null,
    },
  ],
};

/** House times of listings outside a building ("HH:MM"), by weight. */
export const HOUSE_CHECK_IN_TIMES: ReadonlyArray<readonly [string, number]> = [
  ['15:00', 6],
  ['16:00', 3],
  ['14:00', 1],
];
export const HOUSE_CHECK_OUT_TIMES: ReadonlyArray<readonly [string, number]> = [
  ['11:00', 6],
  ['10:00', 3],
  ['12:00', 1],
];

/** Custom fields a host adds to a house (some of them, on some houses). */
export const HOUSE_CUSTOM_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['key_box', 'Left of the front door; code sent on arrival day'],
  ['parking', 'Driveway, room for two cars'],
  ['door_code_policy', 'Sent on arrival day'],
  ['pool_heating', 'On request, 2 days notice'],
  ['bins', 'Collected Tuesday and Friday mornings'],
];

/** Where guests come from (city, ISO country), for the "local guest" factor and the guest portal. */
export const GUEST_HOMES: ReadonlyArray<readonly [string, string]> = [
  ['New York', 'US'],
  ['Chicago', 'US'],
  ['Boston', 'US'],
  ['Los Angeles', 'US'],
  ['Toronto', 'CA'],
  ['London', 'GB'],
  ['Manchester', 'GB'],
  ['Dublin', 'IE'],
  ['Paris', 'FR'],
  ['Lyon', 'FR'],
  ['Berlin', 'DE'],
  ['Munich', 'DE'],
  ['Madrid', 'ES'],
  ['Valencia', 'ES'],
  ['Porto', 'PT'],
  ['Lisbon', 'PT'],
  ['Rome', 'IT'],
  ['Milan', 'IT'],
  ['Amsterdam', 'NL'],
  ['Copenhagen', 'DK'],
  ['Stockholm', 'SE'],
  ['Warsaw', 'PL'],
  ['Tokyo', 'JP'],
  ['Seoul', 'KR'],
  ['Sydney', 'AU'],
  ['São Paulo', 'BR'],
  ['Mexico City', 'MX'],
  ['Lagos', 'NG'],
];

/** Messages that trip the party-words factor (a few of the seeded stays carry one). */
export const PARTY_MESSAGES: readonly string[] = [
  "Hi! Coming for my best friend's bachelor weekend, 8 of us. Is there a speaker we can use?",
  "It's my sister's hen do, we'll be out most nights but might have drinks at the flat.",
  'Stag weekend with the lads, we promise to keep it down after 11.',
  'Celebrating my 21st with a few friends, is it OK if we have a small gathering?',
  'We have a DJ friend joining for the evening, hope the neighbours are fine with some music.',
  'In town for my graduation, family is coming over for dinner after the ceremony.',
  'Hosting a birthday dinner for about 12 people, is there enough seating?',
  'We are throwing a surprise party on Saturday night, can we decorate the living room?',
  'Here for an event at the convention centre, a couple of colleagues may drop by.',
  'Going to a rave nearby, we might be back late. Is self check-in available?',
];

/** What a host writes when they change a verification by hand. */
export const VERIFICATION_NOTES: readonly (string | null)[] = [
  'Checked the ID against the booking name: matches.',
  'Selfie and ID photo match; the glare hid the expiry date, now readable.',
  'Called the guest, confirmed the arrival time and the party size.',
  null,
  'Guest re-uploaded a clearer photo of the ID.',
  'Name on the ID does not match the booking and the guest did not answer.',
  null,
  'Verified with the channel: the booking is genuine.',
];
