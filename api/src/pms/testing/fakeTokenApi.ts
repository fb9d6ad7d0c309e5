// What both fake systems share (fakeHostaway.ts, fakeGuesty.ts): a real HTTP server on a free
// local port with an OAuth 2 client-credentials token endpoint, bearer tokens that expire after a
// set number of calls, credentials that can be revoked, a 503 mode, and limit/offset paging.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export interface FakeTokenApiOptions {
  tokenPath: string;
  clientId: string;
  clientSecret: string;
  /** The answer to wrong credentials at the token endpoint, as the system documents it. */
  refused: FakeAnswer;
  /** The answer to an expired or unknown token. */
  expired: FakeAnswer;
  /**
   * GET routes by path, answering for a valid token. A path ending in `/:id` answers any one more
   * segment, given as `id`.
   */
  routes: Readonly<Record<string, (query: URLSearchParams, id?: string) => FakeAnswer>>;
}

export interface FakeTokenApi {
  url: string;
  /** Each token answers this many calls, then is expired (Infinity: never). */
  tokenLifetimeCalls: number;
  /** Every request answers 503. */
  unavailable: boolean;
  /** The credentials are revoked: tokens stop working and no new one is given. */
  revoked: boolean;
  /** Tokens issued so far. */
  tokensIssued: number;
  /** Each request as `METHOD path?query`, for assertions on paging. */
  requests: string[];
  close(): Promise<void>;
}

const json = (response: http.ServerResponse, { status, body }: FakeAnswer) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

export async function startFakeTokenApi(options: FakeTokenApiOptions): Promise<FakeTokenApi> {
  const callsLeft = new Map<string, number>();
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      fake.requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (fake.unavailable)
        return json(response, { status: 503, body: { message: 'Service Unavailable' } });
      if (request.method === 'POST' && url.pathname === options.tokenPath) {
        const form = new URLSearchParams(raw);
        const good =
          !fake.revoked &&
          form.get('grant_type') === 'client_credentials' &&
          form.get('client_id') === options.clientId &&
          form.get('client_secret') === options.clientSecret;
        if (!good) return json(response, options.refused);
        const token = randomBytes(16).toString('hex');
        callsLeft.set(token, fake.tokenLifetimeCalls);
        fake.tokensIssued += 1;
        return json(response, {
          status: 200,
          body: { token_type: 'Bearer', expires_in: 86_400, access_token: token },
        });
      }
      const slash = url.pathname.lastIndexOf('/');
      const exact = options.routes[url.pathname];
      const byId = options.routes[`${url.pathname.slice(0, slash)}/:id`];
      const id = decodeURIComponent(url.pathname.slice(slash + 1));
      const route =
        request.method !== 'GET'
          ? undefined
          : exact
            ? (query: URLSearchParams) => exact(query)
            : byId
              ? (query: URLSearchParams) => byId(query, id)
              : undefined;
      if (!route) return json(response, { status: 404, body: { message: 'Not Found' } });
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const left = callsLeft.get(token) ?? 0;
      if (fake.revoked || left <= 0) return json(response, options.expired);
      callsLeft.set(token, left - 1);
      return json(response, route(url.searchParams));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeTokenApi = {
    url: `http://127.0.0.1:${port}`,
    tokenLifetimeCalls: Infinity,
    unavailable: false,
    revoked: false,
    tokensIssued: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

/** limit/offset paging as both systems document it: a limit over `max` is cut to `max`. */
export function pageOf<Item>(
  items: readonly Item[],
  query: URLSearchParams,
  offsetParam: string,
  max: number,
) {
  const limit = Math.min(Number(query.get('limit') ?? max) || max, max);
  const offset = Number(query.get(offsetParam) ?? 0) || 0;
  return { page: items.slice(offset, offset + limit), limit, offset, count: items.length };
}
