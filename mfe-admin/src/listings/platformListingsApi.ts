// Every listing across accounts, and one listing of any account (Hostdash staff), typed with the
// API contract.
import type {
  AdminListing,
  AdminListingDetail,
  AdminListingPage,
  ListingAccount,
  ListingPms,
} from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';
import type { PlatformListingsQuery } from './listingsQuery';

export type { AdminListing, AdminListingDetail, AdminListingPage, ListingAccount, ListingPms };

export type ListingStatus = AdminListing['status'];
/** In the order the filter shows them. */
export const LISTING_STATUSES: readonly ListingStatus[] = ['active', 'inactive', 'archived'];

export interface PlatformListingsLoad {
  query: PlatformListingsQuery;
  /** Ask for the account and PMS filters' choices too. */
  facets: boolean;
}

export const platformListingsApi = {
  load: ({ query, facets }: PlatformListingsLoad, signal?: AbortSignal) =>
    api.get<AdminListingPage>('/admin/listing/load', {
      params: {
        from: query.from,
        size: query.size,
        // A search without a chosen order is ranked by relevance (the API's default).
        sort: query.sort || undefined,
        search: query.search || undefined,
        account_id: query.account || undefined,
        status: query.status || undefined,
        pms: query.pms || undefined,
        facets: facets ? 1 : undefined,
      },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<AdminListingDetail>(`/admin/listing/get/${encodeURIComponent(id)}`, { signal }),
};
