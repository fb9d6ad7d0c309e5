// The sandbox (PMS_SANDBOX, on by default outside production): every one of the 18 systems
// accepts its demo credentials and imports a generated, realistic portfolio — the same one each
// time for a system and account — paged like a real system, so the whole onboarding flow works
// offline from `npm start`. The rule for the demo credentials: every field is `sandbox`, except a
// numeric id field (Hostaway's Account ID, Booking.com's Property ID, Stayntouch's Hotel ID),
// which is `100200`; an OAuth system's "authorization" returns the access token `sandbox`.
//
// Over time the sandbox behaves like a live system (issue 31): every `SANDBOX_EVENT_MS` of its
// clock (20 minutes; PMS_SANDBOX_SPEED makes the clock faster) a booking is made or changed, the
// same ones for a system whatever the machine — every 7th a risky one that screens red, and one
// that screens orange. Its `changedReservations` and `reservation` read them; api/src/pms/sync/sandboxWebhooks.ts
// sends them to the API as the system's webhooks.
import { missingCredential, pmsDescriptor } from './descriptors';
import { nextCursor, offsetOf } from './http';
import type {
  CredentialCheck,
  Credentials,
  PmsAdapter,
  PmsConnection,
  PmsDescriptor,
  PmsListing,
  PmsName,
  PmsOAuth,
  PmsPage,
  PmsReservation,
} from './pms';
import { PmsAuthError } from './pms';

export const SANDBOX_ACCOUNT_ID = '100200';
export const SANDBOX_SECRET = 'sandbox';
// Small pages, so even the smallest portfolio (20) comes in steps the progress bar can show.
const LISTINGS_PAGE = 10;
const RESERVATIONS_PAGE = 100;
const DAY_MS = 86_400_000;

/** The demo credentials a system accepts in the sandbox, by field name (shown on the connect page). */
export function sandboxCredentials(name: PmsName): Record<string, string> {
  const descriptor = pmsDescriptor(name);
  if (descriptor.auth === 'oauth') return { accessToken: SANDBOX_SECRET };
  return Object.fromEntries(
    descriptor.fields.map(({ name: field, pattern }) => [
      field,
      pattern && !new RegExp(pattern).test(SANDBOX_SECRET) ? SANDBOX_ACCOUNT_ID : SANDBOX_SECRET,
    ]),
  );
}

