// Business constants and limits (spec section 9), named once.

export const SESSION_TTL_MS = 43_200_000; // 12 hours
export const DEFAULT_SESSION_COOKIE = 'hd_session';
export const DEFAULT_BILLING_BYPASS_COOKIE = 'hd_billing_bypass';
export const DEFAULT_SSO_COOKIE = 'hd_sso';

export const DEFAULT_ROWS_PER_PAGE = 10;
export const SEARCH_PAGE_SIZE = 10;
export const PROTECT_LOG_PAGE_SIZE = 100;
export const NOTIFICATIONS_LIMIT = 10;

export const FLAG_TIMEOUT_MS = 5000;
export const INFO_BANNER_AUTO_HIDE_MS = 10_000;
export const LAZY_LOAD_DELAY_MS = 200;

export const PRODUCTION_STAGE = 'prod';
