// A small stand-in for the onboarding API over real HTTP, so the connect page, its saga and the
// shared client run for real in component tests. The API's own behaviour (checking credentials
// against the system, the worker, OAuth state) is tested against its real database in api/; every
// answer here is checked against the API contract (api/openapi.json). An import advances one step
// each time its status is asked.
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import type { ImportTask, PmsSystem } from '../connect/onboardApi';

export const HOSTAWAY: PmsSystem = {
  name: 'hostaway',
  label: 'Hostaway',
  auth: 'api_key_secret',
  fields: [
    {
      name: 'accountId',
      label: 'Account ID',
      secret: false,
      pattern: '^[0-9]+$',
      help: 'Settings → Hostaway API.',
    },
    {
      name: 'apiKey',
      label: 'API key',
      secret: true,
      pattern: null,
      help: 'Shown once when you make it.',
    },
  ],
  docs_url: 'https://api.hostaway.com/documentation',
  real_adapter: true,
  connectable: true,
  sandbox_credentials: { accountId: '100200', apiKey: 'sandbox' },
};

export const CLOUDBEDS: PmsSystem = {
  name: 'cloudbeds',
  label: 'Cloudbeds',
  auth: 'oauth',
  fields: [],
  docs_url: 'https://developers.cloudbeds.com/docs/authentication',
  real_adapter: false,
  connectable: true,
  sandbox_credentials: { accessToken: 'sandbox' },
};

const NOW = '2026-11-25T10:00:00.000Z';

export function makeTask(overrides: Partial<ImportTask> = {}): ImportTask {
  return {
    id: '7',
    type: 'import',
    pms: 'hostaway',
    state: 'queued',
    step: 'connecting',
    progress: {
      listings: { done: 0, total: null },
      reservations: { done: 0, total: null },
      screening: { done: 0, total: null },
    },
    error_message: null,
    error_code: null,
    attempts: 0,
    created_at: NOW,
    started_at: null,
    finished_at: null,
    server_time: NOW,
    ...overrides,
  };
}

/** The import's states as its status is asked, one per call; the last one stays. */
const RUN: Partial<ImportTask>[] = [
  {
    state: 'running',
    step: 'listings',
    started_at: NOW,
    progress: {
      listings: { done: 84, total: 120 },
      reservations: { done: 0, total: null },
      screening: { done: 0, total: null },
    },
  },
  {
    state: 'succeeded',
    step: 'screening',
    started_at: NOW,
    finished_at: NOW,
    progress: {
      listings: { done: 120, total: 120 },
      reservations: { done: 300, total: 300 },
      screening: { done: 300, total: 300 },
    },
  },
];

export interface OnboardServer extends Upstream {
  /** Where the import fails instead of succeeding (null: it succeeds). */
  failAt: number | null;
  polls: number;
  requestsTo: (pathname: string) => RecordedRequest[];
}

