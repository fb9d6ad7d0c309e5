// The authorization matrix: every operation of the API contract × every kind of caller, with the
// exact status each pair answers. One table: an operation of the OpenAPI document without a row
// fails the first test, and each row is tried for real, caller by caller, against the seeded
// database (account 1: the owner Olivia, her manager, a vendor granted Marina Lofts; an admin; the
// owner of another account; a deactivated user whose session still exists). Each row also agrees
// with the `security` the contract publishes, and the rows that serve a page agree with the
// dashboard's access table (shared-auth's access.ts), so the API and the pages cannot drift apart.
import sharp from 'sharp';
import { createSession } from './auth/sessions';
import { FLAGSMITH_PREFIX } from './flags/flagsmithRoutes';
import { DEMO_PASSWORD, startTestApi, type TestApi } from './testing/testApi';

const CALLERS = [
  'anonymous',
  'owner',
  'manager',
  'vendor',
  'admin',
  'otherOwner',
  'inactive',
] as const;
type Caller = (typeof CALLERS)[number];

/** The exact status for each caller, in CALLERS order. */
type Statuses = [
  anonymous: number,
  owner: number,
  manager: number,
  vendor: number,
  admin: number,
  otherOwner: number,
  inactive: number,
];

/** Who the contract says may call it (its `security`). */
type Access =
  | 'anyone'
  | 'flag key'
  | 'signed in'
  | 'staff'
  | 'own identity'
  | 'guest link'
  | 'delivery token'
  | 'hostaway webhook'
  | 'guesty webhook'
  | 'stripe webhook';

/** The ids of the seeded records the requests are about (read in beforeAll). */
interface Seed {
  listingId: string;
  listingStatus: string;
  reservationId: string;
  verification: string;
  notificationId: string;
  managerId: string;
  ownerId: string;
  /** A paid invoice of account 1 (seeded). */
  invoiceId: string;
  /** A month of account 1 already closed (seeded): closing it again changes nothing. */
  closedPeriod: string;
  /** The vendor of account 1. */
  vendorId: string;
  /** An open invite of account 1 (made in beforeAll): withdrawing it again changes nothing. */
  inviteId: string;
  /** A Stargate delivery of account 1 already released (made in beforeAll): nothing to act on. */
  releasedDeliveryId: string;
  /** The guest link's token of another upcoming stay of account 1 (made in beforeAll). */
  guestToken: string;
  /** That stay (its guest has an email): the check-in link can be mailed. */
  guestStayId: string;
  /** A small PNG a guest uploads. */
  photo: Buffer;
  /** A failed job (made in beforeAll): staff retry it. */
  failedJobId: string;
  matrixSchedule: string;
  /** A job queued for later (made in beforeAll): staff discard it. */
  queuedJobId: string;
}

interface Call {
  url: string;
  method?: 'GET' | 'POST' | 'DELETE' | 'OPTIONS';
  body?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  access: Access;
  call: (seed: Seed, caller: Caller) => Call;
  statuses: Statuses;
  /** The call ends the session it is sent with: each caller gets a new one for it. */
  freshSession?: boolean;
  /** The dashboard page whose calls these are (its access level must match the statuses). */
  page?: string;
}

const KEY = { 'x-environment-key': 'hostdash-dashboard' };
/** The shell server's rollout driver's secret (DELIVERY_TOKEN) in this API's configuration. */
const DELIVERY_TOKEN = 'matrix-delivery-token-0123456789abcdef';
const FS = FLAGSMITH_PREFIX;

// Readable names for the common shapes of a row's statuses.
//                         anon owner mgr vendor admin other inactive
/** Anyone, signed in or not, gets the same answer. */
const everyone = (status: number): Statuses => [
  status,
  status,
  status,
  status,
  status,
  status,
  status,
];
/** A call about the caller's own things (every active user has some). */
const ownThings: Statuses = [401, 200, 200, 200, 200, 200, 403];
/** A record of account 1: its people and staff; not building staff; another account: not found. */
const accountRecord = (status = 200): Statuses => [401, status, status, 403, status, 404, 403];
/** The /protect page's calls: the owner and staff only. */
const ownerOnly: Statuses = [401, 200, 403, 403, 200, 200, 403];
/** Hostdash staff only. */
const staffOnly = (status = 200): Statuses => [401, 403, 403, 403, status, 403, 403];
/**
 * The /billing page's calls about account 1 (`{id}` its owner): the owner and staff; the team
 * 403; another account's owner does not find it.
 */
const billingOwner = (status = 200): Statuses => [401, status, 403, 403, status, 404, 403];
/** The owner's own flag identity (user 1): nobody else's. */
const ownIdentity: Statuses = [401, 200, 403, 403, 403, 403, 403];

