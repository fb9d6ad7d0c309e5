// One access table (spec section 2, ARCHITECTURE.md "Which app renders which route") and one rule
// function (spec section 6). The shell server runs `checkAccess` before sending any HTML; the
// client router runs the same function on every navigation.
import { PRODUCTION_STAGE } from './constants';
import type { PageWidth } from './pageWidths';
import { REMOTE_ROUTES, type RemoteName } from './remotes.generated';
import type { User } from './types';

export type { RemoteName } from './remotes.generated';
/** Who renders a page: the shell itself, or a remote of the one list (docs/adr/0039). */
export type AppName = 'shell' | RemoteName;

/**
 * - public: anyone.
 * - login: any signed-in user except vendors.
 * - vendor: signed-in users, vendors included.
 * - owner: subtype owner or admin (or an admin-type user).
 * - admin: type admin or channel.
 */
export type Access = 'public' | 'login' | 'vendor' | 'owner' | 'admin';

/** What a page's frame says under its title, and how wide the page is. */
export interface RouteFrame {
  /** The page's one line under its title. */
  summary: string;
  width: PageWidth;
}

export interface RouteDef {
  /** react-router style: `:param` and optional `:param?`. */
  path: string;
  access: Access;
  app: AppName;
  /** How the page is named in navigation and titles. */
  title: string;
  /**
   * The page's frame, when its header never changes: the page's header (shared-ui's `routeFrame`)
   * and the frame the shell draws while the remote's code loads both read it, so the two are the
   * same words in the same place (docs/adr/0045).
   */
  frame?: RouteFrame;
  /** Listed in the main navigation (for the people allowed to open it). */
  nav?: boolean;
  /**
   * Opens before the account has a payment card: rule 6 (billing) skips it. A host who has just
   * imported looks at what came in before adding a card (issue 33, finding 8; docs/adr/0031), and
   * anyone reaches their own settings (password, second step).
   */
  beforeCard?: boolean;
  /**
   * The signed-in person's own page (their settings), not an account's: staff open it in the
   * staff area as well as inside an account.
   */
  personal?: boolean;
}

export const ERROR_PATHS = {
  notFound: '/error/not-found',
  notAllowed: '/error/not-allowed',
  buildingNotFound: '/error/building-not-found',
} as const;

export const BILLING_PATH = '/billing';
export const LOGOUT_PATH = '/logout';
export const LOGIN_PATH = '/login';
/** Where Hostdash staff land, and where "Back to staff area" goes. */
export const STAFF_HOME_PATH = '/users';

/**
 * The access table: the remotes' pages, each declared in its remote's manifest (package.json
 * `hostdash.remote`, generated into remotes.generated.ts, docs/adr/0039), then the shell's own.
 * Matched in this order.
 */
export const routes: readonly RouteDef[] = [
  ...REMOTE_ROUTES,
  { path: '/login', access: 'public', app: 'shell', title: 'Sign in' },
  { path: '/login/challenge', access: 'public', app: 'shell', title: "Verify it's you" },
  { path: '/logout', access: 'public', app: 'shell', title: 'Sign out' },
  { path: '/account/reset/:token?', access: 'public', app: 'shell', title: 'Reset your password' },
  { path: '/accept-invite/:token', access: 'public', app: 'shell', title: 'Join your team' },
  { path: '/error/:id?', access: 'public', app: 'shell', title: 'Error' },
  { path: '/health', access: 'public', app: 'shell', title: 'Health' },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = segments(pattern);
  const given = segments(pathname);
  const params: Record<string, string> = {};
  let index = 0;
  for (const part of wanted) {
    const value = given[index];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
      index += 1;
    } else {
      if (value !== part) return null;
      index += 1;
    }
  }
  return index === given.length ? params : null;
}

/** The route that renders `pathname`, with its parameters; null for an unknown address. */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of routes) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

export const isAdmin = (user: Pick<User, 'type'>): boolean =>
  user.type === 'admin' || user.type === 'channel';
export const isVendor = (user: Pick<User, 'subtype'>): boolean => user.subtype === 'vendor';
export const isOwnerOrAdmin = (user: Pick<User, 'type' | 'subtype'>): boolean =>
  user.subtype === 'owner' || user.subtype === 'admin' || isAdmin(user);

