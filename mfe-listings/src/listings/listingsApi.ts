import { api, type ListResponse } from '@hostdash/shared-auth';

export type ListingStatus = 'active' | 'inactive' | 'archived';

export interface Listing {
  id: string;
  account_id: string;
  nickname: string;
  address: string;
  city: string;
  country: string;
  building: string | null;
  building_slug: string | null;
  status: ListingStatus;
  pms: string;
  timezone: string;
  bedrooms: number;
  created_at: string;
  updated_at: string;
  _score?: number;
}

export interface ListingsQuery {
  from: number;
  size: number;
  sort: string;
  search: string;
}

export function loadListings({ from, size, sort, search }: ListingsQuery): Promise<ListResponse<Listing>> {
  const params: Record<string, unknown> = { from, size, sort };
  if (search) params.search = search;
  return api.get<ListResponse<Listing>>('/listing/load', { params });
}
