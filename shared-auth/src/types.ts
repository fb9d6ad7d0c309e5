// The shapes every app exchanges with the API (spec sections 3 and 7).

export type UserType = 'admin' | 'channel' | 'user' | (string & {});
/** owner, admin and vendor have rules of their own; sub-users (manager, cleaner …) have other subtypes. */
export type UserSubtype = 'owner' | 'admin' | 'vendor' | 'manager' | (string & {});

/** A building granted to a vendor (building staff): their whole world in the dashboard. */
export interface VendorBuilding {
  account_id: string;
  slug: string;
  name: string;
}

/** The signed-in user, as the load-auth call returns it (the session id is never kept in the browser). */
export interface User {
  id: string;
  name: string;
  email: string;
  type: UserType;
  subtype: UserSubtype;
  is_active: boolean;
  account_id: string;
  billing: { stripe_customer_id: string | null };
  /** Vendors: the buildings granted to them, the first being their landing page. */
  vendor_buildings?: VendorBuilding[];
}

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
  [detail: string]: unknown;
}

export interface Notification {
  id: string;
  title: string;
  body: string;
  created_at: string;
}
