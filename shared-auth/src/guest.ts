// @hostdash/shared-auth/guest: what the guest's check-in page takes from shared-auth
// (docs/adr/0035-guest-page-weight.md). Compiled into whoever imports it, not shared at run time,
// and free of the dashboard's store, sagas, access rules and axios: the guest page loads this
// instead of the whole package.
export { createFetchClient, type FetchClient, type FetchRequest } from './fetchClient';
export { isApiError, toApiError } from './apiErrors';
export { newTraceparent } from './traceparent';
export { focusRing, hostdashThemeOptions } from './themeOptions';
export { formatDate } from './dates';
export type { ApiError } from './types';
export type { GuestPortalModule, GuestPortalMountProps, GuestPortalProps } from './federation';
export { GUEST_PORTAL_EXPOSE } from './federation';
// The guest's languages and the page's own words (api-contract, docs/adr/0036's addendum).
export {
  browserLanguage,
  GUEST_LANGUAGES,
  GUEST_LOADING_WORDS,
  GUEST_NO_SCRIPT_WORDS,
  GUEST_UNAVAILABLE_WORDS,
  isGuestLanguage,
  LANGUAGE_NAMES,
  type GuestLanguage,
  type GuestUnavailableWords,
  waitingMarkup,
  waitingProps,
} from '@hostdash/api-contract';