export async function startOnboardServer(): Promise<OnboardServer> {
  const state = { failAt: null as number | null, polls: 0, failed: false };
  const taskNow = (): ImportTask => {
    const index = Math.min(state.polls, RUN.length) - 1;
    if (state.failAt !== null && state.polls >= state.failAt && !state.failed)
      return makeTask({
        ...RUN[0],
        state: 'failed',
        finished_at: NOW,
        error_code: 'pms_unavailable',
        error_message: 'Hostaway did not answer five times in a row.',
      });
    return makeTask(index < 0 ? {} : RUN[index]);
  };

  const answer = (request: RecordedRequest): UpstreamAnswer => {
    const url = new URL(request.url, 'http://api');
    const path = url.pathname;
    if (path === '/user/accounts/signupLinkTokenLookup/good-link')
      return {
        json: {
          kind: 'signup',
          email: 'rui@example.com',
          name: 'Rui Costa',
          company: 'Costa Homes',
          pms: 'hostaway',
          expires_at: '2099-12-01T10:00:00.000Z',
        },
      };
    if (path === '/user/accounts/signupLinkTokenLookup/old-link')
      return {
        status: 410,
        json: {
          error: 'signup_link_expired',
          message: 'This sign-up link has expired (a link works for 14 days).',
        },
      };
    if (path === '/user/accounts/requestSignup')
      // The API's answer whether or not the address has an account (issue 30).
      return {
        status: 202,
        json: {
          message:
            'Check your mail: we have sent a message to this address. Follow the link in it to go on.',
        },
      };
    if (path === '/user/accounts/signup') {
      const body = JSON.parse(request.body) as { name: string; email: string; token?: string };
      return {
        json: {
          user: {
            ...DEMO_OWNER,
            id: '77',
            name: body.name,
            email: body.email,
            billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
          },
          sessionId: 's-new',
          expiresAt: '2099-12-01T10:00:00.000Z',
        },
      };
    }
    if (path === '/channel/systems')
      return { json: { sandbox: true, items: [HOSTAWAY, CLOUDBEDS] } };
    if (path === '/channel/hostaway/onboardUser') {
      const { credentials } = JSON.parse(request.body) as { credentials: Record<string, string> };
      if (credentials.apiKey !== 'sandbox')
        return {
          status: 400,
          json: {
            error: 'credentials_refused',
            message: 'Hostaway did not accept this API key.',
            field: 'credentials.apiKey',
            in: 'body',
            rule: 'refused',
          },
        };
      state.polls = 0;
      return { json: { task: makeTask(), authorize_url: null } };
    }
    if (path === '/channel/cloudbeds/onboardUser')
      return {
        json: {
          task: null,
          authorize_url: 'http://api/channel/cloudbeds/sandboxAuthorize?state=s1',
        },
      };
    if (path === '/user/updateOauthConnection') {
      const { state: oauthState } = JSON.parse(request.body) as { state: string };
      if (oauthState !== 's1')
        return {
          status: 400,
          json: {
            error: 'oauth_state_invalid',
            message: 'This authorization did not start from your session here.',
          },
        };
      state.polls = 0;
      return { json: { task: makeTask({ pms: 'cloudbeds' }), authorize_url: null } };
    }
    // Never imported from it: a normal state, answered 200 (issue 33).
    if (/^\/channel\/[a-z0-9]+\/import$/.test(path)) return { json: { import: null } };
    if (path === '/task/status') {
      state.polls += 1;
      return { json: { ...taskNow(), pms: url.searchParams.get('name') as ImportTask['pms'] } };
    }
    if (path === '/user/updateAfterIntegration')
      return {
        json: {
          pms: 'hostaway',
          label: 'Hostaway',
          auth: 'api_key_secret',
          status: 'connected',
          last_sync_at: NOW,
          next_sync_at: null,
          webhook_url: null,
          listings_count: 120,
          reservations_count: 300,
          connected_at: NOW,
          task: null,
        },
      };
    if (path === '/user/updateIntegrations') {
      // "Try again": the failed task is queued again and resumes.
      state.failed = true;
      state.polls = 0;
      return {
        json: {
          onboarded_at: null,
          sources: [],
          items: [
            {
              pms: 'hostaway',
              label: 'Hostaway',
              auth: 'api_key_secret',
              status: 'failed',
              last_sync_at: null,
              next_sync_at: null,
              webhook_url: null,
              listings_count: 0,
              reservations_count: 0,
              connected_at: NOW,
              task: makeTask({ attempts: 0, state: 'queued', step: 'listings' }),
            },
          ],
        },
      };
    }
    return { status: 404, json: { error: 'not_found', message: `No route ${path}` } };
  };

  const upstream = await startUpstream(answer, { check: keepsContract });
  const server = Object.defineProperties(upstream, {
    failAt: {
      get: () => state.failAt,
      set: (value: number | null) => {
        state.failAt = value;
        state.failed = false;
      },
    },
    polls: { get: () => state.polls },
    requestsTo: {
      value: (pathname: string) =>
        upstream.requests.filter(
          (request) => new URL(request.url, 'http://api').pathname === pathname,
        ),
    },
  });
  return server as unknown as OnboardServer;
}
