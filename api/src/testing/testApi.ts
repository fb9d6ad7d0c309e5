// A real API over a real database for one test file: a copy of the run's template on the run's
// engine (PGlite, or a PostgreSQL server: src/testing/testDatabase.ts), behind buildApp(). Nothing
// is mocked.
import path from 'node:path';
import { FolderStorage, type ObjectStorage } from '@hostdash/storage';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { PaymentProvider } from '../billing/provider';
import { paymentProviderFor } from '../billing/selectProvider';
import { loadConfig, type ApiConfig } from '../config';
import { openVault, type SecretVault } from '../secrets/vault';
import type { Database } from '../db/database';
import type { Readiness } from '../health/readiness';
import { DEMO_PASSWORD } from '../db/seedData';
import { createAnswerCheck } from './answerCheck';
import { testSecrets } from './secrets';
import { openTestDatabase } from './testDatabase';
import { TEMPLATE_FILES } from './templateEnv';

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
  /** Where the app keeps files: a folder in the test's data folder unless the test gave another. */
  storage: ObjectStorage;
  /** The app's payment provider (test mode unless the test gave another). */
  payments: PaymentProvider;
  /** The app's vault, over the key file in the test's data folder (`config.secrets`). */
  vault: SecretVault;
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
  /**
   * Signs a new host up as a person does (issue 30): asks for the link, takes it from the mail
   * the API wrote to the address, and chooses a password with it. The answer of that last call:
   * 200 with the new owner and their session. Each sign-up comes from a client of its own, so a
   * test file's sign-ups never meet the per-client limits.
   */
  signUp(host: NewHost): Promise<TestResponse<SignedUp>>;
  close(): Promise<void>;
}

export interface NewHost {
  email: string;
  name?: string;
  company?: string;
  pms?: string;
  password?: string;
}

export interface SignedUp {
  user: { id: string; account_id: string; name: string; email: string; subtype: string };
  sessionId: string;
  expiresAt: string;
  error?: string;
}

/** The token of the newest sign-up link the outbox holds for `email`. */
export async function signupTokenMailedTo(db: Database, email: string): Promise<string> {
  const [mail] = await db.query<{ body: string }>(
    'select body from mail_outbox where to_address = $1 order by id desc limit 1',
    [email],
  );
  const token = /\/connect\/[a-z]+\?token=(\S+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`No sign-up link was mailed to ${email}.`);
  return token;
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
  jobsQueued?: () => void;
  /** The database as the app gets it (the server wraps it: src/tracing/tracedDatabase.ts). */
  database?: (db: Database) => Database;
  /**
   * Another storage than the folder (e.g. S3Storage against the fake S3 server): the seed's files
   * are copied into it first, so the demo data reads the same.
   */
  storage?: ObjectStorage;
  /** Whether the app takes traffic (the shutdown tests drain it); by default always. */
  readiness?: Readiness;
}

/** Every object of `from` put in `to` (the seed's files, into a test's own storage). */
async function copyObjects(from: ObjectStorage, to: ObjectStorage): Promise<void> {
  for (const key of await from.list('')) {
    const object = await from.get(key);
    if (object) await to.put(key, object.body, { contentType: object.contentType });
  }
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const testDatabase = await openTestDatabase();
  const { dir } = testDatabase;
  const db = options.database ? options.database(testDatabase.db) : testDatabase.db;
  const config: ApiConfig = {
    ...loadConfig({}),
    databaseUrl: testDatabase.databaseUrl,
    // The key file copied with the template (its seed's secrets are sealed with it), in the
    // configuration as a server's SECRETS_KEY_FILE is: an app built from `api.config` opens the same.
    secrets: testSecrets(dir),
    pgliteDir: dir,
    mailDir: path.join(dir, 'mail'),
    storage: { kind: 'folder', dir: path.join(dir, TEMPLATE_FILES) },
    loginRateLimit: 3,
    // Every test file calls from one client (127.0.0.1): only the throttling tests, which set
    // their own, meet the per-client and reset limits.
    loginClientRateLimit: 1_000,
    resetRateLimit: 1_000,
    resetEmailRateLimit: 1_000,
    logLevel: 'warn',
    ...options.config,
  };
  const folder = new FolderStorage(path.join(dir, TEMPLATE_FILES));
  const storage = options.storage ?? folder;
  if (options.storage) await copyObjects(folder, options.storage);
  const answers = createAnswerCheck();
  const { vault } = openVault(config.secrets);
  const payments = options.paymentProvider
    ? options.paymentProvider(db)
    : paymentProviderFor(config, db, { jobsQueued: options.jobsQueued });
  const app = buildApp({
    vault,
    db,
    config,
    storage,
    logger: options.logger ?? false,
    paymentProvider: payments,
    jobsQueued: options.jobsQueued,
    readiness: options.readiness,
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

  let signUps = 0;
  const api: TestApi = {
    app,
    db,
    config,
    storage,
    vault,
    payments,
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
    async signUp({
      email,
      name = 'Nia Host',
      company = 'Nia Stays',
      pms = 'hostaway',
      password = 'a-new-password',
    }) {
      signUps += 1;
      const client = { 'x-forwarded-for': `198.18.${Math.floor(signUps / 250)}.${signUps % 250}` };
      const asked = await api.post(
        '/user/accounts/requestSignup',
        { name, email, company, pms },
        undefined,
        client,
      );
      if (asked.status !== 202)
        throw new Error(`Sign-up for ${email} was refused: ${asked.status} ${asked.text}`);
      const token = await signupTokenMailedTo(db, email);
      return api.post<SignedUp>(
        '/user/accounts/signup',
        { name, email, company, password, token },
        undefined,
        client,
      );
    },
    async close() {
      await app.close();
      await testDatabase.dispose();
    },
  };
  return api;
}
