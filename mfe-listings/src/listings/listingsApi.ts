// The listings calls of spec section 7, typed. Status values: active (bookable, screened),
// inactive (paused: kept, not screened), archived (gone from the host's portfolio, kept for history).
import { api, type ListResponse } from '@hostdash/shared-auth';

export type ListingStatus = 'active' | 'inactive' | 'archived';
export const LISTING_STATUSES: readonly ListingStatus[] = ['active', 'inactive', 'archived'];

export interface Listing {
  id: string;
  account_id: string;
  nickname: string;
  address: string;
  city: string;
  country: string;
  building_id: string | null;
  building: string | null;
  building_slug: string | null;
  status: ListingStatus;
  pms: string;
  timezone: string;
  bedrooms: number;
  check_in_time: string;
  check_out_time: string;
  custom_fields: Record<string, string>;
  version: number;
  created_at: string;
  updated_at: string;
  _score?: number;
}

export interface UpcomingReservation {
  id: string;
  guest_name: string;
  guests: number;
  check_in_date: string;
  check_out_date: string;
  status: string;
  source: string;
  verification_status: string;
}

export interface ListingDetail extends Listing {
  upcoming_reservations: UpcomingReservation[];
}

/** The fields a host can change (spec: "fields, or status"). */
export type ListingChanges = Partial<
  Pick<
    Listing,
    | 'nickname'
    | 'address'
    | 'city'
    | 'country'
    | 'building_id'
    | 'timezone'
    | 'check_in_time'
    | 'check_out_time'
    | 'bedrooms'
    | 'custom_fields'
    | 'status'
  >
>;

export interface ListingFilters {
  search: string;
  status: ListingStatus[];
}

export interface ListingsQuery extends ListingFilters {
  from: number;
  size: number;
  sort: string;
}

export interface ListingStats {
  total: number;
  by_status: Record<ListingStatus, number>;
  by_pms: { pms: string; count: number }[];
  by_building: {
    building_id: string | null;
    name: string | null;
    slug: string | null;
    count: number;
  }[];
  reservations: { total: number; screened: number; screened_share: number };
}

export interface BuildingSummary {
  id: string;
  account_id: string;
  name: string;
  slug: string;
  address: string;
  city: string;
  country: string;
  listing_count: number;
  active_count: number;
  arrivals_today: number;
  arrivals_next_7_days: number;
}

export interface BuildingArrival {
  id: string;
  listing_id: string;
  listing_nickname: string;
  guest_name: string;
  guests: number;
  check_in_date: string;
  check_out_date: string;
  status: string;
  verification_status: string;
}

export interface BuildingView {
  building: Pick<
    BuildingSummary,
    'id' | 'account_id' | 'name' | 'slug' | 'address' | 'city' | 'country' | 'listing_count'
  >;
  listings: Pick<
    Listing,
    'id' | 'nickname' | 'status' | 'bedrooms' | 'check_in_time' | 'check_out_time'
  >[];
  arrivals: BuildingArrival[];
}

function filterParams({ search, status }: ListingFilters): Record<string, unknown> {
  return { search: search || undefined, status: status.length ? status.join(',') : undefined };
}

export const listingsApi = {
  load: (query: ListingsQuery, signal?: AbortSignal) =>
    api.get<ListResponse<Listing>>('/listing/load', {
      params: { from: query.from, size: query.size, sort: query.sort, ...filterParams(query) },
      signal,
    }),
  stats: (filters: ListingFilters, signal?: AbortSignal) =>
    api.get<ListingStats>('/listing/stats', { params: filterParams(filters), signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<ListingDetail>(`/listing/get/${encodeURIComponent(id)}`, { signal }),
  update: (id: string, version: number, changes: ListingChanges) =>
    api.post<Listing>(`/listing/update/${encodeURIComponent(id)}`, {
      data: { version, ...changes },
    }),
  buildings: (signal?: AbortSignal) =>
    api
      .get<{ buildings: BuildingSummary[] }>('/listing/load/', {
        params: { buildings: 1, noitems: 1 },
        signal,
      })
      .then((answer) => answer.buildings),
  building: (accountId: string, slug: string, signal?: AbortSignal) =>
    api.get<BuildingView>(
      `/listing/building/${encodeURIComponent(accountId)}/${encodeURIComponent(slug)}`,
      { signal },
    ),
};
