// The shapes every app exchanges with the API (spec sections 3 and 7). The API's answers come from
// the API contract (@hostdash/api-contract); this adds what the client itself says.
import type {
  InviteLookup,
  Notification,
  SignupLookup,
  User,
  VendorBuilding,
} from '@hostdash/api-contract';

export type UserType = User['type'];
/** owner, admin and vendor have rules of their own; sub-users (manager, cleaner …) have other subtypes. */
export type UserSubtype = 'owner' | 'admin' | 'vendor' | 'manager' | (string & {});

/**
 * The signed-in user (the API contract's `User`: the load-auth answer without the session id,
 * which is never kept in the browser), a building granted to a vendor, a notification.
 */
export type { InviteLookup, Notification, SignupLookup, User, VendorBuilding };

/** What a link's token names: a team invite, or a sign-up link for a new host. */
export type LinkLookup = InviteLookup | SignupLookup;

/** Every paged list the API answers. */
export interface ListResponse<Item> {
  items: Item[];
  total: number;
  size: number;
  from: number;
}

/** What a failed call rejects with: the server's `{ error, message }`, or ours when nothing came back. */
export interface ApiError {
  error: string;
  message: string;
  /** HTTP status when the server answered. */
  status?: number;
  /** How long the server asked to wait before trying again (its Retry-After), in seconds. */
  retryAfterSeconds?: number;
  [detail: string]: unknown;
}
