// A small stand-in for the settings page's API over real HTTP, so the page, its saga and the shared
// client run for real in component tests. What the API really does (who may, what is stored, the
// codes' arithmetic) is tested against the real database in api/src/settings/settings.test.ts,
// api/src/auth/secondStep.test.ts and api/src/onboarding/onboarding.test.ts; every answer here is
// checked against the API contract (api/openapi.json).
import type { User } from '@hostdash/api-contract';
import { PMS_NAMES } from '@hostdash/shared-auth';
import { makeTask as makeQueuedTask } from './onboardServer';
import { keepsContract } from '@hostdash/testing/contract';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type { ImportTask, PmsSystem, PmsSystemList } from '../connect/onboardApi';
import type {
  Integrations,
  ListingSource,
  NotificationPreferences,
  PmsConnectionSummary,
  Profile,
} from '../settings/settingsApi';
import type { GuestInviteSettings } from '../settings/guestInvitesApi';

type PmsName = PmsConnectionSummary['pms'];

export const PASSWORD = 'correct horse battery';
/** The code the stand-in's authenticator shows now. */
export const CURRENT_CODE = '246810';
/** A right code already used (at sign-in or to turn the second step on): the API says so. */
export const USED_CODE = '135790';
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const RECOVERY_CODES = [
  'abcde-fghij',
  'bcdef-ghijk',
  'cdefg-hijkm',
  'defgh-ijkmn',
  'efghi-jkmnp',
  'fghij-kmnpq',
  'ghijk-mnpqr',
  'hijkm-npqrs',
  'ijkmn-pqrst',
  'jkmnp-qrstu',
];

/** An import of `pms` under way (84 of 120 listings); `overrides` for any other moment. */
export function makeTask(pms: PmsName, overrides: Partial<ImportTask> = {}): ImportTask {
  return makeQueuedTask({
    id: '70',
    pms,
    state: 'running',
    step: 'listings',
    progress: {
      listings: { done: 84, total: 120 },
      reservations: { done: 0, total: null },
      screening: { done: 0, total: null },
    },
    created_at: '2026-11-25T10:00:00Z',
    started_at: '2026-11-25T10:00:01Z',
    server_time: new Date().toISOString(),
    ...overrides,
  });
}

export function makeConnection(
  pms: PmsName,
  overrides: Partial<PmsConnectionSummary> = {},
): PmsConnectionSummary {
  return {
    pms,
    label: PMS_NAMES[pms] ?? pms,
    auth: 'api_key',
    status: 'connected',
    last_sync_at: '2026-11-24T09:30:00Z',
    next_sync_at: null,
    webhook_url: null,
    listings_count: 120,
    reservations_count: 348,
    connected_at: '2026-10-02T08:00:00Z',
    task: null,
    ...overrides,
  };
}

/** A system the account's listings came from (120 of them, last synced a few days ago). */
export function makeSource(pms: PmsName, overrides: Partial<ListingSource> = {}): ListingSource {
  return {
    pms,
    label: PMS_NAMES[pms] ?? pms,
    listings_count: 120,
    connected: false,
    last_sync_at: '2026-11-24T09:30:00Z',
    ...overrides,
  };
}

export const SYSTEMS: PmsSystemList = {
  sandbox: true,
  items: Object.entries(PMS_NAMES).map(([name, label]): PmsSystem => ({
    name: name as PmsName,
    label,
    auth: 'api_key',
    fields: [],
    docs_url: `https://docs.example/${name}`,
    real_adapter: name === 'hostaway' || name === 'guesty',
    connectable: true,
    sandbox_credentials: null,
  })),
};

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  mail_on_red_reservation: true,
  mail_on_import_finished: true,
  in_app_on_verification_change: true,
  in_app_on_risky_booking: true,
};

export interface SettingsServerState {
  /** Who is signed in (the demo owner unless a test says otherwise). */
  user: User;
  integrations: Integrations;
  /** The account's automatic guest invites (issue 31). */
  guestInvites: GuestInviteSettings;
  name: string;
  email: string;
  password: string;
  secondStep: boolean;
  /** A set-up waiting for its first code. */
  pendingSecret: string | null;
  recoveryCodes: string[];
  preferences: NotificationPreferences;
  /** Emails other users have. */
  takenEmails: string[];
  /** The next change (not a load) answers this instead. */
  refuseNext: UpstreamAnswer | null;
  /** `GET /user/integrations` answers this instead (e.g. a manager's 403). */
  integrationsRefusal: UpstreamAnswer | null;
  /** Each `GET /user/integrations` first runs this (e.g. to move an import on). */
  onIntegrations: ((integrations: Integrations) => Integrations) | null;
}