/** A small seeded generator (mulberry32 over an FNV-1a hash): the same seed, the same portfolio. */
function generator(seed: string) {
  let state = 0x811c9dc5;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

interface City {
  city: string;
  country: string;
  timezone: string;
  phone: string;
  postcode: string;
  streets: readonly string[];
  buildings: readonly string[];
}

const CITIES: readonly City[] = [
  {
    city: 'Lisbon',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    phone: '+351 91',
    postcode: '1100-',
    streets: ['Rua da Madalena', 'Rua de São Bento', 'Rua do Alecrim', 'Calçada do Combro'],
    buildings: ['Alfama Terraces', 'Chiado Lofts', 'Príncipe Real House'],
  },
  {
    city: 'Porto',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    phone: '+351 93',
    postcode: '4050-',
    streets: ['Rua das Flores', 'Rua de Cedofeita', 'Rua do Almada'],
    buildings: ['Ribeira Suites', 'Flores Apartments'],
  },
  {
    city: 'Barcelona',
    country: 'ES',
    timezone: 'Europe/Madrid',
    phone: '+34 6',
    postcode: '080',
    streets: ['Carrer de Mallorca', 'Carrer del Consell de Cent', 'Carrer de Verdi'],
    buildings: ['Eixample Residences', 'Gràcia Courtyard'],
  },
  {
    city: 'Paris',
    country: 'FR',
    timezone: 'Europe/Paris',
    phone: '+33 6',
    postcode: '7500',
    streets: ['Rue de Bretagne', 'Rue Oberkampf', 'Rue des Martyrs'],
    buildings: ['Le Marais Studios', 'Canal Saint-Martin Flats'],
  },
  {
    city: 'London',
    country: 'GB',
    timezone: 'Europe/London',
    phone: '+44 7',
    postcode: 'E1 ',
    streets: ['Brick Lane', 'Columbia Road', 'Redchurch Street'],
    buildings: ['Shoreditch Works', 'Spitalfields House'],
  },
  {
    city: 'Berlin',
    country: 'DE',
    timezone: 'Europe/Berlin',
    phone: '+49 15',
    postcode: '104',
    streets: ['Oderberger Straße', 'Kastanienallee', 'Weserstraße'],
    buildings: ['Prenzlauer Höfe', 'Neukölln Lofts'],
  },
  {
    city: 'Rome',
    country: 'IT',
    timezone: 'Europe/Rome',
    phone: '+39 3',
    postcode: '0015',
    streets: ['Via della Lungaretta', 'Via Panisperna', 'Via dei Coronari'],
    buildings: ['Trastevere Palazzo', 'Monti Residence'],
  },
  {
    city: 'New York',
    country: 'US',
    timezone: 'America/New_York',
    phone: '+1 212',
    postcode: '1001',
    streets: ['Bedford Avenue', 'Mulberry Street', 'West 4th Street'],
    buildings: ['The Bowery Lofts', 'Greenpoint Terrace'],
  },
  {
    city: 'Austin',
    country: 'US',
    timezone: 'America/Chicago',
    phone: '+1 512',
    postcode: '7870',
    streets: ['South Congress Avenue', 'East 6th Street', 'Rainey Street'],
    buildings: ['SoCo Bungalows', 'Rainey Street Towers'],
  },
  {
    city: 'Denver',
    country: 'US',
    timezone: 'America/Denver',
    phone: '+1 303',
    postcode: '8020',
    streets: ['Larimer Street', 'Tennyson Street'],
    buildings: ['RiNo Lofts', 'Highlands Row'],
  },
  {
    city: 'Los Angeles',
    country: 'US',
    timezone: 'America/Los_Angeles',
    phone: '+1 310',
    postcode: '9029',
    streets: ['Abbot Kinney Boulevard', 'Sunset Boulevard'],
    buildings: ['Venice Canal Homes', 'Silver Lake Courts'],
  },
  {
    city: 'Mexico City',
    country: 'MX',
    timezone: 'America/Mexico_City',
    phone: '+52 55',
    postcode: '0670',
    streets: ['Calle Orizaba', 'Avenida Álvaro Obregón', 'Calle Durango'],
    buildings: ['Roma Norte Casas', 'Condesa Jardín'],
  },
  {
    city: 'Sydney',
    country: 'AU',
    timezone: 'Australia/Sydney',
    phone: '+61 4',
    postcode: '20',
    streets: ['Crown Street', 'Campbell Parade'],
    buildings: ['Surry Hills Terraces', 'Bondi Beach House'],
  },
  {
    city: 'Tokyo',
    country: 'JP',
    timezone: 'Asia/Tokyo',
    phone: '+81 90',
    postcode: '150-00',
    streets: ['Omotesando', 'Kitazawa'],
    buildings: ['Shibuya Stay', 'Shimokita Residence'],
  },
  {
    city: 'Cape Town',
    country: 'ZA',
    timezone: 'Africa/Johannesburg',
    phone: '+27 82',
    postcode: '800',
    streets: ['Bree Street', 'Kloof Street'],
    buildings: ['Bo-Kaap Cottages', 'Gardens Suites'],
  },
];

const KINDS = ['Studio', 'Loft', 'Apartment', 'Flat', 'Suite', 'Penthouse'];
const FIRST = [
  'Ana',
  'João',
  'Sofia',
  'Lucas',
  'Emma',
  'Noah',
  'Mia',
  'Liam',
  'Chloé',
  'Mateo',
  'Yuki',
  'Hannah',
  'Aarav',
  'Olivia',
  'Pierre',
  'Giulia',
  'Kwame',
  'Ingrid',
  'Diego',
  'Fatima',
];
const LAST = [
  'Silva',
  'Müller',
  'García',
  'Smith',
  'Rossi',
  'Dubois',
  'Tanaka',
  'Johnson',
  'Kowalski',
  'Nguyen',
  'Okafor',
  'Larsen',
  'Costa',
  'Patel',
  'Brown',
  'Martin',
  'Fernández',
  'Schmidt',
];
const CHANNELS: ReadonlyArray<readonly [PmsReservation['source'], number]> = [
  ['airbnb', 45],
  ['booking.com', 30],
  ['vrbo', 10],
  ['direct', 15],
];

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The portfolio of one sandbox account: listings, and reservations from 60 days before `today` to 120 after. */
export function sandboxPortfolio(seed: string, today: string) {
  const random = generator(seed);
  const cities = [...CITIES].sort(() => random.next() - 0.5).slice(0, random.int(2, 4));
  const count = random.int(20, 120);
  const listings: PmsListing[] = [];
  for (let index = 0; index < count; index += 1) {
    const place = cities[index % cities.length]!;
    const building = random.next() < 0.7 ? random.pick(place.buildings) : null;
    const street = building
      ? place.streets[place.buildings.indexOf(building) % place.streets.length]!
      : random.pick(place.streets);
    const number = building ? 10 + place.buildings.indexOf(building) * 7 : random.int(1, 180);
    const unit = building ? `, ${random.int(1, 6)}${random.pick(['A', 'B', 'C', 'D'])}` : '';
    const bedrooms = random.int(0, 4);
    const kind = bedrooms === 0 ? 'Studio' : random.pick(KINDS.slice(1));
    listings.push({
      externalId: `${seed.split(':')[0]}-${String(10_001 + index)}`,
      nickname: `${building ?? place.city} ${kind} ${index + 1}`,
      address: `${street} ${number}${unit}, ${place.postcode}${random.int(10, 99)} ${place.city}`,
      city: place.city,
      country: place.country,
      timezone: place.timezone,
      bedrooms,
      building,
      status: random.next() < 0.92 ? 'active' : 'inactive',
      checkInTime: random.pick(['15:00', '16:00', '14:00']),
      checkOutTime: random.pick(['11:00', '10:00', '12:00']),
    });
  }
  const reservations: PmsReservation[] = [];
  const last = addDays(today, 120);
  for (const listing of listings) {
    if (listing.status === 'inactive') continue;
    const phone = cities.find((place) => place.city === listing.city)!.phone;
    let checkIn = addDays(today, -60 + random.int(0, 5));
    while (checkIn <= last) {
      const checkOut = addDays(checkIn, random.int(1, 9));
      const first = random.pick(FIRST);
      const family = random.pick(LAST);
      let roll = random.int(1, 100);
      const source = CHANNELS.find(([, weight]) => (roll -= weight) <= 0)?.[0] ?? 'direct';
      const statusRoll = random.next();
      reservations.push({
        externalId: `${listing.externalId}-R${String(reservations.length + 1).padStart(5, '0')}`,
        listingExternalId: listing.externalId,
        guestName: `${first} ${family}`,
        guestEmail:
          source === 'airbnb' || random.next() < 0.2
            ? null
            : `${first}.${family}@example.com`
                .normalize('NFD')
                .replace(/[^\x20-\x7e]/g, '')
                .toLowerCase(),
        guestPhone: random.next() < 0.8 ? `${phone}${random.int(1_000_000, 9_999_999)}` : null,
        guestsCount: random.int(1, Math.max(2, listing.bedrooms * 2)),
        checkIn,
        checkOut,
        status:
          statusRoll < 0.06
            ? 'CANCELLED'
            : statusRoll < 0.09 && checkIn > today
              ? 'INQUIRY'
              : 'CONFIRMED',
        source,
      });
      checkIn = addDays(checkOut, random.int(0, 6));
    }
  }
  return { listings, reservations };
}

/** At speed 1, one booking made or changed every 20 minutes: three an hour. */
export const SANDBOX_EVENT_MS = 20 * 60_000;
/** Event 0 of every sandbox: slot numbers count from here. */
const LIVE_EPOCH_MS = Date.UTC(2024, 0, 1);
/** Bookings an update may still change: made at most this many events before it. */
const UPDATE_REACH = 6;
/** The most events a sync or a tick reads back (a fast clock and a long pause). */
const MAX_EVENTS = 500;
/** The words that make a risky booking's message screen as a party (screening's party words). */
const PARTY_MESSAGES = [
  'Hi! Booking for a birthday party with a few friends, we will bring a DJ.',
  'Celebrating our graduation this weekend, hope the neighbours like music!',
  'Bachelor party for my brother, about ten of us.',
];

/** The slot (event number) of the sandbox clock at `ms`, at `speed`. */
export const sandboxSlotAt = (ms: number, speed: number) =>
  Math.floor(((ms - LIVE_EPOCH_MS) * speed) / SANDBOX_EVENT_MS);

/** When the event of `slot` happens, in real time. */
export const sandboxSlotStart = (slot: number, speed: number) =>
  LIVE_EPOCH_MS + Math.ceil((slot * SANDBOX_EVENT_MS) / speed);

export interface SandboxEvent {
  slot: number;
  /** When it happened (real time). */
  at: Date;
  kind: 'created' | 'updated';
  /** The booking it made or changed. */
  externalId: string;
}

/** The risk event `slot` books with, if it is one of the risky ones. */
const riskOf = (slot: number): 'red' | 'orange' | null =>
  slot % 7 === 0 ? 'red' : slot % 7 === 3 ? 'orange' : null;

/** Whether event `slot` made a booking (else it changed the one of `target`). */
function eventShape(
  seed: string,
  slot: number,
): { created: true } | { created: false; target: number } {
  // Every 7th event makes a risky booking, the 4th after it one worth a look (so any few hours of
  // the sandbox show both); the others make (70 %) or change (30 %) an ordinary one.
  if (riskOf(slot) !== null) return { created: true };
  const random = generator(`${seed}:live:${slot}`);
  const roll = random.next();
  const target = slot - random.int(1, UPDATE_REACH);
  // A change needs a booking to change: an event whose target made none makes one itself.
  if (roll < 0.7 || riskOf(target) !== null || generator(`${seed}:live:${target}`).next() >= 0.7)
    return { created: true };
  return { created: false, target };
}

const listingCache = new Map<string, readonly PmsListing[]>();

/** The portfolio's active listings (they do not depend on the day), kept per seed. */
function activeListings(seed: string): readonly PmsListing[] {
  let listings = listingCache.get(seed);
  if (!listings) {
    listings = sandboxPortfolio(seed, '2024-01-01').listings.filter(
      (listing) => listing.status === 'active',
    );
    listingCache.set(seed, listings);
  }
  return listings;
}

const liveId = (listing: PmsListing, slot: number) => `${listing.externalId}-L${slot}`;

/** The booking event `slot` made, as it stands after the events up to `asOf`. */
function liveBooking(seed: string, slot: number, asOf: number, speed: number): PmsReservation {
  const random = generator(`${seed}:live:${slot}:booking`);
  const listing = random.pick(activeListings(seed));
  const made = new Date(sandboxSlotStart(slot, speed)).toISOString().slice(0, 10);
  const first = random.pick(FIRST);
  const family = random.pick(LAST);
  const email = `${first}.${family}@example.com`
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase();
  const risk = riskOf(slot);
  const crowd = Math.max(listing.bedrooms, 1) * 2 + 2;
  // Risky: red (tonight, one night, a crowd, a local guest, a party in the message) or orange (a
  // crowd of local guests tomorrow); the rest ordinary.
  const booking: PmsReservation =
    risk === 'red'
      ? {
          externalId: liveId(listing, slot),
          listingExternalId: listing.externalId,
          guestName: `${first} ${family}`,
          guestEmail: email,
          guestPhone: null,
          guestsCount: crowd,
          checkIn: made,
          checkOut: addDays(made, 1),
          status: 'CONFIRMED',
          source: 'direct',
          guestMessage: random.pick(PARTY_MESSAGES),
          guestCity: listing.city,
        }
      : risk === 'orange'
        ? {
            externalId: liveId(listing, slot),
            listingExternalId: listing.externalId,
            guestName: `${first} ${family}`,
            guestEmail: email,
            guestPhone: null,
            guestsCount: crowd,
            checkIn: addDays(made, 1),
            checkOut: addDays(made, 3),
            status: 'CONFIRMED',
            source: 'booking.com',
            guestMessage: null,
            guestCity: listing.city,
          }
        : (() => {
            const checkIn = addDays(made, random.int(2, 45));
            return {
              externalId: liveId(listing, slot),
              listingExternalId: listing.externalId,
              guestName: `${first} ${family}`,
              guestEmail: random.next() < 0.3 ? null : email,
              guestPhone: null,
              guestsCount: random.int(1, Math.max(2, listing.bedrooms * 2)),
              checkIn,
              checkOut: addDays(checkIn, random.int(2, 7)),
              status: 'CONFIRMED',
              source: random.pick(['airbnb', 'booking.com', 'vrbo', 'direct'] as const),
              guestMessage: null,
              guestCity: null,
            };
          })();
  // The changes made to it since: a guest more or fewer, moved dates, or a cancellation.
  for (let later = slot + 1; later <= Math.min(asOf, slot + UPDATE_REACH); later += 1) {
    const shape = eventShape(seed, later);
    if (shape.created || shape.target !== slot) continue;
    const change = generator(`${seed}:live:${later}:change`);
    const what = change.next();
    if (what < 0.5)
      booking.guestsCount = Math.max(1, booking.guestsCount + (change.next() < 0.5 ? -1 : 1));
    else if (what < 0.8) {
      const days = change.int(1, 3);
      booking.checkIn = addDays(booking.checkIn, days);
      booking.checkOut = addDays(booking.checkOut, days);
    } else booking.status = 'CANCELLED';
  }
  return booking;
}

/**
 * The sandbox's events after `from` and up to `to` (real time) at `speed`, oldest first: the last
 * 500 at most.
 */
export function sandboxEvents(name: PmsName, from: Date, to: Date, speed: number): SandboxEvent[] {
  const seed = sandboxSeed(name);
  const last = sandboxSlotAt(to.getTime(), speed);
  const first = Math.max(sandboxSlotAt(from.getTime(), speed) + 1, last - MAX_EVENTS + 1);
  const events: SandboxEvent[] = [];
  for (let slot = first; slot <= last; slot += 1) {
    const shape = eventShape(seed, slot);
    const made = shape.created ? slot : shape.target;
    events.push({
      slot,
      at: new Date(sandboxSlotStart(slot, speed)),
      kind: shape.created ? 'created' : 'updated',
      externalId: liveId(
        generator(`${seed}:live:${made}:booking`).pick(activeListings(seed)),
        made,
      ),
    });
  }
  return events;
}

/** The seed of a system's sandbox account. */
const sandboxSeed = (name: PmsName) => `${name}:${SANDBOX_ACCOUNT_ID}`;

function page<Item>(items: readonly Item[], cursor: string | null, size: number): PmsPage<Item> {
  const offset = offsetOf(cursor);
  const slice = items.slice(offset, offset + size);
  return {
    items: slice,
    next: nextCursor(offset, slice.length, size, items.length),
    total: items.length,
  };
}

class SandboxConnection implements PmsConnection {
  private portfolio: ReturnType<typeof sandboxPortfolio> | null = null;

  constructor(
    private readonly descriptor: PmsDescriptor,
    private readonly credentials: Credentials,
    private readonly today: () => string,
    private readonly clock: SandboxClock,
  ) {}

  async validate(): Promise<CredentialCheck> {
    const demo = sandboxCredentials(this.descriptor.name);
    const missing = missingCredential(this.descriptor, this.credentials);
    if (missing) return missing;
    for (const [field, value] of Object.entries(demo)) {
      if (this.credentials[field]?.trim() === value) continue;
      const label = this.descriptor.fields.find((f) => f.name === field)?.label ?? field;
      return {
        ok: false,
        field: this.descriptor.auth === 'oauth' ? null : field,
        message: `${this.descriptor.label} did not accept this ${label} (in the sandbox it is “${value}”)`,
      };
    }
    return { ok: true, accountLabel: `${this.descriptor.label} sandbox` };
  }

  private async data() {
    if ((await this.validate()).ok === false)
      throw new PmsAuthError(
        `${this.descriptor.label} (sandbox) refused these credentials; reconnect it`,
      );
    this.portfolio ??= sandboxPortfolio(sandboxSeed(this.descriptor.name), this.today());
    return this.portfolio;
  }

  async listings(cursor: string | null) {
    return page((await this.data()).listings, cursor, LISTINGS_PAGE);
  }

  async reservations(cursor: string | null, since: string) {
    const { reservations } = await this.data();
    return page(
      reservations.filter((reservation) => reservation.checkOut >= since),
      cursor,
      RESERVATIONS_PAGE,
    );
  }

  async reservation(externalId: string): Promise<PmsReservation | null> {
    const live = /-L(\d+)$/.exec(externalId);
    if (!live) {
      const { reservations } = await this.data();
      return reservations.find((reservation) => reservation.externalId === externalId) ?? null;
    }
    await this.data();
    const slot = Number(live[1]);
    const { speed } = this.clock;
    const now = sandboxSlotAt(this.clock.now(), speed);
    const seed = sandboxSeed(this.descriptor.name);
    if (!Number.isSafeInteger(slot) || slot > now || !eventShape(seed, slot).created) return null;
    const booking = liveBooking(seed, slot, now, speed);
    return booking.externalId === externalId ? booking : null;
  }

  async changedReservations(cursor: string | null, since: Date) {
    await this.data();
    const { speed } = this.clock;
    const now = this.clock.now();
    const seed = sandboxSeed(this.descriptor.name);
    const asOf = sandboxSlotAt(now, speed);
    // Events from `since` on (the slot that started before it may have happened at it).
    const events = sandboxEvents(
      this.descriptor.name,
      new Date(since.getTime() - 1),
      new Date(now),
      speed,
    );
    const slots = [
      ...new Set(events.map((event) => Number(/-L(\d+)$/.exec(event.externalId)![1]))),
    ];
    return page(
      slots.map((slot) => liveBooking(seed, slot, asOf, speed)),
      cursor,
      RESERVATIONS_PAGE,
    );
  }
}

/** The sandbox's clock: real time (`now`), run `speed` times faster (PMS_SANDBOX_SPEED). */
export interface SandboxClock {
  now: () => number;
  speed: number;
}

/** The sandbox's authorization codes: what its consent page hands back on "Allow". */
export const SANDBOX_CODE_PREFIX = 'sandbox-';

/**
 * The sandbox's stand-in for a provider's authorization page: a page of the API itself
 * (`GET /channel/{pms}/sandboxAuthorize`, served only in the sandbox) that asks "Allow" or "Deny"
 * and sends the browser back with a code, as the real page would.
 */
function sandboxOAuth(name: PmsName, apiOrigin: string): PmsOAuth {
  return {
    authorizeUrl: ({ state, redirectUri }) => {
      const url = new URL(`${apiOrigin}/channel/${name}/sandboxAuthorize`);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      return url.toString();
    },
    exchange: async ({ code }) => {
      if (!code.startsWith(SANDBOX_CODE_PREFIX) || code.length < SANDBOX_CODE_PREFIX.length + 8)
        throw new PmsAuthError(`${pmsDescriptor(name).label} (sandbox) did not accept this code`);
      return sandboxCredentials(name);
    },
  };
}

export function sandboxAdapter(
  name: PmsName,
  options: { today?: () => string; apiOrigin?: string; now?: () => number; speed?: number } = {},
): PmsAdapter {
  const descriptor = pmsDescriptor(name);
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const clock: SandboxClock = { now: options.now ?? Date.now, speed: options.speed ?? 1 };
  return {
    descriptor,
    connect: (credentials) => new SandboxConnection(descriptor, credentials, today, clock),
    ...(descriptor.auth === 'oauth'
      ? { oauth: sandboxOAuth(name, options.apiOrigin ?? 'http://localhost:3000/api') }
      : {}),
  };
}
