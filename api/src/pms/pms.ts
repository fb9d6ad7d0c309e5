// The one interface every property-management system (PMS) sits behind (issue 15): what a system
// is (its descriptor: how it authenticates and which credentials it needs), and what Hostdash asks
// of a connection to it — check the credentials, then page through listings and reservations in
// the system's own ids, mapped to Hostdash's words. The import tasks (api/src/imports/) only ever
// speak this interface; each adapter (api/src/pms/adapters/) speaks its system's public API.

import { PMS_NAMES, type Pms } from '../listings/pms';

/** The 18 systems of spec sections 1 and 7, as `listings.pms` stores them (one list: listings/pms.ts). */
export { PMS_NAMES };
export type PmsName = Pms;

export const isPmsName = (value: string): value is PmsName =>
  (PMS_NAMES as readonly string[]).includes(value);

/**
 * How a system lets a third party in:
 * - `api_key`: one key (or token) the host copies from the system's settings;
 * - `api_key_secret`: a key and a secret (often an account id too);
 * - `client_credentials`: an OAuth 2 client id and secret exchanged for an access token;
 * - `oauth`: the host is sent to the system's authorization page and comes back with a code.
 */
export type AuthKind = 'api_key' | 'api_key_secret' | 'client_credentials' | 'oauth';

export interface CredentialField {
  /** The key in `Credentials` (`apiKey`, `accountId`, `clientSecret` …). */
  name: string;
  /** How the connect page labels it, in the system's own words ("Account ID"). */
  label: string;
  /** A secret is never shown back, logged or kept in a form draft. */
  secret: boolean;
  /** A shape the value must have (checked as typed and again by the API), when the docs give one. */
  pattern?: string;
  /** Where in the system the host finds it. */
  help: string;
}

export interface PmsDescriptor {
  name: PmsName;
  /** The system's name as it writes it ("Hostaway", "Rentals United"). */
  label: string;
  auth: AuthKind;
  /** Empty for `oauth`. */
  fields: readonly CredentialField[];
  /** The public API documentation the adapter (or, without one, the descriptor) follows. */
  docsUrl: string;
  /** A real adapter talks to the system; without one, only the sandbox can import from it. */
  adapter: 'real' | 'sandbox-only';
}

/** Field values by `CredentialField.name`; for `oauth`, what the code exchange returned. */
export type Credentials = Readonly<Record<string, string>>;

/** A listing in Hostdash's words, keyed by the system's own id. */
export interface PmsListing {
  externalId: string;
  nickname: string;
  address: string;
  city: string;
  /** ISO 3166-1 alpha-2 where the system gives it, else its country name. */
  country: string;
  /** IANA zone, e.g. `Europe/Lisbon`. */
  timezone: string;
  bedrooms: number;
  /** The building or complex the system groups it under, if any. */
  building: string | null;
  status: 'active' | 'inactive';
  /** `HH:MM`, when the system has them. */
  checkInTime: string | null;
  checkOutTime: string | null;
}

/** A reservation in Hostdash's words, keyed by the system's own ids. */
export interface PmsReservation {
  externalId: string;
  listingExternalId: string;
  guestName: string;
  guestEmail: string | null;
  guestPhone: string | null;
  guestsCount: number;
  /** `YYYY-MM-DD`. */
  checkIn: string;
  checkOut: string;
  status: 'CONFIRMED' | 'CANCELLED' | 'INQUIRY';
  source: 'airbnb' | 'booking.com' | 'vrbo' | 'direct';
  /**
   * What the guest wrote with the booking and the city they live in, when the system says
   * (screening reads both). Absent: left as Hostdash has them.
   */
  guestMessage?: string | null;
  guestCity?: string | null;
}

/** One page of a system's list; `next` is the opaque cursor of the page after it (null: done). */
export interface PmsPage<Item> {
  items: Item[];
  next: string | null;
  /** All items over all pages, when the system says (for "84 of 120 listings"). */
  total: number | null;
}

export type CredentialCheck =
  | {
      ok: true;
      /** How the system names the connected account, if it says. */ accountLabel: string | null;
    }
  | {
      ok: false;
      /** The credential field at fault, when the system says which. */ field: string | null;
      message: string;
    };

export interface PmsConnection {
  /** Checks the credentials against the system before anything is imported. */
  validate(): Promise<CredentialCheck>;
  listings(cursor: string | null): Promise<PmsPage<PmsListing>>;
  /** Reservations from `since` (`YYYY-MM-DD`) on. */
  reservations(cursor: string | null, since: string): Promise<PmsPage<PmsReservation>>;
  /**
   * One reservation by the system's own id, as it stands now (null: the system has none by that
   * id). A webhook's job reads the booking again rather than trusting the delivery's copy: the
   * deliveries of one booking may come out of order, and several collapse into one job.
   */
  reservation?(externalId: string): Promise<PmsReservation | null>;
  /**
   * The reservations created or changed at or after `since` (the scheduled sync's cursor), in
   * pages. Without it, the sync reads every reservation from 60 days back.
   */
  changedReservations?(cursor: string | null, since: Date): Promise<PmsPage<PmsReservation>>;
}

/**
 * An `oauth` system's authorization: the host is sent to `authorizeUrl`, approves there, and comes
 * back to `redirectUri` with a code (and our `state`), which `exchange` turns into credentials.
 */
export interface PmsOAuth {
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  /** Refused codes throw `PmsAuthError`; an unreachable system `PmsUnavailableError`. */
  exchange(input: { code: string; redirectUri: string }): Promise<Credentials>;
}

export interface PmsAdapter {
  descriptor: PmsDescriptor;
  connect(credentials: Credentials): PmsConnection;
  /** Present exactly when the descriptor's auth is `oauth`. */
  oauth?: PmsOAuth;
}

/** The credentials stopped working during an import (revoked, expired and not renewable). */
export class PmsAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PmsAuthError';
  }
}

/** The system could not be reached or answered with an error: worth retrying later. */
export class PmsUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PmsUnavailableError';
  }
}