export interface SettingsServer extends Upstream, SettingsServerState {
  requestsTo: (pathname: string, method?: string) => RecordedRequest[];
  bodiesTo: (pathname: string) => unknown[];
}

const refusal = (status: number, error: string, message: string, extra = {}): UpstreamAnswer => ({
  status,
  json: { error, message, ...extra },
});
const fieldRefusal = (status: number, error: string, field: string, message: string) =>
  refusal(status, error, message, { field, in: 'body', rule: error });
const wrongPassword = () =>
  fieldRefusal(400, 'wrong_password', 'current_password', 'That is not your current password.');
const codeUsed = () =>
  refusal(
    400,
    'code_used',
    'That code was just used. Wait for your authenticator app to show the next code, then enter it.',
  );
const wrongCode = () =>
  refusal(
    400,
    'invalid_code',
    'That code does not match. Enter the code your authenticator app shows now.',
  );

export async function startSettingsServer(
  initial: Partial<SettingsServerState> = {},
): Promise<SettingsServer> {
  let state: SettingsServerState = {
    user: initial.user ?? DEMO_OWNER,
    integrations: {
      items: [makeConnection('hostaway')],
      sources: [makeSource('hostaway', { connected: true })],
      onboarded_at: '2026-10-02T08:10:00Z',
    },
    name: (initial.user ?? DEMO_OWNER).name,
    email: (initial.user ?? DEMO_OWNER).email,
    password: PASSWORD,
    secondStep: false,
    pendingSecret: null,
    recoveryCodes: [],
    preferences: { ...DEFAULT_PREFERENCES },
    guestInvites: {
      enabled: true,
      days_before: 3,
      default_days: 3,
      since: '2026-11-01T09:00:00.000Z',
    },
    takenEmails: ['manager@hostdash.test'],
    refuseNext: null,
    integrationsRefusal: null,
    onIntegrations: null,
    ...initial,
  };

  const profile = (): Profile => ({
    id: state.user.id,
    name: state.name,
    email: state.email,
    second_step: state.secondStep,
    notification_preferences: { ...state.preferences },
  });
  const currentUser = (): User & { sessionId: string } => ({
    ...state.user,
    name: state.name,
    email: state.email,
    sessionId: 'test-session',
  });

  function refused(): UpstreamAnswer | null {
    const answer = state.refuseNext;
    state.refuseNext = null;
    return answer;
  }

  function updateIntegration(body: { pms: PmsName; action: 'sync' | 'disconnect' }) {
    const connection = state.integrations.items.find((item) => item.pms === body.pms);
    if (!connection)
      return refusal(404, 'not_found', `${body.pms} is not connected to this account.`);
    const running = state.integrations.items.some(
      (item) => item.task?.state === 'queued' || item.task?.state === 'running',
    );
    if (body.action === 'sync') {
      if (running)
        return refusal(
          409,
          'import_in_progress',
          'An import is already under way for this account. Wait for it to finish.',
        );
      state.integrations = {
        ...state.integrations,
        items: state.integrations.items.map((item) =>
          item.pms === body.pms
            ? {
                ...item,
                task: makeQueuedTask({ id: '70', pms: item.pms }),
              }
            : item,
        ),
      };
    } else {
      if (connection.task?.state === 'queued' || connection.task?.state === 'running')
        return refusal(
          409,
          'import_in_progress',
          `${connection.label} is importing right now: disconnect it once the import has finished.`,
        );
      state.integrations = {
        ...state.integrations,
        items: state.integrations.items.filter((item) => item.pms !== body.pms),
      };
    }
    return { json: state.integrations };
  }

  function saveProfile(body: { name?: string; email?: string; current_password?: string }) {
    const email = body.email?.toLowerCase();
    if (email !== undefined && email !== state.email) {
      if (body.current_password === undefined)
        return fieldRefusal(
          400,
          'current_password_required',
          'current_password',
          'Enter your current password to change your email.',
        );
      if (body.current_password !== state.password) return wrongPassword();
      if (state.takenEmails.includes(email))
        return fieldRefusal(
          409,
          'email_taken',
          'email',
          'There is already a Hostdash user with this email.',
        );
      state.email = email;
    }
    if (body.name !== undefined) state.name = body.name.trim();
    return { json: profile() };
  }

  function disableSecondStep(code: string) {
    if (!state.secondStep)
      return refusal(409, 'second_step_off', 'The second step is already off.');
    const recovery = state.recoveryCodes.indexOf(code);
    if (code === USED_CODE) return codeUsed();
    if (code !== CURRENT_CODE && recovery < 0) return wrongCode();
    state.secondStep = false;
    state.recoveryCodes = [];
    return {
      json: {
        message:
          'The second step is off. You sign in with your password alone until you turn it on again.',
      },
    };
  }

  const upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      const path = url.pathname;
      const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
      const route = `${request.method} ${path}`;
      switch (route) {
        case 'GET /loadAuth':
          return { json: currentUser() };
        case 'GET /channel/systems':
          return { json: SYSTEMS };
        case 'GET /user/integrations':
          if (state.integrationsRefusal) return state.integrationsRefusal;
          if (state.onIntegrations) state.integrations = state.onIntegrations(state.integrations);
          return { json: state.integrations };
        case 'GET /user/profile':
          return { json: profile() };
        case 'GET /user/notificationPreferences':
          return { json: state.preferences };
        case 'GET /user/guestInvites':
          return { json: state.guestInvites };
        case 'GET /user/integrations/hostaway/webhook':
          return {
            json: {
              pms: 'hostaway',
              url: 'http://localhost:3000/api/webhooks/hostaway/0123456789abcdef0123456789abcdef',
              login: 'hostdash-1a2b3c4d',
              password: 'test-webhook-password',
              secret: null,
              events: ['reservation.created', 'reservation.updated'],
              instructions: 'In Hostaway: Settings → Webhooks → Unified webhooks → Create.',
            },
          };
        default:
          break;
      }
      if (request.method !== 'POST') return refusal(404, 'not_found', `No route ${route}`);
      const answer = refused();
      if (answer) return answer;
      switch (path) {
        case '/user/updateIntegrations':
          return updateIntegration(body as { pms: PmsName; action: 'sync' | 'disconnect' });
        case '/user/profile':
          return saveProfile(body);
        case '/user/auth/password/change':
          if (body.current_password !== state.password) return wrongPassword();
          state.password = String(body.new_password);
          return {
            json: {
              message:
                'Your password has been changed. Every other session of yours has been signed out.',
            },
          };
        case '/user/notificationPreferences':
          state.preferences = { ...state.preferences, ...body };
          return { json: state.preferences };
        case '/user/guestInvites': {
          const switchedOn = body.enabled === true && !state.guestInvites.enabled;
          state.guestInvites = {
            ...state.guestInvites,
            ...body,
            ...(switchedOn ? { since: new Date().toISOString() } : {}),
          };
          return { json: state.guestInvites };
        }
        case '/user/auth/secondStep/setup':
          if (state.secondStep)
            return refusal(
              409,
              'second_step_on',
              'The second step is already on. Turn it off first to move it to another app.',
            );
          state.pendingSecret = SECRET;
          return {
            json: {
              secret: SECRET,
              otpauth_url: `otpauth://totp/Hostdash:${encodeURIComponent(state.email)}?secret=${SECRET}&issuer=Hostdash`,
            },
          };
        case '/user/auth/secondStep/confirm':
          if (state.secondStep)
            return refusal(409, 'second_step_on', 'The second step is already on.');
          if (!state.pendingSecret)
            return refusal(
              409,
              'no_setup',
              'Start again: scan a new QR code, then enter the code it shows.',
            );
          if (body.code !== CURRENT_CODE) return wrongCode();
          state.secondStep = true;
          state.pendingSecret = null;
          state.recoveryCodes = [...RECOVERY_CODES];
          return { json: { recovery_codes: state.recoveryCodes } };
        case '/user/auth/secondStep/disable':
          return disableSecondStep(String(body.code));
        default:
          return refusal(404, 'not_found', `No route ${route}`);
      }
    },
    { check: keepsContract },
  );
  const requestsTo = (pathname: string, method?: string) =>
    upstream.requests.filter(
      (request) =>
        new URL(request.url, 'http://api').pathname === pathname &&
        (method === undefined || request.method === method),
    );
  const server: SettingsServer = Object.assign(upstream, state, {
    requestsTo,
    bodiesTo: (pathname: string) =>
      requestsTo(pathname, 'POST').map((request) => JSON.parse(request.body) as unknown),
  });
  state = server;
  return server;
}
