// The API contract's table of contents: every named schema (components.schemas in the OpenAPI
// document) and the document's header. `npm run contract` writes api/openapi.json from the routes
// and these; the remotes' types are generated from that file (ADR 6).
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ApiErrorSchema, Ok, type NamedSchema } from './http/schemas';
import { TEAM_SCHEMAS } from './accounts/teamSchemas';
import { ADMIN_JOB_SCHEMAS } from './admin/jobAdminSchemas';
import { ACCOUNT_SCHEMAS } from './auth/authSchemas';
import { BILLING_SCHEMAS } from './billing/billingSchemas';
import { STRIPE_WEBHOOK_SCHEMAS } from './billing/stripeWebhookSchemas';
import { GUEST_PORTAL_SCHEMAS } from './guestportal/screensSchemas';
import { GUEST_SCHEMAS } from './guest/guestSchemas';
import { GUEST_INVITE_SCHEMAS } from './guest/guestInviteSchemas';
import { HEALTH_SCHEMAS } from './health/healthSchemas';
import { LISTING_SCHEMAS } from './listings/listingSchemas';
import { ONBOARDING_SCHEMAS } from './onboarding/onboardingSchemas';
import { WEBHOOK_SCHEMAS } from './pms/sync/webhookSchemas';
import { PLATFORM_SCHEMAS } from './platform/platformSchemas';
import { CALENDAR_SCHEMAS } from './reservations/calendar';
import { RESERVATION_SCHEMAS } from './reservations/reservationSchemas';
import { SETTINGS_SCHEMAS } from './settings/settingsSchemas';
import { STARGATE_SCHEMAS } from './stargate/stargateSchemas';
import { FRONTEND_ANALYTICS_SCHEMAS } from './telemetry/analyticsSchemas';
import { TELEMETRY_SCHEMAS } from './telemetry/telemetrySchemas';
import { TRACE_SCHEMAS } from './tracing/traceSchemas';

/**
 * The contract's version: major for a change that breaks a client written against the last one
 * (a field removed or renamed, a type narrowed, a route gone), minor for an addition, patch for
 * words. The drift check (`npm run contract:check`) makes every change visible in review.
 */
export const CONTRACT_VERSION = '3.4.0';

export const NAMED_SCHEMAS: NamedSchema[] = [
  ApiErrorSchema,
  Ok,
  ...ACCOUNT_SCHEMAS,
  ...HEALTH_SCHEMAS,
  ...LISTING_SCHEMAS,
  ...RESERVATION_SCHEMAS,
  ...CALENDAR_SCHEMAS,
  ...BILLING_SCHEMAS,
  ...PLATFORM_SCHEMAS,
  ...TEAM_SCHEMAS,
  ...ONBOARDING_SCHEMAS,
  ...WEBHOOK_SCHEMAS,
  ...STRIPE_WEBHOOK_SCHEMAS,
  ...SETTINGS_SCHEMAS,
  ...GUEST_PORTAL_SCHEMAS,
  ...GUEST_SCHEMAS,
  ...GUEST_INVITE_SCHEMAS,
  ...STARGATE_SCHEMAS,
  ...TELEMETRY_SCHEMAS,
  ...FRONTEND_ANALYTICS_SCHEMAS,
  ...TRACE_SCHEMAS,
  ...ADMIN_JOB_SCHEMAS,
];

/** Tags by area, in the order the docs show them. */
export const TAGS = [
  { name: 'auth', description: 'Sign-in, second step, session, sign-out, password reset.' },
  { name: 'notifications', description: 'The bell menu.' },
  {
    name: 'settings',
    description: 'The signed-in person’s own profile, password and notification preferences.',
  },
  { name: 'listings', description: 'Listings, their stats and updates.' },
  { name: 'buildings', description: 'Buildings and the building view of their staff.' },
  { name: 'reservations', description: 'Reservations: search, detail, stats, create and edit.' },
  { name: 'protect', description: 'Screening, verification, risk tolerance and the protect log.' },
  {
    name: 'stargate',
    description:
      'The message relay: messages to guests held until they are verified, then released.',
  },
  { name: 'images', description: "A guest's identity images." },
  { name: 'reports', description: 'Guest-portal and screening reports (PDF, CSV).' },
  {
    name: 'guestportal',
    description:
      'The guest portal’s screens: the account’s order, switches and content, and each listing’s and reservation’s own switches; a reservation’s guest link.',
  },
  {
    name: 'guest',
    description: 'The guest-facing portal, through the guest’s link (`X-Guest-Token`): no session.',
  },
  { name: 'tasks', description: 'Helpers the forms call (address normalisation).' },
  {
    name: 'billing',
    description: 'The card, the upcoming invoice, invoices and their PDFs (account owners).',
  },
  {
    name: 'team',
    description: 'The owner’s team: teammates, invites and their links (account owners).',
  },
  {
    name: 'onboarding',
    description:
      'Connecting a property-management system, its import tasks, the account’s connections, sign-up.',
  },
  {
    name: 'webhooks',
    description:
      'What other systems call when something changes there: property-management systems when a booking changes (Hostaway: basic auth; Guesty: a Svix signature), Stripe when a payment or a card changes (a Stripe signature). No session.',
  },
  { name: 'flags', description: 'Feature flags: the Flagsmith-compatible API and the admin view.' },
  { name: 'admin', description: 'Hostdash staff only.' },
  {
    name: 'telemetry',
    description:
      'The browser’s reports (errors, load failures, API failures, Web Vitals): no session.',
  },
  { name: 'health', description: 'Liveness of the API and its database.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

export const OPENAPI_INFO: NonNullable<FastifyDynamicSwaggerOptions['openapi']> = {
  openapi: '3.1.0',
  info: {
    title: 'Hostdash API',
    version: CONTRACT_VERSION,
    description:
      'The API behind the Hostdash dashboard. Through the dashboard it is served under `/api` with the session taken from an HttpOnly cookie; called directly, send the session id as the `Authorization` header. Every error is `{ error, message }`.',
  },
  tags: TAGS.map((tag) => ({ ...tag })),
  components: {
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'The session id from `POST /login` (the dashboard’s proxy adds it).',
      },
      guestToken: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Guest-Token',
        description:
          'The token of a guest’s link (the end of `GuestLink.url`): opens that reservation’s portal only.',
      },
      deliveryToken: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Delivery-Token',
        description:
          'DELIVERY_TOKEN, shared by the API and the shell server: the rollout driver’s health verdict only.',
      },
      hostawayWebhook: {
        type: 'http',
        scheme: 'basic',
        description:
          'The login and password of a connection’s Hostaway webhook (shown to its owner on /settings).',
      },
      guestyWebhook: {
        type: 'apiKey',
        in: 'header',
        name: 'svix-signature',
        description:
          'A Svix signature (`v1,<base64 HMAC-SHA256>` of `svix-id.svix-timestamp.body`) made with the connection’s Guesty webhook secret; the timestamp within 5 minutes, the id never seen before.',
      },
      stripeSignature: {
        type: 'apiKey',
        in: 'header',
        name: 'Stripe-Signature',
        description:
          'Stripe’s signature (`t=<unix time>,v1=<hex HMAC-SHA256 of "t.body">`) made with the webhook endpoint’s signing secret (STRIPE_WEBHOOK_SECRET), within 5 minutes; checked with the official SDK.',
      },
      environmentKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Environment-Key',
        description:
          'The flag environment’s key (FLAGSMITH_ENVIRONMENT_KEY), for the Flagsmith API.',
      },
    },
  },
};