const MATRIX: Record<string, Row> = {
  'GET /health': { access: 'anyone', call: () => ({ url: '/health' }), statuses: everyone(200) },
  // Liveness and readiness (issue 18): for an orchestrator, no session.
  'GET /health/live': {
    access: 'anyone',
    call: () => ({ url: '/health/live' }),
    statuses: everyone(200),
  },
  'GET /health/ready': {
    access: 'anyone',
    call: () => ({ url: '/health/ready' }),
    statuses: everyone(200),
  },
  // The guest-facing portal (issue 16): the guest's link token decides, whoever else is signed in.
  'GET /guest/portal': {
    access: 'guest link',
    call: ({ guestToken }) => ({ url: '/guest/portal', headers: { 'x-guest-token': guestToken } }),
    statuses: everyone(200),
  },
  'POST /guest/portal/screen/{name}': {
    access: 'guest link',
    call: ({ guestToken }) => ({
      url: '/guest/portal/screen/arrival_time',
      method: 'POST',
      headers: { 'x-guest-token': guestToken },
      body: { values: { arrival_time: '15:00' } },
    }),
    statuses: everyone(200),
  },
  'POST /guest/portal/language': {
    access: 'guest link',
    call: ({ guestToken }) => ({
      url: '/guest/portal/language',
      method: 'POST',
      headers: { 'x-guest-token': guestToken },
      body: { language: 'en' },
    }),
    statuses: everyone(200),
  },
  'POST /guest/portal/image/{kind}': {
    access: 'guest link',
    call: ({ guestToken, photo }) => ({
      url: '/guest/portal/image/selfie',
      method: 'POST',
      headers: { 'x-guest-token': guestToken, 'content-type': 'image/png' },
      body: photo,
    }),
    statuses: everyone(200),
  },
  'GET /guest/portal/image/{kind}': {
    access: 'guest link',
    call: ({ guestToken }) => ({
      url: '/guest/portal/image/selfie',
      headers: { 'x-guest-token': guestToken },
    }),
    statuses: everyone(200),
  },
  // Not every step is done: the same refusal for everyone.
  'POST /guest/portal/complete': {
    access: 'guest link',
    call: ({ guestToken }) => ({
      url: '/guest/portal/complete',
      method: 'POST',
      headers: { 'x-guest-token': guestToken },
    }),
    statuses: everyone(409),
  },

  'POST /login': {
    access: 'anyone',
    call: () => ({
      url: '/login',
      method: 'POST',
      body: { email: 'owner@hostdash.test', password: 'hostdash-demo' },
    }),
    statuses: everyone(200),
  },
  'POST /user/auth/challenge': {
    access: 'anyone',
    call: () => ({
      url: '/user/auth/challenge',
      method: 'POST',
      body: { challengeToken: 'never-issued', code: '123456' },
    }),
    statuses: everyone(401),
  },
  'GET /logout': {
    access: 'anyone',
    call: () => ({ url: '/logout' }),
    statuses: everyone(200),
    freshSession: true,
  },
  'POST /user/auth/password/reset': {
    access: 'anyone',
    call: (_seed, caller) => ({
      url: '/user/auth/password/reset',
      method: 'POST',
      body: { email: `nobody-${caller.toLowerCase()}@hostdash.test` },
    }),
    statuses: everyone(200),
  },
  'POST /user/auth/password/confirm': {
    access: 'anyone',
    call: () => ({
      url: '/user/auth/password/confirm',
      method: 'POST',
      body: { token: 'never-issued', password: 'a-new-password' },
    }),
    statuses: everyone(400),
  },
  // Second-step enrolment, the caller's own: no seeded caller has one on or a set-up waiting when
  // these rows run (confirm and disable come before setup), so each answers its 409.
  'POST /user/auth/secondStep/confirm': {
    access: 'signed in',
    call: () => ({
      url: '/user/auth/secondStep/confirm',
      method: 'POST',
      body: { code: '123456' },
    }),
    statuses: [401, 409, 409, 409, 409, 409, 403],
  },
  'POST /user/auth/secondStep/disable': {
    access: 'signed in',
    call: () => ({
      url: '/user/auth/secondStep/disable',
      method: 'POST',
      body: { code: '123456' },
    }),
    statuses: [401, 409, 409, 409, 409, 409, 403],
  },
  'POST /user/auth/secondStep/setup': {
    access: 'signed in',
    call: () => ({ url: '/user/auth/secondStep/setup', method: 'POST', body: {} }),
    statuses: ownThings,
    page: '/settings/profile',
  },
  // The one call a deactivated user may make: the dashboard reads is_active and signs them out.
  'GET /loadAuth': {
    access: 'signed in',
    call: () => ({ url: '/loadAuth' }),
    statuses: [401, 200, 200, 200, 200, 200, 200],
  },
  'GET /user/notifications/load': {
    access: 'signed in',
    call: () => ({ url: '/user/notifications/load' }),
    statuses: ownThings,
  },
  // The owner's notification: removed once by her; anyone else's call does not find it.
  'POST /user/notifications/read': {
    access: 'signed in',
    call: () => ({ url: '/user/notifications/read', method: 'POST', body: { ids: ['999999'] } }),
    statuses: ownThings,
  },
  'POST /user/notifications/remove/{id}': {
    access: 'signed in',
    call: ({ notificationId }) => ({
      url: `/user/notifications/remove/${notificationId}`,
      method: 'POST',
    }),
    statuses: [401, 200, 404, 404, 404, 404, 403],
  },
  'GET /listing/load': {
    access: 'signed in',
    call: () => ({ url: '/listing/load' }),
    statuses: ownThings,
  },
  'GET /listing/stats': {
    access: 'signed in',
    call: () => ({ url: '/listing/stats' }),
    statuses: ownThings,
  },
  'GET /listing/get/{id}': {
    access: 'signed in',
    call: ({ listingId }) => ({ url: `/listing/get/${listingId}` }),
    statuses: accountRecord(),
    page: '/listing/1',
  },
  // The status it has already: allowed callers change nothing.
  'POST /listing/update/{id}': {
    access: 'signed in',
    call: ({ listingId, listingStatus }) => ({
      url: `/listing/update/${listingId}`,
      method: 'POST',
      body: { status: listingStatus },
    }),
    statuses: accountRecord(),
    page: '/listing/1',
  },
  // Marina Lofts is granted to the vendor: their page.
  'GET /listing/building/{accountId}/{slug}': {
    access: 'signed in',
    call: () => ({ url: '/listing/building/1/marina-lofts' }),
    statuses: [401, 200, 200, 200, 200, 404, 403],
    page: '/building/1/marina-lofts',
  },
  'GET /reservation/search': {
    access: 'signed in',
    call: () => ({ url: '/reservation/search' }),
    statuses: ownThings,
  },
  'GET /reservation/stats': {
    access: 'signed in',
    call: () => ({ url: '/reservation/stats' }),
    statuses: ownThings,
  },
  'GET /reservation/analytics': {
    access: 'signed in',
    call: () => ({ url: '/reservation/analytics' }),
    statuses: ownThings,
  },
  'GET /reservation/calendar': {
    access: 'signed in',
    call: () => ({ url: '/reservation/calendar?month=2026-11' }),
    // The caller's own portfolio (another owner: theirs); building staff use the building page.
    statuses: [401, 200, 200, 403, 200, 200, 403],
  },
  'GET /reservation/get/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/reservation/get/${reservationId}` }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  // On a listing of account 1: another account's owner names a listing that is not theirs (400).
  'POST /reservation/create': {
    access: 'signed in',
    call: ({ listingId }) => ({
      url: '/reservation/create',
      method: 'POST',
      body: {
        listing_id: listingId,
        guest_name: 'Matrix Guest',
        guest_email: 'matrix@example.com',
        guests: 2,
        check_in_date: '2031-03-10',
        check_out_date: '2031-03-12',
        source: 'direct',
      },
    }),
    statuses: [401, 201, 201, 403, 201, 400, 403],
    page: '/create-reservation',
  },
  // A version from the future: allowed callers get the stale-write answer, nothing changes.
  'POST /reservation/update/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({
      url: `/reservation/update/${reservationId}`,
      method: 'POST',
      body: { version: 2_000_000_000, guests: 2 },
    }),
    statuses: accountRecord(409),
    page: '/edit-reservation/1',
  },
  'GET /protect/settings': {
    access: 'signed in',
    call: () => ({ url: '/protect/settings' }),
    statuses: ownerOnly,
    page: '/protect',
  },
  'GET /protect/tolerancePreview': {
    access: 'signed in',
    call: () => ({ url: '/protect/tolerancePreview?risk=low' }),
    statuses: ownerOnly,
    page: '/protect',
  },
  // The tolerance each account already has: nothing changes.
  'POST /protect/actions/setRiskTolerance': {
    access: 'signed in',
    call: () => ({ url: '/protect/actions/setRiskTolerance?risk=balanced', method: 'POST' }),
    statuses: ownerOnly,
    page: '/protect',
  },
  'GET /protect/log': {
    access: 'signed in',
    call: () => ({ url: '/protect/log' }),
    statuses: ownerOnly,
    page: '/protect',
  },
  'GET /reservation/protectLog/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/reservation/protectLog/${reservationId}` }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  // The status it already has: allowed callers are told there is nothing to change (400).
  'POST /reservation/changeVerification/{id}': {
    access: 'signed in',
    call: ({ reservationId, verification }) => ({
      url: `/reservation/changeVerification/${reservationId}`,
      method: 'POST',
      body: { status: verification },
    }),
    statuses: accountRecord(400),
    page: '/reservation/1',
  },
  'POST /protect/webhook': {
    access: 'signed in',
    call: ({ reservationId }) => ({
      url: '/protect/webhook',
      method: 'POST',
      body: { reservation: reservationId, riskType: 'screening', source: 'dashboard' },
    }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  // Building staff may not write; another account's owner does not find the stay.
  'POST /stargate/messages': {
    access: 'signed in',
    call: ({ reservationId }) => ({
      url: '/stargate/messages',
      method: 'POST',
      body: {
        reservation_id: reservationId,
        kind: 'check_in_instructions',
        title: 'Matrix arrival',
        body: 'The key box is left of the door.',
      },
    }),
    statuses: [401, 201, 201, 403, 201, 404, 403],
    page: '/stargate',
  },
  // Everyone signed in reads their own scope: building staff their buildings', without the words.
  'GET /stargate/messages': {
    access: 'signed in',
    call: () => ({ url: '/stargate/messages' }),
    statuses: ownThings,
  },
  // A stay in Marina Lofts: granted to the vendor, who reads it without the words.
  'GET /stargate/reservation/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/stargate/reservation/${reservationId}` }),
    statuses: [401, 200, 200, 200, 200, 404, 403],
  },
  // Already released: allowed callers are told so (409), nothing changes.
  'POST /stargate/deliveries/{id}/release': {
    access: 'signed in',
    call: ({ releasedDeliveryId }) => ({
      url: `/stargate/deliveries/${releasedDeliveryId}/release`,
      method: 'POST',
      body: { note: 'The guest called the front desk.' },
    }),
    statuses: accountRecord(409),
    page: '/stargate/1',
  },
  'POST /stargate/deliveries/{id}/withdraw': {
    access: 'signed in',
    call: ({ releasedDeliveryId }) => ({
      url: `/stargate/deliveries/${releasedDeliveryId}/withdraw`,
      method: 'POST',
    }),
    statuses: accountRecord(409),
    page: '/stargate/1',
  },
  'GET /reservation/image/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/reservation/image/${reservationId}?image=id_front` }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  'GET /reservation/rotateImage/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({
      url: `/reservation/rotateImage/${reservationId}?image=id_front&sync=1`,
    }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  'GET /user/reports/generate/{type}/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/user/reports/generate/screening/${reservationId}` }),
    statuses: accountRecord(),
    page: '/download/screening',
  },
  'GET /user/reports/generate/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/user/reports/generate/${reservationId}` }),
    statuses: accountRecord(),
    page: '/download/guest-portal',
  },
  'POST /task/address': {
    access: 'signed in',
    call: () => ({
      url: '/task/address',
      method: 'POST',
      body: { address: '12 rua augusta, lisboa' },
    }),
    statuses: ownThings,
  },
  'GET /admin/flags': {
    access: 'staff',
    call: () => ({ url: '/admin/flags' }),
    statuses: staffOnly(),
    page: '/users',
  },
  'POST /admin/flags/{name}': {
    access: 'staff',
    call: () => ({
      url: '/admin/flags/outage_banner_dashboard',
      method: 'POST',
      body: { enabled: false },
    }),
    statuses: staffOnly(),
    page: '/users',
  },
  'GET /admin/user/load': {
    access: 'staff',
    call: () => ({ url: '/admin/user/load' }),
    statuses: staffOnly(),
    page: '/users',
  },
  'GET /admin/listing/load': {
    access: 'staff',
    call: () => ({ url: '/admin/listing/load?facets=1' }),
    statuses: staffOnly(),
    page: '/admin/listings',
  },
  'GET /admin/listing/get/{id}': {
    access: 'staff',
    call: ({ listingId }) => ({ url: `/admin/listing/get/${listingId}` }),
    statuses: staffOnly(),
    page: '/admin/listings',
  },
  'GET /admin/analytics': {
    access: 'staff',
    call: () => ({ url: '/admin/analytics?days=7' }),
    statuses: staffOnly(),
    page: '/admin/kibana',
  },
  // The front-end's health from the browsers' telemetry (issue 17), on the same page.
  'GET /admin/analytics/frontend': {
    access: 'staff',
    call: () => ({ url: '/admin/analytics/frontend?remote=listings' }),
    statuses: staffOnly(),
    page: '/admin/kibana',
  },
  'GET /admin/traces': {
    access: 'staff',
    call: () => ({ url: '/admin/traces' }),
    statuses: staffOnly(),
    page: '/admin/kibana',
  },
  // Activating someone active: nothing changes.
  'POST /admin/user/update/{userId}/{action}': {
    access: 'staff',
    call: ({ managerId }) => ({ url: `/admin/user/update/${managerId}/activate`, method: 'POST' }),
    statuses: staffOnly(),
    page: '/users',
  },
  'GET /user/accounts/search': {
    access: 'staff',
    call: () => ({ url: '/user/accounts/search?search=hart&size=10' }),
    statuses: staffOnly(),
    page: '/users',
  },
  // The background work and the mail log (issue 31, /admin/jobs).
  'GET /admin/jobs': {
    access: 'staff',
    call: () => ({ url: '/admin/jobs?state=failed' }),
    statuses: staffOnly(),
    page: '/admin/jobs',
  },
  'POST /admin/jobs/{id}/retry': {
    access: 'staff',
    call: ({ failedJobId }) => ({ url: `/admin/jobs/${failedJobId}/retry`, method: 'POST' }),
    statuses: staffOnly(),
    page: '/admin/jobs',
  },
  'POST /admin/jobs/{id}/discard': {
    access: 'staff',
    call: ({ queuedJobId }) => ({ url: `/admin/jobs/${queuedJobId}/discard`, method: 'POST' }),
    statuses: staffOnly(),
    page: '/admin/jobs',
  },
  'POST /admin/jobs/schedules/{name}/run': {
    access: 'staff',
    call: ({ matrixSchedule }) => ({
      url: `/admin/jobs/schedules/${matrixSchedule}/run`,
      method: 'POST',
    }),
    statuses: staffOnly(),
    page: '/admin/jobs',
  },
  'GET /admin/mails': {
    access: 'staff',
    call: () => ({ url: '/admin/mails?recipient=owner%40hostdash.test' }),
    statuses: staffOnly(),
    page: '/admin/jobs',
  },
  'GET /admin/accounts': {
    access: 'staff',
    call: () => ({ url: '/admin/accounts?search=hart' }),
    statuses: staffOnly(),
    page: '/admin/accounts',
  },
  // Staff open a host's account for their session (issue 33, docs/adr/0031): a session of its own,
  // so the shared admin session stays in the staff area for every other row.
  'POST /admin/viewing/{accountId}': {
    access: 'staff',
    call: () => ({ url: '/admin/viewing/1', method: 'POST' }),
    statuses: staffOnly(),
    freshSession: true,
    page: '/users',
  },
  'DELETE /admin/viewing': {
    access: 'staff',
    call: () => ({ url: '/admin/viewing', method: 'DELETE' }),
    statuses: staffOnly(),
    freshSession: true,
    page: '/users',
  },
  'GET /admin/user/get/{userId}': {
    access: 'staff',
    call: ({ managerId }) => ({ url: `/admin/user/get/${managerId}` }),
    statuses: staffOnly(),
    page: '/users',
  },
  // An unknown token: allowed callers are told so (400); nothing is attached or saved.
  'POST /user/billing/create/{id}': {
    access: 'signed in',
    call: ({ ownerId }) => ({
      url: `/user/billing/create/${ownerId}`,
      method: 'POST',
      body: { payment_method: 'pm_test_000000000000000000000000' },
    }),
    statuses: billingOwner(400),
    page: '/billing',
  },
  'POST /user/billing/updateCard/{id}': {
    access: 'signed in',
    call: ({ ownerId }) => ({
      url: `/user/billing/updateCard/${ownerId}`,
      method: 'POST',
      body: { payment_method: 'pm_test_000000000000000000000000' },
    }),
    statuses: billingOwner(400),
    page: '/billing',
  },
  'GET /user/billing/load/{id}': {
    access: 'signed in',
    call: ({ ownerId }) => ({ url: `/user/billing/load/${ownerId}` }),
    statuses: billingOwner(),
    page: '/billing',
  },
  'GET /user/billing/invoice/{invoiceId}/pdf': {
    access: 'signed in',
    call: ({ invoiceId }) => ({ url: `/user/billing/invoice/${invoiceId}/pdf` }),
    statuses: billingOwner(),
    page: '/billing',
  },
  // The card form's tokenisation (test mode): anyone signed in, as Stripe.js with the publishable key.
  'POST /billing/test-provider/payment-methods': {
    access: 'signed in',
    call: () => ({
      url: '/billing/test-provider/payment-methods',
      method: 'POST',
      body: {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: '123',
      },
    }),
    statuses: ownThings,
  },
  // A month already closed and paid: answered as it is, nothing charged.
  'POST /admin/billing/closePeriod': {
    access: 'staff',
    call: ({ closedPeriod }) => ({
      url: '/admin/billing/closePeriod',
      method: 'POST',
      body: { account_id: '1', period: closedPeriod },
    }),
    statuses: staffOnly(),
  },
  // The owner's team (the /accounts page).
  'GET /user/accounts/load': {
    access: 'signed in',
    call: () => ({ url: '/user/accounts/load' }),
    statuses: ownerOnly,
    page: '/accounts',
  },
  // An email that already has a user: allowed callers are told so (409); nothing is sent.
  'POST /user/accounts/invite': {
    access: 'signed in',
    call: () => ({
      url: '/user/accounts/invite',
      method: 'POST',
      body: { email: 'vendor@hostdash.test', name: 'Diego Alvarez', subtype: 'manager' },
    }),
    statuses: [401, 409, 403, 403, 409, 409, 403],
    page: '/accounts',
  },
  // Withdrawing an invite already withdrawn answers the same.
  'POST /user/accounts/invite/{inviteId}/cancel': {
    access: 'signed in',
    call: ({ inviteId }) => ({ url: `/user/accounts/invite/${inviteId}/cancel`, method: 'POST' }),
    statuses: billingOwner(),
    page: '/accounts',
  },
  // Activating someone active: nothing changes.
  'POST /user/accounts/update/{userId}/{action}': {
    access: 'signed in',
    call: ({ vendorId }) => ({ url: `/user/accounts/update/${vendorId}/activate`, method: 'POST' }),
    statuses: billingOwner(),
    page: '/accounts',
  },
  // The invite link's two calls: public; a link never issued is not found.
  'GET /user/accounts/signupLinkTokenLookup/{token}': {
    access: 'anyone',
    call: () => ({ url: '/user/accounts/signupLinkTokenLookup/never-issued' }),
    statuses: everyone(404),
  },
  'POST /user/accounts/acceptInvite/{token}': {
    access: 'anyone',
    call: () => ({
      url: '/user/accounts/acceptInvite/never-issued',
      method: 'POST',
      body: { password: 'a-new-password' },
    }),
    statuses: everyone(404),
  },
  // Onboarding (issue 15). The systems: public.
  'GET /channel/systems': {
    access: 'anyone',
    call: () => ({ url: '/channel/systems' }),
    statuses: everyone(200),
  },
  // Connecting is the owner's (and staff's, for their own account); refused sandbox credentials
  // are a field error, so nothing is connected or imported by this row.
  'POST /channel/{pms}/onboardUser': {
    access: 'signed in',
    call: () => ({
      url: '/channel/hostaway/onboardUser',
      method: 'POST',
      body: { credentials: { accountId: '100200', apiKey: 'not-the-key' } },
    }),
    statuses: [401, 400, 403, 403, 400, 400, 403],
    page: '/settings',
  },
  // The sandbox's consent page is public; it returns only to this dashboard (else 400).
  'GET /channel/{pms}/sandboxAuthorize': {
    access: 'anyone',
    call: () => ({
      url: '/channel/cloudbeds/sandboxAuthorize?state=s&redirect_uri=https%3A%2F%2Fevil.example%2F',
    }),
    statuses: everyone(400),
  },
  // A state this session never started: refused for everyone allowed to connect.
  'POST /user/updateOauthConnection': {
    access: 'signed in',
    call: () => ({
      url: '/user/updateOauthConnection?pms=cloudbeds',
      method: 'POST',
      body: { code: 'sandbox-0123456789abcdef', state: 'forged' },
    }),
    statuses: [401, 400, 403, 403, 400, 400, 403],
    page: '/settings',
  },
  // No import in these accounts: not found for those who may follow one.
  'GET /task/status': {
    access: 'signed in',
    call: () => ({ url: '/task/status?type=import&name=hostaway' }),
    statuses: [401, 404, 404, 403, 404, 404, 403],
  },
  // No import in these accounts: a normal state, answered 200 `{ import: null }` (issue 33).
  'GET /channel/{pms}/import': {
    access: 'signed in',
    call: () => ({ url: '/channel/hostaway/import' }),
    statuses: [401, 200, 200, 403, 200, 200, 403],
  },
  'POST /user/updateAfterIntegration': {
    access: 'signed in',
    call: () => ({ url: '/user/updateAfterIntegration?type=import&name=hostaway', method: 'POST' }),
    statuses: [401, 404, 403, 403, 404, 404, 403],
    page: '/settings',
  },
  'GET /user/integrations': {
    access: 'signed in',
    call: () => ({ url: '/user/integrations' }),
    statuses: ownerOnly,
    page: '/settings',
  },
  // No Hostaway connection in these accounts: no webhook to show (the owner's alone).
  'GET /user/integrations/{pms}/webhook': {
    access: 'signed in',
    call: () => ({ url: '/user/integrations/hostaway/webhook' }),
    statuses: [401, 404, 403, 403, 404, 404, 403],
    page: '/settings',
  },
  // The PMS webhooks (issue 31): a session proves nothing; an unknown webhook is refused (401)
  // whoever sends it.
  'POST /webhooks/hostaway/{webhookId}': {
    access: 'hostaway webhook',
    call: () => ({
      url: `/webhooks/hostaway/${'a'.repeat(32)}`,
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('hostdash-x:nope').toString('base64')}` },
      body: { object: 'reservation', event: 'reservation.created', data: { id: 1 } },
    }),
    statuses: everyone(401),
  },
  'POST /webhooks/guesty/{webhookId}': {
    access: 'guesty webhook',
    call: () => ({
      url: `/webhooks/guesty/${'a'.repeat(32)}`,
      method: 'POST',
      headers: { 'svix-id': 'msg_1', 'svix-timestamp': '1', 'svix-signature': 'v1,bm9wZQ==' },
      body: { event: 'reservation.new', reservation: { _id: 'r1' } },
    }),
    statuses: everyone(401),
  },
  // Stripe's webhook (issue 32): a session proves nothing, the Stripe-Signature does. This
  // matrix's API runs the test-mode provider, where the route is off (404) whoever calls; its
  // signature refusals are tried in billing/stripeWebhooks.test.ts.
  'POST /webhooks/stripe': {
    access: 'stripe webhook',
    call: () => ({
      url: '/webhooks/stripe',
      method: 'POST',
      headers: { 'stripe-signature': `t=1,v1=${'0'.repeat(64)}` },
      body: {
        id: 'evt_matrix',
        type: 'payment_intent.succeeded',
        created: 1,
        data: { object: { id: 'pi_matrix' } },
      },
    }),
    statuses: everyone(404),
  },
  // A system not connected: nothing to sync.
  'POST /user/updateIntegrations': {
    access: 'signed in',
    call: () => ({
      url: '/user/updateIntegrations',
      method: 'POST',
      body: { pms: 'hostaway', action: 'sync' },
    }),
    statuses: [401, 404, 403, 403, 404, 404, 403],
    page: '/settings',
  },
  // Browser telemetry (issue 17): public, the sign-in page reports too. Each caller's batch is
  // its own tab session; it holds a refusal with its call as well as a route change (issue 35).
  'POST /telemetry': {
    access: 'anyone',
    call: (_seed, caller) => ({
      url: '/telemetry',
      method: 'POST',
      body: {
        session: `matrix-tab-${caller}-0001`,
        shell: 'shell-0.1.0',
        events: [
          {
            type: 'route_change',
            at: new Date().toISOString(),
            route: '/reservation/:id',
            remote: 'reservations',
            remoteVersion: '0.1.0',
            inRollout: false,
            user: null,
            durationMs: 420,
          },
          // A refusal the page expected, with its call (issue 35): anyone's to report too.
          {
            type: 'api_refusal',
            at: new Date().toISOString(),
            route: '/reservation/:id',
            remote: 'reservations',
            remoteVersion: '0.1.0',
            inRollout: false,
            user: null,
            message: 'stale_write',
            apiMethod: 'POST',
            apiPath: '/reservation/changeVerification/:id',
            apiStatus: 409,
          },
        ],
      },
    }),
    statuses: everyone(202),
  },
  // The rollout driver's verdict (issue 17): the delivery token decides, whoever is signed in
  // (a wrong or missing token is 401: telemetry/rolloutHealth.test.ts).
  'GET /telemetry/rollout-health': {
    access: 'delivery token',
    call: () => ({
      url: '/telemetry/rollout-health?remote=listings&candidate=0.2.0&live=0.1.0&from=2026-11-25T10:00:00.000Z',
      headers: { 'x-delivery-token': DELIVERY_TOKEN },
    }),
    statuses: everyone(200),
  },
  // An open sign-up is public: the same 202 whoever asks (a mail to the address, nothing made).
  'POST /user/accounts/requestSignup': {
    access: 'anyone',
    call: (_seed, caller) => ({
      url: '/user/accounts/requestSignup',
      method: 'POST',
      body: {
        name: 'Nia',
        email: `nia-asks-${caller.toLowerCase()}@example.com`,
        company: 'Nia Stays',
        pms: 'hostaway',
      },
    }),
    statuses: everyone(202),
  },
  // Sign-up with a link is public; a link never issued is not found (and makes no account).
  'POST /user/accounts/signup': {
    access: 'anyone',
    call: (_seed, caller) => ({
      url: '/user/accounts/signup',
      method: 'POST',
      body: {
        name: 'Nia',
        email: `nia-${caller.toLowerCase()}@example.com`,
        company: 'Nia Stays',
        password: 'a-new-password',
        token: 'never-issued',
      },
    }),
    statuses: everyone(404),
  },
  // Staff only; an email that has a user already: 409, nothing mailed.
  'POST /admin/signupLinks': {
    access: 'staff',
    call: () => ({
      url: '/admin/signupLinks',
      method: 'POST',
      body: {
        name: 'Olivia',
        email: 'owner@hostdash.test',
        company: 'Olivia Stays',
        pms: 'hostaway',
      },
    }),
    statuses: staffOnly(409),
  },
  // The person's own settings (/settings/profile, every role): their profile, password and
  // preferences. The account's settings stay the owner's /settings.
  'GET /user/profile': {
    access: 'signed in',
    call: () => ({ url: '/user/profile' }),
    statuses: ownThings,
    page: '/settings/profile',
  },
  // Nothing to change: answered with the profile as it is.
  'POST /user/profile': {
    access: 'signed in',
    call: () => ({ url: '/user/profile', method: 'POST', body: {} }),
    statuses: ownThings,
    page: '/settings/profile',
  },
  // The password each caller has already: changed for real (the session it is sent with stays).
  'POST /user/auth/password/change': {
    access: 'signed in',
    call: () => ({
      url: '/user/auth/password/change',
      method: 'POST',
      body: { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD },
    }),
    statuses: ownThings,
    page: '/settings/profile',
  },
  'GET /user/notificationPreferences': {
    access: 'signed in',
    call: () => ({ url: '/user/notificationPreferences' }),
    statuses: ownThings,
    page: '/settings/profile',
  },
  // The default it has already: nothing changes.
  'POST /user/notificationPreferences': {
    access: 'signed in',
    call: () => ({
      url: '/user/notificationPreferences',
      method: 'POST',
      body: { mail_on_import_finished: true },
    }),
    statuses: ownThings,
    page: '/settings/profile',
  },
  // The guest portal's screens (issue 16). The account's: the /guestportal page's, the owner's
  // (staff and another account's owner: their own account's). Each change asks for what the
  // account has already, so nothing changes.
  'GET /guestportal/screens': {
    access: 'signed in',
    call: () => ({ url: '/guestportal/screens' }),
    statuses: ownerOnly,
    page: '/guestportal',
  },
  'POST /guestportal/screens/order': {
    access: 'signed in',
    call: () => ({
      url: '/guestportal/screens/order',
      method: 'POST',
      body: {
        order: [
          'contact',
          'id_upload',
          'selfie',
          'address',
          'house_rules',
          'usage_agreement',
          'arrival_time',
          'security_deposit',
        ],
      },
    }),
    statuses: ownerOnly,
    page: '/guestportal',
  },
  'POST /guestportal/controlScreen/account/{screen}': {
    access: 'signed in',
    call: () => ({ url: '/guestportal/controlScreen/account/selfie?state=on', method: 'POST' }),
    statuses: ownerOnly,
    page: '/guestportal',
  },
  'GET /guestportal/screen/{name}': {
    access: 'signed in',
    call: () => ({ url: '/guestportal/screen/contact' }),
    statuses: ownerOnly,
    page: '/guestportal/screen/contact',
  },
  // A field the contact screen cannot ask for: those allowed are told so (400), nothing is saved.
  'POST /guestportal/screen/{name}': {
    access: 'signed in',
    call: () => ({
      url: '/guestportal/screen/contact',
      method: 'POST',
      body: { title: 'Contact', text: '', required_fields: ['selfie'] },
    }),
    statuses: [401, 400, 403, 403, 400, 400, 403],
    page: '/guestportal/screen/contact',
  },
  'POST /guestportal/screen/{name}/translation/{language}': {
    access: 'signed in',
    call: () => ({
      url: '/guestportal/screen/contact/translation/fr',
      method: 'POST',
      body: { title: 'Comment vous joindre ?', text: 'Votre téléphone, s’il vous plaît.' },
    }),
    statuses: ownerOnly,
    page: '/guestportal/screen/contact',
  },
  'DELETE /guestportal/screen/{name}/translation/{language}': {
    access: 'signed in',
    call: () => ({ url: '/guestportal/screen/contact/translation/fr', method: 'DELETE' }),
    statuses: ownerOnly,
    page: '/guestportal/screen/contact',
  },
  // A listing's and a stay's own switches, on their pages: the account's people but building
  // staff. `inherit` where there is no own setting: nothing changes.
  'POST /guestportal/controlScreen/listing/{id}/{screen}': {
    access: 'signed in',
    call: ({ listingId }) => ({
      url: `/guestportal/controlScreen/listing/${listingId}/selfie?state=inherit`,
      method: 'POST',
    }),
    statuses: accountRecord(),
    page: '/listing/1',
  },
  'POST /guestportal/controlScreen/reservation/{id}/{screen}': {
    access: 'signed in',
    call: ({ reservationId }) => ({
      url: `/guestportal/controlScreen/reservation/${reservationId}/selfie?state=inherit`,
      method: 'POST',
    }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  'GET /guestportal/effective/listing/{id}': {
    access: 'signed in',
    call: ({ listingId }) => ({ url: `/guestportal/effective/listing/${listingId}` }),
    statuses: accountRecord(),
    page: '/listing/1',
  },
  // A reservation's guest link: on the reservation page, for the account's people.
  'GET /guestportal/link/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/guestportal/link/${reservationId}` }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  'POST /guestportal/link/{id}/renew': {
    access: 'signed in',
    call: ({ reservationId }) => ({
      url: `/guestportal/link/${reservationId}/renew`,
      method: 'POST',
    }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  // The guest's mails (issue 31): on the reservation page, for the account's people.
  'GET /reservation/guestMails/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/reservation/guestMails/${reservationId}` }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  // The stay's guest has an email: each allowed caller mails them the link again.
  'POST /reservation/guestInvite/{id}': {
    access: 'signed in',
    call: ({ guestStayId }) => ({ url: `/reservation/guestInvite/${guestStayId}`, method: 'POST' }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  // The list's bulk send: another account's owner is told, stay by stay, that it is not theirs.
  'POST /reservation/guestInvites': {
    access: 'signed in',
    call: ({ guestStayId }) => ({
      url: '/reservation/guestInvites',
      method: 'POST',
      body: { ids: [guestStayId] },
    }),
    statuses: [401, 200, 200, 403, 200, 200, 403],
    page: '/reservations',
  },
  // The account's automatic guest invites, on /settings: the owner and staff.
  'GET /user/guestInvites': {
    access: 'signed in',
    call: () => ({ url: '/user/guestInvites' }),
    statuses: ownerOnly,
    page: '/settings',
  },
  // What each account already has: nothing changes.
  'POST /user/guestInvites': {
    access: 'signed in',
    call: () => ({ url: '/user/guestInvites', method: 'POST', body: { enabled: true } }),
    statuses: ownerOnly,
    page: '/settings',
  },
  'GET /guestportal/effective/reservation/{id}': {
    access: 'signed in',
    call: ({ reservationId }) => ({ url: `/guestportal/effective/reservation/${reservationId}` }),
    statuses: accountRecord(),
    page: '/reservation/1',
  },
  'OPTIONS /flagsmith/api/v1/{*}': {
    access: 'anyone',
    call: () => ({
      url: `${FS}/identities/`,
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    }),
    statuses: everyone(204),
  },
  'GET /flagsmith/api/v1/flags/': {
    access: 'flag key',
    call: () => ({ url: `${FS}/flags/`, headers: KEY }),
    statuses: everyone(200),
  },
  'GET /flagsmith/api/v1/identities/': {
    access: 'own identity',
    call: ({ ownerId }) => ({ url: `${FS}/identities/?identifier=${ownerId}`, headers: KEY }),
    statuses: ownIdentity,
  },
  'POST /flagsmith/api/v1/identities/': {
    access: 'own identity',
    call: ({ ownerId }) => ({
      url: `${FS}/identities/`,
      method: 'POST',
      headers: KEY,
      body: { identifier: ownerId, traits: [{ trait_key: 'plan', trait_value: 'pro' }] },
    }),
    statuses: ownIdentity,
  },
  'POST /flagsmith/api/v1/analytics/flags/': {
    access: 'flag key',
    call: () => ({
      url: `${FS}/analytics/flags/`,
      method: 'POST',
      headers: KEY,
      body: { outage_banner_dashboard: 1 },
    }),
    statuses: everyone(200),
  },
};

const SECURITY: Record<Access, string[]> = {
  anyone: [],
  'flag key': ['environmentKey'],
  'signed in': ['session'],
  staff: ['session'],
  'own identity': ['environmentKey', 'session'],
  'guest link': ['guestToken'],
  'delivery token': ['deliveryToken'],
  'hostaway webhook': ['hostawayWebhook'],
  'guesty webhook': ['guestyWebhook'],
  'stripe webhook': ['stripeSignature'],
};

/** The dashboard's access table, through shared-auth's public entry (mapped to its source). */
const { matchRoute } = jest.requireActual('@hostdash/shared-auth') as {
  matchRoute(pathname: string): { route: { access: string } } | null;
};

let api: TestApi;
let operations: Map<string, { security?: Array<Record<string, unknown>> }>;
let seed: Seed;
const sessions = {} as Record<Exclude<Caller, 'anonymous'>, string>;
const EMAILS: Record<Exclude<Caller, 'anonymous'>, string> = {
  owner: 'owner@hostdash.test',
  manager: 'manager@hostdash.test',
  vendor: 'vendor@hostdash.test',
  admin: 'admin@hostdash.test',
  otherOwner: 'newhost@hostdash.test',
  inactive: 'inactive@hostdash.test',
};

/** A new session for `caller` (a deactivated user cannot sign in: theirs is made directly). */
async function sessionFor(caller: Exclude<Caller, 'anonymous'>): Promise<string> {
  if (caller !== 'inactive') return api.signIn(EMAILS[caller]);
  const [user] = await api.db.query<{ id: string }>('select id::text from users where email = $1', [
    EMAILS.inactive,
  ]);
  return (await createSession(api.db, user?.id ?? '', api.config.sessionTtlMs)).sessionId;
}

beforeAll(async () => {
  api = await startTestApi({ config: { deliveryToken: DELIVERY_TOKEN } });
  const document = (
    await api.get<{ paths: Record<string, Record<string, object>> }>('/openapi.json')
  ).body;
  operations = new Map(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    ),
  );
  for (const caller of CALLERS)
    if (caller !== 'anonymous') sessions[caller] = await sessionFor(caller);
  const one = async <T extends object>(text: string): Promise<T> => {
    const [row] = await api.db.query<T>(text);
    if (!row) throw new Error(`the seed has no row for: ${text}`);
    return row;
  };
  // A listing and a stay with identity images in Marina Lofts (account 1, granted to the vendor).
  const listing = await one<{ id: string; status: string }>(
    `select l.id::text as id, l.status from listings l join buildings b on b.id = l.building_id
     where b.slug = 'marina-lofts' and l.account_id = 1 order by l.id limit 1`,
  );
  const reservation = await one<{ id: string; verification_status: string }>(
    `select r.id::text as id, r.verification_status from reservations r
     join listings l on l.id = r.listing_id join buildings b on b.id = l.building_id
     where b.slug = 'marina-lofts' and r.account_id = 1
       and exists (select 1 from reservation_images i where i.reservation_id = r.id and i.kind = 'id_front')
     order by r.id limit 1`,
  );
  const notification = await one<{ id: string }>(
    `select n.id::text as id from notifications n join users u on u.id = n.user_id
     where u.email = 'owner@hostdash.test' and n.removed_at is null order by n.id limit 1`,
  );
  const invoice = await one<{ id: string; period: string }>(
    `select id::text as id, period from invoices where account_id = 1 and status = 'paid' order by id limit 1`,
  );
  const user = (email: string) =>
    one<{ id: string }>(`select id::text from users where email = '${email}'`);
  // Another coming stay of account 1 than the one the link rows renew, and its guest's token.
  const guestStay = await one<{ id: string }>(
    `select id::text as id from reservations where account_id = 1 and status = 'CONFIRMED'
     and check_in_date > current_date and id <> ${reservation.id} order by id limit 1`,
  );
  const guestLink = await api.get<{ url: string }>(
    `/guestportal/link/${guestStay.id}`,
    sessions.owner,
  );
  seed = {
    guestToken: guestLink.body.url.slice(api.config.guestPortalUrl.length),
    guestStayId: guestStay.id,
    photo: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
    listingId: listing.id,
    listingStatus: listing.status,
    reservationId: reservation.id,
    verification: reservation.verification_status,
    notificationId: notification.id,
    managerId: (await user(EMAILS.manager)).id,
    ownerId: (await user(EMAILS.owner)).id,
    invoiceId: invoice.id,
    closedPeriod: invoice.period,
    vendorId: (await user(EMAILS.vendor)).id,
    inviteId: (
      await one<{ id: string }>(
        `insert into team_invites (account_id, email, name, subtype, token_hash, expires_at)
         values (1, 'matrix.invite@example.com', 'Matrix Invite', 'manager', 'matrix-invite', now() + interval '7 days')
         returning id::text as id`,
      )
    ).id,
    failedJobId: (
      await one<{ id: string }>(
        `insert into jobs (queue, state, attempts, last_error, finished_at)
         values ('matrix.job', 'failed', 5, 'Matrix failure', now()) returning id::text as id`,
      )
    ).id,
    // A schedule row as an API's worker writes it at start (the test API runs no worker).
    matrixSchedule: (
      await one<{ name: string }>(
        `insert into job_schedules (name, cron, queue, next_run_at)
         values ('matrix.schedule', '0 3 * * *', 'matrix.job', now() + interval '1 day')
         returning name`,
      )
    ).name,
    queuedJobId: (
      await one<{ id: string }>(
        `insert into jobs (queue, run_after) values ('matrix.job', now() + interval '1 day')
         returning id::text as id`,
      )
    ).id,
    releasedDeliveryId: (
      await one<{ id: string }>(
        `with message as (
           insert into stargate_messages (account_id, reservation_id, kind, title, body, created_by_name)
           values (1, ${reservation.id}, 'door_code', 'Matrix door code', '4821', 'Olivia Hart')
           returning id, reservation_id
         )
         insert into stargate_deliveries (message_id, reservation_id, account_id, state, released_at)
         select id, reservation_id, 1, 'released', now() from message
         returning id::text as id`,
      )
    ).id,
  };
});
afterAll(() => api.close());

test('every operation of the contract has a row, and every row an operation', () => {
  expect([...operations.keys()].sort()).toEqual(Object.keys(MATRIX).sort());
});

test.each(Object.entries(MATRIX))(
  '%s: the contract says who may call it',
  (operation, { access }) => {
    const schemes = (operations.get(operation)?.security ?? []).flatMap((entry) =>
      Object.keys(entry),
    );
    expect(schemes.sort()).toEqual(SECURITY[access]);
  },
);

const PAIRS = Object.entries(MATRIX).flatMap(([operation, row]) =>
  CALLERS.map((caller, index) => [operation, caller, row.statuses[index] as number] as const),
);

test.each(PAIRS)('%s as %s: %i', async (operation, caller, expected) => {
  const row = MATRIX[operation] as Row;
  const { url, method = 'GET', body, headers = {} } = row.call(seed, caller);
  const session =
    caller === 'anonymous'
      ? undefined
      : row.freshSession
        ? await sessionFor(caller)
        : sessions[caller];
  const response = await api.request({
    method,
    url,
    headers: { ...headers, ...(session ? { authorization: session } : {}) },
    ...(body === undefined ? {} : { payload: body }),
  });
  expect({ operation, caller, status: response.status }).toEqual({
    operation,
    caller,
    status: expected,
  });
  // A refusal says why, in the one error shape.
  if (expected >= 400) expect(response.body).toMatchObject({ error: expect.any(String) });
});

// The API and the dashboard's pages decide access from one idea: a row that serves a page answers
// the owner, the manager and the vendor as that page's access level says.
const PAGE_ROWS = Object.entries(MATRIX).filter(([, row]) => row.page !== undefined);

test.each(PAGE_ROWS)('%s agrees with the access table', (_operation, row) => {
  const level = matchRoute(row.page as string)?.route.access;
  const [, owner, manager, vendor, admin] = row.statuses;
  const allowed = (status: number): boolean => status !== 401 && status !== 403;
  expect(allowed(admin)).toBe(true);
  switch (level) {
    case 'admin':
      expect([owner, manager, vendor]).toEqual([403, 403, 403]);
      break;
    case 'owner':
      expect([allowed(owner), manager, vendor]).toEqual([true, 403, 403]);
      break;
    case 'login':
      expect([allowed(owner), allowed(manager), vendor]).toEqual([true, true, 403]);
      break;
    case 'vendor':
      expect([owner, manager, vendor].every(allowed)).toBe(true);
      break;
    default:
      throw new Error(`${row.page} is not a page of the access table (${String(level)})`);
  }
});
