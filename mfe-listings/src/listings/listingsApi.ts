// The listings calls of spec section 7, typed with the API contract (@hostdash/api-contract,
// generated from the API's schemas). Status values: active (bookable, screened), inactive (paused:
// kept, not screened), archived (gone from the host's portfolio, kept for history).
import type {
  Body,
  BuildingArrival,
  BuildingSummary,
  BuildingView,
  Listing,
  ListingDetail,
  ListingPage,
  ListingStats,
  UpcomingReservation,
} from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type {
  BuildingArrival,
  BuildingSummary,
  BuildingView,
  Listing,
  ListingDetail,
  ListingStats,
  UpcomingReservation,
};

export type ListingStatus = Listing['status'];
/** In the order the filters and menus show them. */
export const LISTING_STATUSES: readonly ListingStatus[] = ['active', 'inactive', 'archived'];

/** The fields a host can change (spec: "fields, or status"): the update call's body less its version. */
export type ListingChanges = Omit<Body<'/listing/update/{id}', 'post'>, 'version'>;

export interface ListingFilters {
  search: string;
  status: ListingStatus[];
}

export interface ListingsQuery extends ListingFilters {
  from: number;
  size: number;
  sort: string;
}

function filterParams({ search, status }: ListingFilters): Record<string, unknown> {
  return { search: search || undefined, status: status.length ? status.join(',') : undefined };
}

export const listingsApi = {
  load: (query: ListingsQuery, signal?: AbortSignal) =>
    api.get<ListingPage>('/listing/load', {
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
      .get<ListingPage>('/listing/load/', { params: { buildings: 1, noitems: 1 }, signal })
      .then((answer) => answer.buildings ?? []),
  building: (accountId: string, slug: string, signal?: AbortSignal) =>
    api.get<BuildingView>(
      `/listing/building/${encodeURIComponent(accountId)}/${encodeURIComponent(slug)}`,
      { signal },
    ),
};
