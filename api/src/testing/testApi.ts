// A real API over a real database for one test file: a copy of the template data folder
// (globalSetup), opened with PGlite, behind buildApp(). Nothing is mocked.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { PaymentProvider } from '../billing/provider';
import { loadConfig, type ApiConfig } from '../config';
import { createVault, type CredentialVault } from '../pms/vault';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { DEMO_PASSWORD } from '../db/seedData';
import { seedIfEmpty } from '../db/seed';
import { createAnswerCheck } from './answerCheck';
import { TEMPLATE_DIR_ENV } from './templateEnv';

export { DEMO_PASSWORD };

export interface TestResponse<Body = Record<string, unknown>> {
  status: number;
  headers: Record<string, unknown>;
  body: Body;
  text: string;
}

export interface TestApi {
  app: FastifyInstance;
  db: Database;
  config: ApiConfig;
  /** The app's PMS credentials vault (a random key per test API). */
  vault: CredentialVault;
  get<Body = Record<string, unknown>>(
    url: string,
    session?: string,
    headers?: Record<string, string>,
  ): Promise<TestResponse<Body>>;
  post<Body = Record<string, unknown>>(
    url: string,
    payload?: unknown,
    session?: string,
    headers?: Record<string, string>,
  ): Promise<TestResponse<Body>>;
  /**
   * Any request (any method, headers, a payload as JSON, a string or bytes sent as they are),
   * checked against the contract like the others.
   */
  request<Body = Record<string, unknown>>(options: TestRequest): Promise<TestResponse<Body>>;
  /** Signs in with the password and returns the session id. */
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or a Buffer as it is. */
  payload?: unknown;
  /** The address the request comes from (default 127.0.0.1, a trusted proxy). */
  remoteAddress?: string;
}

export interface TestApiOptions {
  config?: Partial<ApiConfig>;
  logger?: BuildAppOptions['logger'];
  /** Another payment provider than the configuration's (e.g. one that is unreachable). */
  paymentProvider?: (db: Database) => PaymentProvider;
  /** Hears each import a route queues (the server's worker nudge). */
  importQueued?: () => void;
}

async function copyOfTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-api-test-'));
  const template = process.env[TEMPLATE_DIR_ENV];
  if (template) {
    cpSync(template, dir, { recursive: true });
  } else {
    // Run without the jest globalSetup (e.g. another runner): build the database here.
    const db = await openPglite(dir);
    await migrate(db);
    await seedIfEmpty(db);
    await db.close();
  }
  return dir;
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dir = await copyOfTemplate();
  const db = await openPglite(dir);
  const config: ApiConfig = {
    ...loadConfig({}),
    pgliteDir: dir,
    mailDir: path.join(dir, 'mail'),
    loginRateLimit: 3,
    // Every test file calls from one client (127.0.0.1): only the throttling tests, which set
    // their own, meet the per-client and reset limits.
    loginClientRateLimit: 1_000,
    resetRateLimit: 1_000,
    resetEmailRateLimit: 1_000,
    logLevel: 'warn',
    ...options.config,
  };
  const answers = createAnswerCheck();
  const vault = createVault(randomBytes(32));
  const app = buildApp({
    vault,
    db,
    config,
    logger: options.logger ?? false,
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider(db) } : {}),
    importQueued: options.importQueued,
    checkAnswer: (request, status, payload) => answers.check(request, status, payload),
  });

  const send = async <Body>(
    method: TestRequest['method'],
    url: string,
    payload: unknown,
    session: string | undefined,
    extraHeaders: Record<string, string> = {},
    remoteAddress?: string,
  ) => {
    const headers: Record<string, string> = {
      ...(session ? { authorization: session } : {}),
      ...extraHeaders,
    };
    // A string or bytes are sent as they are (to test malformed JSON); anything else as JSON.
    const raw =
      payload === undefined
        ? undefined
        : typeof payload === 'string' || Buffer.isBuffer(payload)
          ? payload
          : JSON.stringify(payload);
    if (
      raw !== undefined &&
      !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
    )
      headers['content-type'] = 'application/json';
    const response = await app.inject({
      method,
      url,
      headers,
      ...(raw === undefined ? {} : { payload: raw }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    const violations = answers.take();
    if (violations.length > 0)
      throw new Error(`The API broke its contract:\n${violations.join('\n')}`);
    let body: unknown;
    try {
      body = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      body = undefined;
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      body: body as Body,
      text: response.body,
    };
  };

  const api: TestApi = {
    app,
    db,
    config,
    vault,
    get: (url, session, headers) => send('GET', url, undefined, session, headers),
    request: ({ method, url, headers, payload, remoteAddress }) =>
      send(method, url, payload, undefined, headers, remoteAddress),
    post: (url, payload, session, headers) => send('POST', url, payload, session, headers),
    async signIn(email, password = DEMO_PASSWORD) {
      const response = await api.post<{ sessionId?: string }>('/login', { email, password });
      if (response.status !== 200 || !response.body.sessionId)
        throw new Error(`Sign-in as ${email} failed: ${response.status} ${response.text}`);
      return response.body.sessionId;
    },
    async close() {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return api;
}
