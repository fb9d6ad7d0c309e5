// Hostaway's public API (https://api.hostaway.com/documentation): the Account ID and API key are
// exchanged for a bearer token (POST /v1/accessTokens, client_credentials, scope "general");
// GET /v1/listings and GET /v1/reservations page with limit/offset and answer
// `{ status, result, count, limit, offset }`; GET /v1/reservations/{id} answers one as `result`, and
// `latestActivityStart` lists those with activity (created, changed, cancelled) from that day.
import { pmsDescriptor } from '../descriptors';
import { TokenClient, count, isoDate, sourceOf, text } from '../http';
import type {
  Credentials,
  PmsAdapter,
  PmsConnection,
  PmsListing,
  PmsPage,
  PmsReservation,
} from '../pms';

export const HOSTAWAY_API_URL = 'https://api.hostaway.com';
const PAGING = { offsetParam: 'offset', itemsKey: 'result', pageSize: 100 };

type HostawayRecord = Record<string, unknown>;

const hour = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const h = Number(value);
  return Number.isInteger(h) && h >= 0 && h <= 24 ? `${String(h % 24).padStart(2, '0')}:00` : null;
};

export function hostawayListing(record: HostawayRecord): PmsListing {
  const active = record.isActive;
  return {
    externalId: String(record.id),
    nickname: text(record.internalListingName) || text(record.name),
    address: text(record.address) || text(record.street),
    city: text(record.city),
    country: text(record.countryCode) || text(record.country),
    timezone: text(record.timeZoneName),
    bedrooms: count(record.bedroomsNumber),
    // Hostaway has no building or complex on a listing.
    building: null,
    status: active === 0 || active === false ? 'inactive' : 'active',
    checkInTime: hour(record.checkInTimeStart),
    checkOutTime: hour(record.checkOutTime),
  };
}

const CANCELLED = [
  'cancelled',
  'declined',
  'expired',
  'inquiryDenied',
  'inquiryTimedout',
  'inquiryNotPossible',
];
const INQUIRY = ['inquiry', 'inquiryPreapproved', 'pending', 'awaitingPayment', 'unknown'];

export function hostawayReservation(record: HostawayRecord): PmsReservation {
  const status = text(record.status);
  const name =
    text(record.guestName) ||
    [text(record.guestFirstName), text(record.guestLastName)].join(' ').trim();
  return {
    externalId: String(record.id),
    listingExternalId: String(record.listingMapId),
    guestName: name,
    guestEmail: text(record.guestEmail) || null,
    guestPhone: text(record.phone) || null,
    guestsCount: count(record.numberOfGuests) || 1,
    checkIn: isoDate(record.arrivalDate) ?? '',
    checkOut: isoDate(record.departureDate) ?? '',
    status: CANCELLED.includes(status)
      ? 'CANCELLED'
      : INQUIRY.includes(status)
        ? 'INQUIRY'
        : 'CONFIRMED',
    source: sourceOf(record.channelName),
    // The guest's note and home city, when the record has them (screening reads both).
    ...(typeof record.guestNote === 'string' ? { guestMessage: record.guestNote || null } : {}),
    ...(typeof record.guestCity === 'string' ? { guestCity: record.guestCity || null } : {}),
  };
}

class HostawayConnection implements PmsConnection {
  private readonly client: TokenClient;

  constructor(
    private readonly credentials: Credentials,
    baseUrl: string,
  ) {
    this.client = new TokenClient({
      system: 'Hostaway',
      baseUrl,
      tokenPath: '/v1/accessTokens',
      tokenForm: {
        grant_type: 'client_credentials',
        client_id: credentials.accountId?.trim() ?? '',
        client_secret: credentials.apiKey?.trim() ?? '',
        scope: 'general',
      },
      headers: { 'Cache-control': 'no-cache' },
    });
  }

  validate() {
    // Hostaway refuses the pair without saying which; the key is the one people mistype.
    return this.client.check(
      pmsDescriptor('hostaway'),
      this.credentials,
      {
        field: 'apiKey',
        message:
          'Hostaway did not accept this Account ID and API Key: check the API Key (Settings → Hostaway API)',
      },
      `Hostaway account ${this.credentials.accountId?.trim() ?? ''}`,
    );
  }

  private page(path: string, cursor: string | null, query: Record<string, string>) {
    return this.client.page(path, cursor, query, PAGING);
  }

  async listings(cursor: string | null): Promise<PmsPage<PmsListing>> {
    const { items, total, next } = await this.page('/v1/listings', cursor, {});
    return { items: items.map(hostawayListing), next, total };
  }

  async reservations(cursor: string | null, since: string): Promise<PmsPage<PmsReservation>> {
    // Stays still running on `since` count: filter on departure, not arrival.
    const { items, total, next } = await this.page('/v1/reservations', cursor, {
      departureStartDate: since,
      sortOrder: 'arrivalDate',
    });
    return { items: items.map(hostawayReservation), next, total };
  }

  async reservation(externalId: string): Promise<PmsReservation | null> {
    const body = await this.client.getOrNull(
      `/v1/reservations/${encodeURIComponent(externalId)}`,
      {},
    );
    const result = (body as { result?: unknown } | null)?.result;
    return result !== null && typeof result === 'object'
      ? hostawayReservation(result as HostawayRecord)
      : null;
  }

  async changedReservations(cursor: string | null, since: Date): Promise<PmsPage<PmsReservation>> {
    // Hostaway filters on the day of a reservation's latest activity: the whole day of `since`
    // comes again (upserting is idempotent, alerts are once per stay).
    const { items, total, next } = await this.page('/v1/reservations', cursor, {
      latestActivityStart: since.toISOString().slice(0, 10),
      sortOrder: 'latestActivity',
    });
    return { items: items.map(hostawayReservation), next, total };
  }
}

export function hostawayAdapter(options: { baseUrl?: string } = {}): PmsAdapter {
  const baseUrl = (options.baseUrl ?? HOSTAWAY_API_URL).replace(/\/+$/, '');
  return {
    descriptor: pmsDescriptor('hostaway'),
    connect: (credentials) => new HostawayConnection(credentials, baseUrl),
  };
}
