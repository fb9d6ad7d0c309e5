// What each of the 18 systems asks of a host to let Hostdash in, from its public API
// documentation (docsUrl). Hostaway and Guesty have real adapters (adapters/); the others are
// described so the connect page can show the right fields, and import only in the sandbox.
import type { CredentialField, PmsDescriptor, PmsName } from './pms';
import { PMS_NAMES } from './pms';

const field = (
  name: string,
  label: string,
  help: string,
  options: { secret?: boolean; pattern?: string } = {},
): CredentialField => ({ name, label, help, secret: options.secret ?? false, ...options });

const DIGITS = '^[0-9]+$';

const DESCRIPTORS: Readonly<Record<PmsName, PmsDescriptor>> = {
  guesty: {
    name: 'guesty',
    label: 'Guesty',
    auth: 'client_credentials',
    fields: [
      field(
        'clientId',
        'Client ID',
        'In Guesty: Integrations → API & Webhooks → Open API → New secret token; the Client ID is shown with it.',
      ),
      field(
        'clientSecret',
        'Client Secret',
        'Shown once when you create the Open API secret token in Guesty; create a new token if you did not keep it.',
        { secret: true },
      ),
    ],
    docsUrl: 'https://open-api-docs.guesty.com/docs/authentication',
    adapter: 'real',
  },
  rentalsunited: {
    name: 'rentalsunited',
    label: 'Rentals United',
    auth: 'api_key_secret',
    fields: [
      field(
        'username',
        'API username',
        'The email of your Rentals United API user (Settings → API users; Rentals United support enables it).',
      ),
      field('password', 'API password', 'The password set for that API user.', { secret: true }),
    ],
    docsUrl: 'https://developer.rentalsunited.com/',
    adapter: 'sandbox-only',
  },
  hostaway: {
    name: 'hostaway',
    label: 'Hostaway',
    auth: 'client_credentials',
    fields: [
      field(
        'accountId',
        'Account ID',
        'In Hostaway: Settings → Hostaway API; your Account ID is shown at the top of that page.',
        { pattern: DIGITS },
      ),
      field(
        'apiKey',
        'API Key',
        'In Hostaway: Settings → Hostaway API → Create; the key is shown once, copy it then.',
        { secret: true },
      ),
    ],
    docsUrl: 'https://api.hostaway.com/documentation',
    adapter: 'real',
  },
  cloudbeds: {
    name: 'cloudbeds',
    label: 'Cloudbeds',
    auth: 'oauth',
    fields: [],
    docsUrl: 'https://developers.cloudbeds.com/docs/authentication',
    adapter: 'sandbox-only',
  },
  apaleo: {
    name: 'apaleo',
    label: 'apaleo',
    auth: 'oauth',
    fields: [],
    docsUrl: 'https://apaleo.dev/guides/start/oauth-connection/',
    adapter: 'sandbox-only',
  },
  myvr: {
    name: 'myvr',
    label: 'MyVR',
    auth: 'oauth',
    fields: [],
    docsUrl: 'https://developer.myvr.com/',
    adapter: 'sandbox-only',
  },
  beds24: {
    name: 'beds24',
    label: 'Beds24',
    auth: 'api_key',
    fields: [
      field(
        'inviteCode',
        'Invite code',
        'In Beds24: Settings → Account → API → Generate invite code (API V2), with read access to properties and bookings.',
        { secret: true },
      ),
    ],
    docsUrl: 'https://beds24.com/api/v2',
    adapter: 'sandbox-only',
  },
  smartbnb: {
    name: 'smartbnb',
    label: 'Smartbnb',
    auth: 'api_key',
    fields: [
      field(
        'accessToken',
        'Personal access token',
        'Smartbnb is now Hospitable: in Hospitable, Apps → API access → Access tokens → New token.',
        { secret: true },
      ),
    ],
    docsUrl: 'https://developer.hospitable.com/docs/public-api-docs/',
    adapter: 'sandbox-only',
  },
  hostfully: {
    name: 'hostfully',
    label: 'Hostfully',
    auth: 'api_key',
    fields: [
      field(
        'apiKey',
        'API key',
        'In Hostfully: Agency settings → Integrations → API; request a key there if none is shown.',
        { secret: true },
      ),
      field(
        'agencyUid',
        'Agency UID',
        'In Hostfully: Agency settings → Integrations → API, beside the key.',
      ),
    ],
    docsUrl: 'https://dev.hostfully.com/reference/getting-started',
    adapter: 'sandbox-only',
  },
  impala: {
    name: 'impala',
    label: 'Impala',
    auth: 'api_key',
    fields: [
      field(
        'apiKey',
        'API key',
        'In the Impala dashboard: Developers → API keys (a production key, sent as x-api-key).',
        { secret: true },
      ),
    ],
    docsUrl: 'https://docs.impala.travel/docs/booking-api/',
    adapter: 'sandbox-only',
  },
  opera: {
    name: 'opera',
    label: 'OPERA Cloud',
    auth: 'client_credentials',
    fields: [
      field(
        'clientId',
        'Client ID',
        'From the Oracle Hospitality Integration Platform (OHIP) developer portal: your environment’s Client ID.',
      ),
      field('clientSecret', 'Client Secret', 'Beside the Client ID in the OHIP developer portal.', {
        secret: true,
      }),
      field(
        'appKey',
        'Application Key',
        'In the OHIP developer portal: Applications → your application → Application Key.',
        { secret: true },
      ),
      field('hotelId', 'Hotel ID', 'The OPERA Cloud property code (e.g. HOTEL1) of the hotel.'),
    ],
    docsUrl: 'https://docs.oracle.com/en/industries/hospitality/integration-platform/',
    adapter: 'sandbox-only',
  },
  streamline: {
    name: 'streamline',
    label: 'Streamline',
    auth: 'api_key_secret',
    fields: [
      field(
        'tokenKey',
        'Token key',
        'Streamline VRS issues an API token key and secret on request: ask Streamline support for API access.',
      ),
      field('tokenSecret', 'Token secret', 'Issued with the token key by Streamline.', {
        secret: true,
      }),
    ],
    docsUrl: 'https://www.streamlinevrs.com/',
    adapter: 'sandbox-only',
  },
  trackhs: {
    name: 'trackhs',
    label: 'Track',
    auth: 'api_key_secret',
    fields: [
      field(
        'domain',
        'Track domain',
        'The address you sign in to Track at, e.g. yourcompany.trackhs.com.',
      ),
      field('apiKey', 'API key', 'In Track: Settings → API Keys → Add (read access).'),
      field('apiSecret', 'API secret', 'Shown once with the key in Track.', { secret: true }),
    ],
    docsUrl: 'https://developer.trackhs.com/',
    adapter: 'sandbox-only',
  },
  escapia: {
    name: 'escapia',
    label: 'Escapia',
    auth: 'api_key_secret',
    fields: [
      field(
        'username',
        'API username',
        'The EscapiaNET API user your Escapia account manager set up for integrations.',
      ),
      field('password', 'API password', 'The password of that API user.', { secret: true }),
    ],
    docsUrl: 'https://www.escapia.com/',
    adapter: 'sandbox-only',
  },
  stayntouch: {
    name: 'stayntouch',
    label: 'Stayntouch',
    auth: 'client_credentials',
    fields: [
      field(
        'clientId',
        'Client ID',
        'Stayntouch issues API client credentials per integration: ask your Stayntouch account manager.',
      ),
      field('clientSecret', 'Client Secret', 'Issued with the Client ID by Stayntouch.', {
        secret: true,
      }),
      field('hotelId', 'Hotel ID', 'Your hotel’s id in Stayntouch PMS (Settings → Hotel).', {
        pattern: DIGITS,
      }),
    ],
    docsUrl: 'https://stayntouch.github.io/api-docs/',
    adapter: 'sandbox-only',
  },
  lavanda: {
    name: 'lavanda',
    label: 'Lavanda',
    auth: 'api_key',
    fields: [
      field(
        'apiKey',
        'API key',
        'In Lavanda: Settings → Integrations → API; ask Lavanda support if API access is not on.',
        { secret: true },
      ),
    ],
    docsUrl: 'https://www.getlavanda.com/',
    adapter: 'sandbox-only',
  },
  inforhms: {
    name: 'inforhms',
    label: 'Infor HMS',
    auth: 'client_credentials',
    fields: [
      field(
        'tenantId',
        'Tenant ID',
        'In Infor ION API: the tenant (ti) of the .ionapi file you download for an authorized backend service.',
      ),
      field('clientId', 'Client ID', 'The client id (ci) in that .ionapi file.'),
      field('clientSecret', 'Client Secret', 'The client secret (cs) in that .ionapi file.', {
        secret: true,
      }),
    ],
    docsUrl: 'https://docs.infor.com/inforos/',
    adapter: 'sandbox-only',
  },
  booking: {
    name: 'booking',
    label: 'Booking.com',
    auth: 'api_key_secret',
    fields: [
      field(
        'username',
        'Machine account username',
        'In the Booking.com Connectivity Partner Portal: Administration → Machine accounts.',
      ),
      field('password', 'Machine account password', 'Set when the machine account was created.', {
        secret: true,
      }),
      field(
        'hotelId',
        'Property ID',
        'Your property’s ID, shown at the top of the Booking.com extranet.',
        { pattern: DIGITS },
      ),
    ],
    docsUrl: 'https://developers.booking.com/connectivity/docs',
    adapter: 'sandbox-only',
  },
};

/** Every system's descriptor, in the order of PMS_NAMES. */
export const PMS_DESCRIPTORS: readonly PmsDescriptor[] = PMS_NAMES.map((name) => DESCRIPTORS[name]);

export const pmsDescriptor = (name: PmsName): PmsDescriptor => DESCRIPTORS[name];

/**
 * The check every adapter makes before calling its system: each field is filled and has its
 * documented shape. Null when they do; else the field error the connect page shows.
 */
export function missingCredential(
  descriptor: PmsDescriptor,
  credentials: Readonly<Record<string, string>>,
): { ok: false; field: string; message: string } | null {
  for (const { name, label, pattern } of descriptor.fields) {
    const value = credentials[name]?.trim() ?? '';
    if (!value)
      return { ok: false, field: name, message: `Enter your ${descriptor.label} ${label}` };
    if (pattern && !new RegExp(pattern).test(value))
      return { ok: false, field: name, message: `This is not a ${descriptor.label} ${label}` };
  }
  return null;
}
