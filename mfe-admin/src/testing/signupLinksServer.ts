// A stand-in for the sign-up link calls over real HTTP, behind the same address as the users
// stand-in (the dialog opens on the users page): the systems a host can connect, and making a link,
// refused with 409 `email_taken` for an email a user already has, as the API does. Making, mailing
// and using a link is tested against the real database in api/; every answer here is checked
// against the API contract (api/openapi.json).
import type { RecordedRequest, UpstreamAnswer } from '@hostdash/testing/upstream';
import type { AdminUser } from '../users/usersApi';
import type { PmsName, PmsSystem, SignupLink } from '../signupLinks/signupLinksApi';
import { startUsersServer, type UsersServer } from './usersServer';

/** The 18 systems in the spec's order, with the labels the API gives them. */
const SYSTEMS: [PmsName, string, PmsSystem['auth'], boolean][] = [
  ['guesty', 'Guesty', 'client_credentials', true],
  ['rentalsunited', 'Rentals United', 'api_key_secret', false],
  ['hostaway', 'Hostaway', 'client_credentials', true],
  ['cloudbeds', 'Cloudbeds', 'oauth', false],
  ['apaleo', 'apaleo', 'oauth', false],
  ['myvr', 'MyVR', 'oauth', false],
  ['beds24', 'Beds24', 'api_key', false],
  ['smartbnb', 'Smartbnb', 'api_key', false],
  ['hostfully', 'Hostfully', 'api_key', false],
  ['impala', 'Impala', 'api_key', false],
  ['opera', 'OPERA Cloud', 'client_credentials', false],
  ['streamline', 'Streamline', 'api_key_secret', false],
  ['trackhs', 'Track', 'api_key_secret', false],
  ['escapia', 'Escapia', 'api_key_secret', false],
  ['stayntouch', 'Stayntouch', 'client_credentials', false],
  ['lavanda', 'Lavanda', 'api_key', false],
  ['inforhms', 'Infor HMS', 'client_credentials', false],
  ['booking', 'Booking.com', 'api_key_secret', false],
];

/**
 * The systems as `GET /channel/systems` answers them outside the sandbox: only those with a real
 * adapter can be connected. Their credential fields are left out: the dialog does not ask for them.
 */
export function makeSystems(): PmsSystem[] {
  return SYSTEMS.map(([name, label, auth, real]) => ({
    name,
    label,
    auth,
    fields: [],
    docs_url: `https://docs.example.test/${name}`,
    real_adapter: real,
    connectable: real,
    sandbox_credentials: null,
  }));
}

export const SIGNUP_ORIGIN = 'http://hostdash.test';

export interface SignupLinksServer extends UsersServer {
  systems: PmsSystem[];
  /** The links made, newest last. */
  links: SignupLink[];
  /** The next `GET /channel/systems` answers this instead. */
  failNextSystems: UpstreamAnswer | null;
  /** The next `POST /admin/signupLinks` answers this instead. */
  refuseNextLink: UpstreamAnswer | null;
  /** The bodies posted to `/admin/signupLinks`. */
  linkRequests: () => unknown[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startSignupLinksServer(users: AdminUser[]): Promise<SignupLinksServer> {
  let state: Pick<SignupLinksServer, 'systems' | 'links' | 'failNextSystems' | 'refuseNextLink'> = {
    systems: makeSystems(),
    links: [],
    failNextSystems: null,
    refuseNextLink: null,
  };
  const taken = (email: string) => users.some((user) => user.email.toLowerCase() === email);

  function makeLink(request: RecordedRequest): UpstreamAnswer {
    const body = JSON.parse(request.body) as Pick<SignupLink, 'name' | 'email' | 'company' | 'pms'>;
    const email = body.email.trim().toLowerCase();
    if (!EMAIL.test(email))
      return {
        status: 400,
        json: {
          error: 'invalid_request',
          message: '"email" must be an email address.',
          field: 'email',
          in: 'body',
          rule: 'format',
        },
      };
    if (taken(email))
      return {
        status: 409,
        json: {
          error: 'email_taken',
          message: 'There is already a Hostdash user with this email: sign in instead.',
          field: 'email',
          in: 'body',
          rule: 'taken',
        },
      };
    const id = String(state.links.length + 1);
    const link: SignupLink = {
      id,
      email,
      name: body.name.trim(),
      company: body.company.trim(),
      pms: body.pms,
      url: `${SIGNUP_ORIGIN}/connect/${body.pms}?token=st_${id}Yw3kQ9vXz`,
      expires_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    };
    state.links.push(link);
    return { status: 201, json: link };
  }

  function routes(request: RecordedRequest): UpstreamAnswer | null {
    const path = new URL(request.url, 'http://api').pathname;
    if (path === '/channel/systems' && request.method === 'GET') {
      const failure = state.failNextSystems;
      state.failNextSystems = null;
      return failure ?? { json: { sandbox: false, items: state.systems } };
    }
    if (path === '/admin/signupLinks' && request.method === 'POST') {
      const refusal = state.refuseNextLink;
      state.refuseNextLink = null;
      return refusal ?? makeLink(request);
    }
    return null;
  }

  const usersServer = await startUsersServer(users, { moreRoutes: routes });
  const server: SignupLinksServer = Object.assign(usersServer, state, {
    linkRequests: () =>
      usersServer.requestsTo('/admin/signupLinks').map((request) => JSON.parse(request.body)),
  });
  state = server; // the test's changes (refuseNextLink, failNextSystems) reach the handlers
  return server;
}
