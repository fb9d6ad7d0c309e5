// Guesty's Open API (https://open-api-docs.guesty.com): the client id and secret are exchanged for
// a bearer token (POST /oauth2/token, client_credentials, scope "open-api"); GET /v1/listings and
// GET /v1/reservations page with limit/skip and answer `{ results, count, limit, skip }`;
// reservations take `fields` (space-separated) and `filters` (a JSON array of conditions: the sync
// asks for `lastUpdatedAt $gte` its cursor); GET /v1/reservations/{id} answers one reservation.
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

export const GUESTY_API_URL = 'https://open-api.guesty.com';
const PAGING = { offsetParam: 'skip', itemsKey: 'results', pageSize: 100 };

type GuestyRecord = Record<string, unknown>;

const LISTING_FIELDS =
  '_id title nickname address timezone bedrooms active type mtl defaultCheckInTime defaultCheckOutTime';
const RESERVATION_FIELDS =
  '_id listingId status checkIn checkOut checkInDateLocalized checkOutDateLocalized guestsCount guest source integration';

const record = (value: unknown): GuestyRecord =>
  value !== null && typeof value === 'object' ? (value as GuestyRecord) : {};

const time = (value: unknown): string | null => {
  const match = /^(\d{2}):(\d{2})/.exec(text(value));
  return match ? `${match[1]}:${match[2]}` : null;
};

/** `buildings`: the titles of multi-unit parents (type MTL) seen so far, by id. */
export function guestyListing(
  listing: GuestyRecord,
  buildings: ReadonlyMap<string, string>,
): PmsListing {
  const address = record(listing.address);
  const parent = text(record(listing.mtl).p);
  return {
    externalId: text(listing._id),
    nickname: text(listing.nickname) || text(listing.title),
    address: text(address.full) || text(address.street),
    city: text(address.city),
    country: text(address.country),
    timezone: text(listing.timezone),
    bedrooms: count(listing.bedrooms),
    // Guesty groups the units of a building under a multi-unit (MTL) parent listing.
    building: (parent && buildings.get(parent)) || text(address.building) || null,
    status: listing.active === false ? 'inactive' : 'active',
    checkInTime: time(listing.defaultCheckInTime),
    checkOutTime: time(listing.defaultCheckOutTime),
  };
}

const CANCELLED = ['canceled', 'cancelled', 'declined', 'expired'];
const INQUIRY = ['inquiry', 'reserved', 'awaiting_payment'];

export function guestyReservation(reservation: GuestyRecord): PmsReservation {
  const status = text(reservation.status);
  const guest = record(reservation.guest);
  const name =
    text(guest.fullName) || [text(guest.firstName), text(guest.lastName)].join(' ').trim();
  return {
    externalId: text(reservation._id),
    listingExternalId: text(reservation.listingId),
    guestName: name,
    guestEmail: text(guest.email) || null,
    guestPhone: text(guest.phone) || null,
    guestsCount: count(reservation.guestsCount) || 1,
    // The localized dates are the listing's calendar days; checkIn/checkOut are UTC instants.
    checkIn: isoDate(reservation.checkInDateLocalized) ?? isoDate(reservation.checkIn) ?? '',
    checkOut: isoDate(reservation.checkOutDateLocalized) ?? isoDate(reservation.checkOut) ?? '',
    status: CANCELLED.includes(status)
      ? 'CANCELLED'
      : INQUIRY.includes(status)
        ? 'INQUIRY'
        : 'CONFIRMED',
    source: sourceOf(text(record(reservation.integration).platform) || reservation.source),
  };
}

class GuestyConnection implements PmsConnection {
  private readonly client: TokenClient;
  private readonly buildings = new Map<string, string>();

  constructor(
    private readonly credentials: Credentials,
    baseUrl: string,
  ) {
    this.client = new TokenClient({
      system: 'Guesty',
      baseUrl,
      tokenPath: '/oauth2/token',
      tokenForm: {
        grant_type: 'client_credentials',
        scope: 'open-api',
        client_id: credentials.clientId?.trim() ?? '',
        client_secret: credentials.clientSecret?.trim() ?? '',
      },
    });
  }

  validate() {
    return this.client.check(
      pmsDescriptor('guesty'),
      this.credentials,
      {
        field: 'clientSecret',
        message:
          'Guesty did not accept this Client ID and Client Secret: check the secret (Integrations → API & Webhooks)',
      },
      null,
    );
  }

  private page(path: string, cursor: string | null, query: Record<string, string>) {
    return this.client.page(path, cursor, query, PAGING);
  }

  async listings(cursor: string | null): Promise<PmsPage<PmsListing>> {
    const {
      items: results,
      total,
      next,
    } = await this.page('/v1/listings', cursor, {
      fields: LISTING_FIELDS,
    });
    for (const listing of results)
      if (text(listing.type) === 'MTL')
        this.buildings.set(text(listing._id), text(listing.nickname) || text(listing.title));
    return { items: results.map((listing) => guestyListing(listing, this.buildings)), next, total };
  }

  /** A page of the reservations whose `filter.field` is at least its value, in `sort` order. */
  private async reservationsFrom(
    cursor: string | null,
    filter: { field: string; value: string },
    sort: string,
  ): Promise<PmsPage<PmsReservation>> {
    const { items, total, next } = await this.page('/v1/reservations', cursor, {
      fields: RESERVATION_FIELDS,
      filters: JSON.stringify([{ field: filter.field, operator: '$gte', value: filter.value }]),
      sort,
    });
    return { items: items.map(guestyReservation), next, total };
  }

  reservations(cursor: string | null, since: string): Promise<PmsPage<PmsReservation>> {
    // Stays still running on `since` count: filter on check-out, not check-in.
    return this.reservationsFrom(cursor, { field: 'checkOut', value: since }, 'checkIn');
  }

  async reservation(externalId: string): Promise<PmsReservation | null> {
    const body = await this.client.getOrNull(`/v1/reservations/${encodeURIComponent(externalId)}`, {
      fields: RESERVATION_FIELDS,
    });
    return body !== null && typeof body === 'object' && text(record(body)._id)
      ? guestyReservation(record(body))
      : null;
  }

  changedReservations(cursor: string | null, since: Date): Promise<PmsPage<PmsReservation>> {
    return this.reservationsFrom(
      cursor,
      { field: 'lastUpdatedAt', value: since.toISOString() },
      'lastUpdatedAt',
    );
  }
}

export function guestyAdapter(options: { baseUrl?: string } = {}): PmsAdapter {
  const baseUrl = (options.baseUrl ?? GUESTY_API_URL).replace(/\/+$/, '');
  return {
    descriptor: pmsDescriptor('guesty'),
    connect: (credentials) => new GuestyConnection(credentials, baseUrl),
  };
}