export const buildingPath = (building: { account_id: string; slug: string }): string =>
  `/building/${encodeURIComponent(building.account_id)}/${encodeURIComponent(building.slug)}`;

/**
 * A page of a host's dashboard (their listings, reservations, team, billing …): what staff see only
 * inside an account they have opened. Public pages and the staff area are not.
 */
export const isHostPage = (route: Pick<RouteDef, 'access' | 'personal'>): boolean =>
  route.access !== 'public' && route.access !== 'admin' && !route.personal;

/** A staff member with no host account open: the staff area is theirs (docs/adr/0031). */
export const inStaffArea = (user: Pick<User, 'type' | 'viewing'>): boolean =>
  isAdmin(user) && !user.viewing;

/**
 * Where a user's dashboard starts: a vendor's first granted building, staff the staff area (or the
 * account they have opened), everyone else `/`.
 */
export function homePath(user: User): string {
  if (inStaffArea(user)) return STAFF_HOME_PATH;
  const first = isVendor(user) ? user.vendor_buildings?.[0] : undefined;
  return first ? buildingPath(first) : '/';
}

export interface AccessRequest {
  pathname: string;
  search?: string;
  user: User | null;
  /** `prod` applies the billing rule; any other stage skips it. */
  stage: string;
  /** The billing bypass cookie is present. */
  billingBypass: boolean;
}

export type AccessRule =
  | 'unknown-page'
  | 'sign-in'
  | 'inactive'
  | 'vendor'
  | 'staff-area'
  | 'owner-only'
  | 'admin-only'
  | 'billing';

export type AccessDecision =
  { allowed: true; match: RouteMatch } | { allowed: false; redirect: string; rule: AccessRule };

function deny(redirect: string, rule: AccessRule): AccessDecision {
  return { allowed: false, redirect, rule };
}

/**
 * Spec section 6, applied to one page load or navigation. Order, and why:
 * - An unknown address is not found, for everyone.
 * - Public pages are open to all.
 * - Rule 1: no user → sign in, returning here (to `/` from logout).
 * - Rule 5 before the role rules: a deactivated account is signed out wherever it goes, rather
 *   than told about buildings or permissions it no longer has.
 * - Rule 2: vendors stay on vendor pages (so a vendor on an owner or admin page gets
 *   building-not-found, not a hint that the page exists); `/` is a vendor's first building.
 * - Staff (issue 33): a host's page shows one account's data, so staff open it only inside an
 *   account they have opened; without one, a host page (`/` included) takes them to the staff area.
 * - Rules 3 and 4: owner-only → not-allowed; admin-only → not-found.
 * - Rule 6 last: billing applies only to a page the user could otherwise open, and not to the
 *   listings a host just imported (`beforeCard`), which the import's "See your listings" opens.
 */
export function checkAccess({
  pathname,
  search = '',
  user,
  stage,
  billingBypass,
}: AccessRequest): AccessDecision {
  const match = matchRoute(pathname);
  if (!match) return deny(ERROR_PATHS.notFound, 'unknown-page');
  const { route } = match;
  if (route.access === 'public') return { allowed: true, match };

  if (!user) {
    const next = pathname === LOGOUT_PATH ? '/' : `${pathname}${search}`;
    return deny(`${LOGIN_PATH}?next=${encodeURIComponent(next)}`, 'sign-in');
  }
  if (!user.is_active) return deny(LOGOUT_PATH, 'inactive');
  if (isVendor(user) && route.access !== 'vendor') {
    // A vendor's home is their first building: `/` takes them there, never to an error page.
    const home = homePath(user);
    return deny(pathname === '/' && home !== '/' ? home : ERROR_PATHS.buildingNotFound, 'vendor');
  }
  if (inStaffArea(user) && isHostPage(route)) return deny(STAFF_HOME_PATH, 'staff-area');
  if (route.access === 'owner' && !isOwnerOrAdmin(user))
    return deny(ERROR_PATHS.notAllowed, 'owner-only');
  if (route.access === 'admin' && !isAdmin(user)) return deny(ERROR_PATHS.notFound, 'admin-only');

  const billingApplies =
    stage === PRODUCTION_STAGE &&
    !billingBypass &&
    pathname !== BILLING_PATH &&
    !route.beforeCard &&
    !isAdmin(user);
  if (billingApplies && !user.billing?.stripe_customer_id) return deny(BILLING_PATH, 'billing');

  return { allowed: true, match };
}

