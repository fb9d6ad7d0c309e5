// The all-listings page keeps its filters, sort and page in the address (`?account=3&status=active
// &page=2&size=25`), so Back, a reload and a shared link show the same rows. Defaults are left out
// of the address; rows per page is the one this browser remembers unless the address says it.
import { pageFromOffset, SEARCH_PAGE_SIZE } from '@hostdash/shared-auth';
import { ROWS_PER_PAGE_OPTIONS } from '@hostdash/shared-ui';
import { LISTING_STATUSES, type ListingStatus } from './platformListingsApi';

export const LIST_NAME = 'admin.listings';
export const DEFAULT_SORT = 'nickname:asc';
/** The columns the API sorts by, as the table names them. */
export const SORT_FIELDS = ['nickname', 'account', 'city', 'status', 'pms', 'updated_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface PlatformListingsQuery {
  search: string;
  /** An account id; '' for every account. */
  account: string;
  status: ListingStatus | '';
  /** A PMS key; '' for every PMS. */
  pms: string;
  /** `field:asc|desc`; '' while searching (ranked by relevance). */
  sort: string;
  from: number;
  size: number;
}

const SORT_PATTERN = new RegExp(`^(${SORT_FIELDS.join('|')}):(asc|desc)$`);
const positive = (value: string | null): number | null => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
};

/** The query an address asks for; anything unreadable in it falls back to the default. */
export function queryFromUrl(
  params: URLSearchParams,
  rememberedSize: number,
): PlatformListingsQuery {
  const search = params.get('search')?.trim() ?? '';
  const status = params.get('status') ?? '';
  const account = params.get('account') ?? '';
  const pms = params.get('pms') ?? '';
  const sort = params.get('sort') ?? '';
  const askedSize = positive(params.get('size'));
  const size = search
    ? SEARCH_PAGE_SIZE
    : askedSize !== null && ROWS_PER_PAGE_OPTIONS.includes(askedSize)
      ? askedSize
      : rememberedSize;
  const page = positive(params.get('page')) ?? 1;
  return {
    search,
    account: /^[0-9]{1,18}$/.test(account) ? account : '',
    status: (LISTING_STATUSES as readonly string[]).includes(status)
      ? (status as ListingStatus)
      : '',
    pms: /^[a-z0-9_.-]{1,60}$/.test(pms) ? pms : '',
    sort: search ? '' : SORT_PATTERN.test(sort) ? sort : DEFAULT_SORT,
    from: (page - 1) * size,
    size,
  };
}

/** The address of a query: only what differs from the defaults; the page size with a later page. */
export function urlOf(query: PlatformListingsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.account) params.set('account', query.account);
  if (query.status) params.set('status', query.status);
  if (query.pms) params.set('pms', query.pms);
  if (query.sort && query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  const page = pageFromOffset(query.from, query.size) + 1;
  if (page > 1) {
    params.set('page', String(page));
    if (!query.search) params.set('size', String(query.size));
  }
  return params;
}

/** `/admin/listings` with a query's address (the way back from a listing keeps the filters). */
export function listPath(query: PlatformListingsQuery | null): string {
  const search = query ? urlOf(query).toString() : '';
  return search ? `/admin/listings?${search}` : '/admin/listings';
}

export const isFiltered = (query: PlatformListingsQuery): boolean =>
  !!(query.search || query.account || query.status || query.pms);