/** A menu entry: a page's address without its optional parts (`/accounts/:id?/:action?`). */
export const entryPath = (path: string): string => path.replace(/\/:[^/]+\?/g, '') || '/';

export interface NavEntry {
  to: string;
  route: RouteDef;
}

/**
 * The main menu of a signed-in user, in the table's order: the pages of their area their role may
 * open. Hosts get their dashboard; staff the staff area, or, inside an account they have opened,
 * that account's menu as its owner has it (the frame leads back to the staff area).
 */
export function navigationFor(
  user: User,
  { stage, billingBypass }: Pick<AccessRequest, 'stage' | 'billingBypass'>,
): NavEntry[] {
  const viewingAccount = isAdmin(user) && Boolean(user.viewing);
  return routes.flatMap((route) => {
    if (!route.nav || route.app === 'shell') return [];
    if (viewingAccount && !isHostPage(route)) return [];
    const to = entryPath(route.path);
    return checkAccess({ pathname: to, user, stage, billingBypass }).allowed ? [{ to, route }] : [];
  });
}

// Any base will do: a `next` that resolves outside it is not a path of this site.
const SAME_SITE = 'http://same-site.invalid';
/** Backslashes (browsers read `/\host` as `//host`) and control characters (C0, DEL, C1). */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f-\u009f]/;
/** One leading `/` and then anything but another `/` or `\` (`//host` is another site). */
const SINGLE_LEADING_SLASH = /^\/(?![/\\])/;
/**
 * A path of this site reads plainly after one decoding. One encoded more than three times over is
 * refused rather than decoded until it settles, which would cost a pass over the path per layer.
 */
const MAX_DECODINGS = 3;

/** `text` percent-decoded until it reads plainly, or null if it does not decode (or not soon). */
function decodedFully(text: string): string | null {
  let current = text;
  for (let round = 0; round <= MAX_DECODINGS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return null;
}

/** RFC 3986's remove_dot_segments, for an absolute path: `/a/../b/.` is `/b`. */
function withoutDotSegments(path: string): string {
  const kept: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '..') kept.pop();
    else if (segment !== '.') kept.push(segment);
  }
  return `/${kept.join('/')}`;
}

/**
 * A path a browser, and any server or proxy that decodes and resolves it again, reads as a path
 * of this site: decoded, its dot segments resolved, it still starts with a single `/` and holds
 * no backslash or control character. (`/%2e%2e%2f%2fevil.com` is `//evil.com` to one that does.)
 */
function isPlainPath(pathname: string): boolean {
  const decoded = decodedFully(pathname);
  return (
    decoded !== null &&
    !UNSAFE_CHARACTER.test(decoded) &&
    SINGLE_LEADING_SLASH.test(withoutDotSegments(decoded))
  );
}

/**
 * The `next` a sign-in returns to (rule 1 puts it in the sign-in address): a path of this site
 * only, never another host, so the sign-in page is no open redirect. One rule for the server's
 * redirect and the sign-in pages, applied to what it returns: the URL parser resolves dot segments
 * (`/.//evil.com` becomes `//evil.com`), so the text as written proves nothing (issue 30). The
 * text must start with a single `/` and hold no backslash or control character (a browser drops a
 * tab or newline from `/<TAB>/evil.com` and goes to `//evil.com`); the path the parser makes of it
 * must pass `isPlainPath`. Anything else, or anything that does not decode, is `/`. What passes
 * comes back as the URL parser writes it: percent-encoded ASCII, safe in a Location header.
 */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !SINGLE_LEADING_SLASH.test(next) || UNSAFE_CHARACTER.test(next)) return '/';
  const url = new URL(next, SAME_SITE);
  if (url.origin !== SAME_SITE || !isPlainPath(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
