// Onboarding (issue 15, spec section 7): the systems a host can connect, connecting one (the
// credentials checked against the system before anything starts, or an OAuth round trip whose
// `state` is bound to the session), following its import task, the account's connections as
// /settings shows them, sign-up and its links (made by staff, or mailed by an open sign-up to prove
// the address: issue 30).
//
// Connecting and the connections are the account owner's (the access table's `owner` level);
// following a task is for anyone of the account but vendors. Credentials never leave this module
// and the import worker: no answer or log line holds one.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { normaliseEmail } from '../auth/authRoutes';
import { MessageSchema, SignedInSchema } from '../auth/authSchemas';
import {
  isAccountOwner,
  requireAdmin,
  requireUser,
  signInNewUser,
  type Caller,
} from '../auth/caller';
import { hashPassword } from '../auth/passwords';
import { clientOf, takeSlot, takeSlots, tooMany, type ThrottleRule } from '../auth/throttle';
import { hashToken, newToken, tokenFingerprint } from '../auth/tokens';
import { writeAudit } from '../admin/audit';
import type { AppContext } from '../context';
import type { Database, Sql } from '../db/database';
import { ApiError, badRequest, forbidden, refusedField } from '../http/errors';
import { ApiErrorSchema, errors, query, ref, SESSION, trimEmail, type Api } from '../http/schemas';
import {
  enqueueImport,
  ImportTaskError,
  latestImportTaskOf,
  readImportTask,
  retryImport,
  saveConnection,
  TASK_COLUMNS,
  toTask,
  type ImportTask,
} from '../imports/importTasks';
import { queueMail } from '../mail/outbox';
import { selfSignupMail, signupExistingMail, signupLinkMail } from '../mail/templates/signupMails';
import { notifyAccountTeam } from '../notifications/notify';
import { missingCredential, PMS_DESCRIPTORS, pmsDescriptor } from '../pms/descriptors';
import {
  isPmsName,
  PmsAuthError,
  PmsUnavailableError,
  type Credentials,
  type PmsAdapter,
  type PmsName,
} from '../pms/pms';
import { adaptersFor } from '../pms/registry';
import { SANDBOX_CODE_PREFIX, sandboxCredentials } from '../pms/sandbox';
import { PMS_SYNC_SCHEDULE } from '../pms/sync/syncJobs';
import { hasWebhooks } from '../pms/sync/webhookCredentials';
import { webhookUrl } from '../pms/sync/webhookSetup';
import type { SecretVault } from '../secrets/vault';
import {
  ConnectionSchema,
  ImportStateSchema,
  ImportTaskSchema,
  IntegrationBody,
  IntegrationsSchema,
  OAuthCallbackBody,
  OnboardBody,
  OnboardStartSchema,
  PmsParam,
  PmsSystemListSchema,
  SignupBody,
  SignupLinkBody,
  SignupLinkSchema,
  SignupRequestBody,
  TaskQuery,
  TooManySignupRequests,
  type ConnectionView,
  type ImportTaskView,
  type ListingSourceView,
} from './onboardingSchemas';
import {
  insertSignupLink,
  SELF_SIGNUP_LINK_TTL_MS,
  SIGNUP_LINK_ERRORS,
  signupLinkByToken,
  signupLinkUrl,
  usableSignupLink,
} from './signupLinks';

/** How long an OAuth round trip may take, from "Connect" to the callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
const HOURLY = { baseMs: HOUR_MS, maxMs: HOUR_MS, windowMs: HOUR_MS };

/** Sign-ups from one client: enough for an office, not for a script making accounts. */
const SIGNUP_RULE: ThrottleRule = { name: 'signup_client', limit: 10, ...HOURLY };

/**
 * Open sign-ups (each a mail): from one client, enough for an office, not for a script mailing
 * strangers; for one address, enough to ask again for a mail that did not come, not to flood it.
 */
const SIGNUP_REQUEST_RULES = {
  client: { name: 'signup_request_client', limit: 10, ...HOURLY },
  email: { name: 'signup_request_email', limit: 3, ...HOURLY },
} satisfies Record<string, ThrottleRule>;

/** What an open sign-up answers, whether or not the address has a user (issue 30). */
const SIGNUP_REQUESTED = {
  message:
    'Check your mail: we have sent a message to this address. Follow the link in it to go on.',
} as const;

const OWNER_ONLY = (caller: Caller) =>
  forbidden(
    `Connecting systems is for the account owner${caller.account_owner ? `: ask ${caller.account_owner}` : ''}.`,
  );

const pmsNotFound = (pms: string) =>
  new ApiError(
    404,
    'pms_not_found',
    `Hostdash does not connect “${pms.slice(0, 40)}”. It connects ${PMS_DESCRIPTORS.map((d) => d.label).join(', ')}.`,
  );

const notSupported = (label: string) =>
  new ApiError(
    409,
    'pms_not_supported',
    `${label} cannot be connected yet: Hostdash has no live connection to it. Nothing was imported; write to support to be told when it can.`,
  );

const unavailable = (label: string, error: unknown) =>
  new ApiError(
    503,
    'pms_unavailable',
    `${label} did not answer (${error instanceof Error ? error.message : 'no answer'}). Nothing was saved; try again in a few minutes.`,
  );

const OAUTH_STATE_REFUSED = () =>
  new ApiError(
    400,
    'oauth_state_invalid',
    'This authorization did not start from your session here, or it took longer than 10 minutes. Nothing was connected; start again from the Connect button.',
  );

const refusedEmail = () =>
  new ApiError(
    409,
    'email_taken',
    'There is already a Hostdash user with this email: sign in instead.',
    {},
    { field: 'email', in: 'body', rule: 'taken' },
  );

/** A task of the account importing from `pms`: by id, or its newest; 404 when there is none. */
async function findTask(
  sql: Sql,
  accountId: string,
  pms: PmsName,
  id: string | undefined,
): Promise<ImportTask> {
  const task = id
    ? await readImportTask(sql, accountId, id)
    : await latestImportTaskOf(sql, accountId, pms);
  if (!task || task.pms !== pms)
    throw new ApiError(404, 'import_not_found', 'There is no such import in your account.');
  return task;
}

function importTaskError(error: unknown): never {
  if (error instanceof ImportTaskError)
    throw new ApiError(error.code === 'import_not_found' ? 404 : 409, error.code, error.message);
  throw error;
}

/** A task as the API answers it, with the API's clock for the elapsed time. */
function taskView(task: ImportTask): ImportTaskView {
  return {
    id: task.id,
    type: 'import',
    pms: task.pms,
    state: task.state,
    step: task.step,
    progress: task.progress,
    error_message: task.errorMessage,
    error_code: task.errorCode,
    attempts: task.attempts,
    created_at: task.createdAt,
    started_at: task.startedAt,
    finished_at: task.finishedAt,
    server_time: new Date().toISOString(),
  };
}

function requireOwner(caller: Caller): void {
  if (!isAccountOwner(caller)) throw OWNER_ONLY(caller);
}

function pmsOf(name: string): PmsName {
  if (!isPmsName(name)) throw pmsNotFound(name);
  return name;
}

/**
 * The credentials the descriptor names, trimmed; an unknown key, a missing value or a value of the
 * wrong shape is a field error before the system is called.
 */
function credentialsFor(adapter: PmsAdapter, given: Record<string, string>): Credentials {
  const { descriptor } = adapter;
  const known = new Set(descriptor.fields.map((field) => field.name));
  const unknown = Object.keys(given).find((key) => !known.has(key));
  if (unknown)
    throw refusedField(
      `credentials.${unknown}`,
      'unknown',
      `${descriptor.label} asks for ${descriptor.fields.map((field) => field.label).join(' and ')}, not “${unknown.slice(0, 40)}”.`,
    );
  const credentials = Object.fromEntries(
    descriptor.fields.map(({ name }) => [name, given[name]?.trim() ?? '']),
  );
  const missing = missingCredential(descriptor, credentials);
  if (missing)
    throw refusedField(`credentials.${missing.field}`, 'required', `${missing.message}.`);
  return credentials;
}

/** Asks the system whether it accepts the credentials; a refusal is a field error, nothing saved. */
async function checkWithSystem(adapter: PmsAdapter, credentials: Credentials): Promise<void> {
  const { descriptor } = adapter;
  let check;
  try {
    check = await adapter.connect(credentials).validate();
  } catch (error) {
    if (error instanceof PmsUnavailableError) throw unavailable(descriptor.label, error);
    throw error;
  }
  if (check.ok) return;
  const field = check.field ?? descriptor.fields.find((candidate) => candidate.secret)?.name;
  if (!field) throw badRequest('credentials_refused', `${check.message}.`);
  throw new ApiError(
    400,
    'credentials_refused',
    `${check.message}.`,
    {},
    { field: `credentials.${field}`, in: 'body', rule: 'refused' },
  );
}

/** Saves the checked credentials and queues the import, in one transaction. */
async function connectAndImport(
  sql: Database,
  vault: SecretVault,
  caller: Caller,
  pms: PmsName,
  credentials: Credentials,
): Promise<ImportTask> {
  return sql
    .transaction(async (tx) => {
      await saveConnection(tx, { accountId: caller.account_id, pms, credentials }, vault);
      const task = await enqueueImport(tx, {
        accountId: caller.account_id,
        pms,
        createdBy: caller.id,
      });
      await writeAudit(tx, {
        actorUserId: caller.id,
        action: 'integration.connected',
        targetAccountId: caller.account_id,
        detail: { pms, task_id: task.id },
      });
      return task;
    })
    .catch(importTaskError);
}

interface ConnectionRow {
  pms: PmsName;
  status: ConnectionView['status'];
  last_sync_at: string | null;
  next_sync_at: string | null;
  webhook_id: string;
  listings_count: number;
  reservations_count: number;
  created_at: string;
}

async function connections(
  sql: Sql,
  accountId: string,
  shellOrigin: string,
): Promise<ConnectionView[]> {
  // The next sync is the schedule's next run, for the connections it syncs (src/pms/sync).
  const rows = await sql.query<ConnectionRow>(
    `select c.pms, c.status, c.last_sync_at, c.listings_count, c.reservations_count, c.created_at,
            c.webhook_id,
            case when c.status in ('connected', 'reconnect') then s.next_run_at end as next_sync_at
     from pms_connections c
     left join job_schedules s on s.name = $2
     where c.account_id = $1::bigint order by c.created_at, c.id`,
    [accountId, PMS_SYNC_SCHEDULE],
  );
  const tasks = await sql.query<Parameters<typeof toTask>[0]>(
    `select distinct on (pms) ${TASK_COLUMNS} from import_tasks where account_id = $1::bigint
     order by pms, created_at desc, id desc`,
    [accountId],
  );
  const latest = new Map(tasks.map((row) => [row.pms, taskView(toTask(row))]));
  return rows.map((row) => {
    const descriptor = pmsDescriptor(row.pms);
    return {
      pms: row.pms,
      label: descriptor.label,
      auth: descriptor.auth,
      status: row.status,
      last_sync_at: row.last_sync_at,
      next_sync_at: row.next_sync_at,
      webhook_url: hasWebhooks(row.pms) ? webhookUrl(shellOrigin, row.pms, row.webhook_id) : null,
      listings_count: row.listings_count,
      reservations_count: row.reservations_count,
      connected_at: row.created_at,
      task: latest.get(row.pms) ?? null,
    };
  });
}

/** The sandbox page's URL holds the OAuth state: it is logged by its route pattern only. */
const BY_ROUTE_PATTERN = {
  logSerializers: {
    req: (request: FastifyRequest) => ({ method: request.method, url: request.routeOptions.url }),
  },
};

/** The account's connections and when it finished its first import (`Integrations`). */
async function integrations(
  sql: Sql,
  accountId: string,
  shellOrigin: string,
): Promise<{
  items: ConnectionView[];
  sources: ListingSourceView[];
  onboarded_at: string | null;
}> {
  const [account] = await sql.query<{ onboarded_at: string | null }>(
    'select onboarded_at from accounts where id = $1::bigint',
    [accountId],
  );
  const items = await connections(sql, accountId, shellOrigin);
  return {
    items,
    sources: await listingSources(sql, accountId, items),
    onboarded_at: account?.onboarded_at ?? null,
  };
}

/**
 * Where the account's listings came from, by system (the counts kept per account and system, so a
 * large account costs no scan), with the connection's last sync or the newest finished import's
 * end: a system the listings came from is shown as such even when no credentials are saved.
 */
async function listingSources(
  sql: Sql,
  accountId: string,
  items: readonly ConnectionView[],
): Promise<ListingSourceView[]> {
  const rows = await sql.query<{ pms: PmsName; listings: number; last_import_at: string | null }>(
    `select c.pms, sum(c.listings)::int as listings,
            (select max(t.finished_at) from import_tasks t
             where t.account_id = $1::bigint and t.pms = c.pms and t.state = 'succeeded') as last_import_at
     from listing_counts c
     where c.account_id = $1::bigint
     group by c.pms
     having sum(c.listings) > 0
     order by sum(c.listings) desc, c.pms`,
    [accountId],
  );
  return rows
    .filter((row) => isPmsName(row.pms))
    .map((row) => {
      const connection = items.find((item) => item.pms === row.pms);
      return {
        pms: row.pms,
        label: pmsDescriptor(row.pms).label,
        listings_count: row.listings,
        connected: connection !== undefined,
        last_sync_at: connection?.last_sync_at ?? row.last_import_at,
      };
    });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The sandbox's consent page: what a provider's authorization page asks, without a provider. */
function sandboxConsentPage(label: string, allow: string, deny: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Authorize Hostdash — ${escapeHtml(label)} sandbox</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 30rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<p style="color: #666">${escapeHtml(label)} · sandbox</p>
<h1 style="font-size: 1.5rem">Allow Hostdash to read your listings and reservations?</h1>
<p>Hostdash will import your properties and bookings and keep them in sync. It cannot change anything in ${escapeHtml(label)}.</p>
<p>This is the sandbox’s stand-in for ${escapeHtml(label)}’s own authorization page: nothing leaves this machine.</p>
<p><a href="${escapeHtml(allow)}" style="display: inline-block; padding: .5rem 1.25rem; background: #1565c0; color: #fff; border-radius: 4px; text-decoration: none">Allow</a>
&nbsp; <a href="${escapeHtml(deny)}">Deny</a></p>
</body></html>`;
}

export function registerOnboardingRoutes(
  app: Api,
  { db, config, jobsQueued, vault }: AppContext,
): void {
  const adapterOf = adaptersFor(config);
  const redirectUriFor = (pms: PmsName) => `${config.shellOrigin}/connect/${pms}`;

  /** The adapter that connects `pms` here, or 409 saying it cannot be connected yet. */
  function adapterOrRefuse(pms: PmsName): PmsAdapter {
    const adapter = adapterOf(pms);
    if (!adapter) throw notSupported(pmsDescriptor(pms).label);
    return adapter;
  }

  async function ownerCaller(request: Parameters<typeof requireUser>[1]): Promise<Caller> {
    const caller = await requireUser(db, request);
    requireOwner(caller);
    return caller;
  }

  app.get(
    '/channel/systems',
    {
      schema: {
        summary: 'The systems a host can connect (public)',
        description:
          'All 18, with their credentials and whether each can be connected here (in the sandbox, all; otherwise those with a real adapter). In the sandbox each names its demo credentials.',
        tags: ['onboarding'],
        response: { 200: ref(PmsSystemListSchema) },
      },
    },
    async () => ({
      sandbox: config.pmsSandbox,
      items: PMS_DESCRIPTORS.map((descriptor) => ({
        name: descriptor.name,
        label: descriptor.label,
        auth: descriptor.auth,
        fields: descriptor.fields.map((field) => ({ ...field, pattern: field.pattern ?? null })),
        docs_url: descriptor.docsUrl,
        real_adapter: descriptor.adapter === 'real',
        connectable: adapterOf(descriptor.name) !== null,
        sandbox_credentials: config.pmsSandbox ? sandboxCredentials(descriptor.name) : null,
      })),
    }),
  );

  app.post(
    '/channel/:pms/onboardUser',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        summary: 'Connect a system and start importing from it (account owner)',
        description:
          'Credentials systems: the credentials are checked against the system first — a missing or refused one is a 400 naming the field (`invalid_request` or `credentials_refused`, `field: credentials.<name>`), and nothing is saved — then saved (replacing earlier ones) and an import task is queued. OAuth systems: answers `authorize_url`, where the browser goes to approve; it comes back to `/connect/{pms}` with `code` and `state` for `POST /user/updateOauthConnection`. 404 `pms_not_found` for a name not among the 18; 409 `pms_not_supported` for a system without a live connection (outside the sandbox); 409 `import_in_progress` while another import of the account runs; 503 `pms_unavailable` when the system did not answer.',
        tags: ['onboarding'],
        security: SESSION,
        params: PmsParam,
        body: OnboardBody,
        response: { 200: ref(OnboardStartSchema), ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = await ownerCaller(request);
      const pms = pmsOf(request.params.pms);
      const adapter = adapterOrRefuse(pms);
      if (adapter.oauth) {
        const state = newToken();
        await db.query(
          `insert into oauth_states (state_hash, session_hash, user_id, pms, expires_at)
           values ($1, $2, $3::bigint, $4, now() + $5::float8 * interval '1 millisecond')`,
          [hashToken(state), hashToken(caller.sessionId), caller.id, pms, OAUTH_STATE_TTL_MS],
        );
        return {
          task: null,
          authorize_url: adapter.oauth.authorizeUrl({ state, redirectUri: redirectUriFor(pms) }),
        };
      }
      const credentials = credentialsFor(adapter, request.body.credentials ?? {});
      await checkWithSystem(adapter, credentials);
      const task = await connectAndImport(db, vault, caller, pms, credentials);
      jobsQueued();
      request.log.info(
        { event: 'pms_connected', pms, accountId: caller.account_id, taskId: task.id },
        'System connected; import queued',
      );
      return { task: taskView(task), authorize_url: null };
    },
  );

  app.get(
    '/channel/:pms/sandboxAuthorize',
    {
      schema: {
        summary: 'The sandbox’s authorization page for an OAuth system (sandbox only)',
        description:
          'An HTML page standing in for the provider’s: "Allow" returns to `redirect_uri` with a sandbox `code` and the `state`, "Deny" with `error=access_denied`. 404 outside the sandbox or for a system that is not OAuth. `redirect_uri` must be this dashboard’s `/connect/{pms}`.',
        tags: ['onboarding'],
        params: PmsParam,
        querystring: query({
          state: Type.String({ minLength: 1, maxLength: 200 }),
          redirect_uri: Type.String({ minLength: 1, maxLength: 500 }),
        }),
        response: {
          200: Type.String({ description: 'The page (text/html).' }),
          ...errors(400, 404),
        },
      },
      ...BY_ROUTE_PATTERN,
    },
    async (request, reply) => {
      const pms = pmsOf(request.params.pms);
      const adapter = config.pmsSandbox ? adapterOf(pms) : null;
      if (!adapter?.oauth)
        throw new ApiError(
          404,
          'not_found',
          `${pmsDescriptor(pms).label} has no sandbox authorization page.`,
        );
      const { state, redirect_uri: redirectUri } = request.query;
      // Only back to this dashboard's own page for the system: never an open redirect.
      if (redirectUri !== redirectUriFor(pms))
        throw badRequest(
          'invalid_redirect',
          'The return address is not this dashboard’s connect page.',
        );
      const back = (params: Record<string, string>) => {
        const url = new URL(redirectUri);
        for (const [key, value] of Object.entries({ ...params, state }))
          url.searchParams.set(key, value);
        return url.toString();
      };
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      return sandboxConsentPage(
        adapter.descriptor.label,
        back({ code: `${SANDBOX_CODE_PREFIX}${newToken().slice(0, 16)}` }),
        back({ error: 'access_denied' }),
      );
    },
  );

  app.post(
    '/user/updateOauthConnection',
    {
      schema: {
        summary: 'Finish an OAuth connection: the code and state from the callback (account owner)',
        description:
          'The `state` must be one this session started for this system in the last 10 minutes and not used yet: otherwise 400 `oauth_state_invalid` and nothing is connected (a forged or replayed callback). Then the code is exchanged for credentials, which are checked, saved, and an import is queued (as `onboardUser`). 400 `credentials_refused` when the system refuses the code.',
        tags: ['onboarding'],
        security: SESSION,
        querystring: query({ pms: Type.String({ minLength: 1, maxLength: 40 }) }),
        body: OAuthCallbackBody,
        response: { 200: ref(OnboardStartSchema), ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = await ownerCaller(request);
      const pms = pmsOf(request.query.pms);
      const adapter = adapterOrRefuse(pms);
      if (!adapter.oauth)
        throw badRequest(
          'not_oauth',
          `${adapter.descriptor.label} connects with credentials, not OAuth.`,
        );
      // Spending the state is the check: bound to this session, this system, unexpired, unused.
      const [spent] = await db.query(
        `update oauth_states set used_at = now()
         where state_hash = $1 and session_hash = $2 and user_id = $3::bigint and pms = $4
           and used_at is null and expires_at > now()
         returning id`,
        [hashToken(request.body.state), hashToken(caller.sessionId), caller.id, pms],
      );
      if (!spent) {
        request.log.warn(
          { event: 'oauth_state_refused', pms, userId: caller.id },
          'An OAuth callback with a state this session did not start was refused',
        );
        throw OAUTH_STATE_REFUSED();
      }
      let credentials: Credentials;
      try {
        credentials = await adapter.oauth.exchange({
          code: request.body.code,
          redirectUri: redirectUriFor(pms),
        });
      } catch (error) {
        if (error instanceof PmsAuthError)
          throw badRequest(
            'credentials_refused',
            `${error.message}. Start again from the Connect button.`,
          );
        if (error instanceof PmsUnavailableError)
          throw unavailable(adapter.descriptor.label, error);
        throw error;
      }
      await checkWithSystem(adapter, credentials);
      const task = await connectAndImport(db, vault, caller, pms, credentials);
      jobsQueued();
      request.log.info(
        { event: 'pms_connected', pms, accountId: caller.account_id, taskId: task.id, oauth: true },
        'System connected through OAuth; import queued',
      );
      return { task: taskView(task), authorize_url: null };
    },
  );

  app.get(
    '/task/status',
    {
      schema: {
        summary: 'An import task’s state, step and progress',
        description:
          'By `id`, or without it the account’s newest task importing from `name` (kept for connect pages built before `GET /channel/{pms}/import`, which answers “no import yet” as `{ import: null }` with 200: read that one). Anyone of the account but building staff (vendors, 403). 404 `import_not_found` for no such task in the caller’s account.',
        tags: ['onboarding'],
        security: SESSION,
        querystring: TaskQuery,
        response: { 200: ref(ImportTaskSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      if (caller.subtype === 'vendor' && !isAccountOwner(caller))
        throw forbidden('Imports are followed by the account’s owner and managers.');
      const { id, name } = request.query;
      const task = await findTask(db, caller.account_id, name, id);
      return taskView(task);
    },
  );

  app.get(
    '/channel/:pms/import',
    {
      schema: {
        summary: 'The account’s newest import from a system, or none',
        description:
          'What `/connect/{pms}` reads when it opens: `{ import: null }` (200) when the account never imported from the system — a normal state, not an error — else the newest import task, to follow by id with `GET /task/status`. Anyone of the account but building staff (vendors, 403). 404 `pms_not_found` for a name not among the 18.',
        tags: ['onboarding'],
        security: SESSION,
        params: PmsParam,
        response: { 200: ref(ImportStateSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      if (caller.subtype === 'vendor' && !isAccountOwner(caller))
        throw forbidden('Imports are followed by the account’s owner and managers.');
      const pms = pmsOf(request.params.pms);
      const task = await latestImportTaskOf(db, caller.account_id, pms);
      return { import: task && task.pms === pms ? taskView(task) : null };
    },
  );

  app.post(
    '/user/updateAfterIntegration',
    {
      schema: {
        summary: 'Record a finished connection (account owner)',
        description:
          'Called by the connect page once the import task succeeded: marks the account onboarded (the first time), tells its team in the bell menu, and answers the connection. Idempotent. 409 `import_not_finished` while the task has not succeeded.',
        tags: ['onboarding'],
        security: SESSION,
        querystring: Type.Object(
          {
            id: TaskQuery.properties.id,
            type: TaskQuery.properties.type,
            name: TaskQuery.properties.name,
          },
          { additionalProperties: false },
        ),
        response: { 200: ref(ConnectionSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await ownerCaller(request);
      const { id, name } = request.query;
      const task = await findTask(db, caller.account_id, name, id);
      if (task.state !== 'succeeded')
        throw new ApiError(
          409,
          'import_not_finished',
          'This import has not finished yet: wait for it to reach 100 %.',
        );
      await db.transaction(async (tx) => {
        const [first] = await tx.query(
          `update accounts set onboarded_at = now() where id = $1::bigint and onboarded_at is null
           returning id`,
          [caller.account_id],
        );
        if (!first) return;
        const { label } = pmsDescriptor(task.pms);
        const { listings, reservations } = task.progress;
        await notifyAccountTeam(tx, caller.account_id, caller.id, {
          title: `${label} is connected`,
          body: `${caller.name} connected ${label}: ${listings.done} listings and ${reservations.done} reservations came in, and the reservations are screened.`,
          link: '/listings',
        });
      });
      const connection = (await connections(db, caller.account_id, config.shellOrigin)).find(
        (candidate) => candidate.pms === task.pms,
      );
      if (!connection) throw new ApiError(404, 'not_found', 'This system is no longer connected.');
      return connection;
    },
  );

  app.get(
    '/user/integrations',
    {
      schema: {
        summary: 'The account’s connected systems (account owner)',
        description:
          'Each with its status, last sync, counts and newest import task; never credentials.',
        tags: ['onboarding'],
        security: SESSION,
        response: { 200: ref(IntegrationsSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = await ownerCaller(request);
      return integrations(db, caller.account_id, config.shellOrigin);
    },
  );

  app.post(
    '/user/updateIntegrations',
    {
      schema: {
        summary: 'Sync a connected system now, or disconnect it (account owner)',
        description:
          '`sync` queues an import with the saved credentials, or resumes the system’s last import where it stopped if it failed ("Try again"); `disconnect` forgets the credentials (imported listings and reservations stay, and stop being updated). Answers the account’s connections. 404 for a system that is not connected; 409 `import_in_progress` while an import of the account runs.',
        tags: ['onboarding'],
        security: SESSION,
        body: IntegrationBody,
        response: { 200: ref(IntegrationsSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await ownerCaller(request);
      const { pms, action } = request.body;
      const { label } = pmsDescriptor(pms);
      const [connected] = await db.query(
        'select 1 from pms_connections where account_id = $1::bigint and pms = $2',
        [caller.account_id, pms],
      );
      if (!connected)
        throw new ApiError(404, 'not_found', `${label} is not connected to this account.`);
      if (action === 'sync') {
        adapterOrRefuse(pms);
        const [last] = await db.query<{ id: string; state: string }>(
          `select id::text as id, state from import_tasks where account_id = $1::bigint and pms = $2
           order by created_at desc, id desc limit 1`,
          [caller.account_id, pms],
        );
        await (
          last?.state === 'failed'
            ? retryImport(db, caller.account_id, last.id)
            : enqueueImport(db, { accountId: caller.account_id, pms, createdBy: caller.id })
        ).catch(importTaskError);
        jobsQueued();
      } else {
        await db.transaction(async (tx) => {
          const [active] = await tx.query(
            `select 1 from import_tasks where account_id = $1::bigint and pms = $2
             and state in ('queued', 'running')`,
            [caller.account_id, pms],
          );
          if (active)
            throw new ApiError(
              409,
              'import_in_progress',
              `${label} is importing right now: disconnect it once the import has finished.`,
            );
          await tx.query('delete from pms_connections where account_id = $1::bigint and pms = $2', [
            caller.account_id,
            pms,
          ]);
          await writeAudit(tx, {
            actorUserId: caller.id,
            action: 'integration.disconnected',
            targetAccountId: caller.account_id,
            detail: { pms },
          });
        });
      }
      request.log.info(
        { event: `pms_${action}`, pms, accountId: caller.account_id },
        `Integration ${action}`,
      );
      return integrations(db, caller.account_id, config.shellOrigin);
    },
  );

  app.post(
    '/user/accounts/requestSignup',
    {
      preValidation: trimEmail,
      schema: {
        summary: 'Start a sign-up: a link mailed to the address (public)',
        description:
          'Mails `email` a sign-up link (`/connect/{pms}?token=…`, once, for 48 hours; asking again mails a new one) that opens the connect page with the name, email and company filled in; there the host chooses a password and `POST /user/accounts/signup` makes the account and signs them in. An address that already has a user is mailed how to sign in or reset the password instead, and nothing is made. The answer is the same 202 either way: it tells nobody but the address’s owner whether the address has an account. Ten an hour per client and three an hour per email, counted either way (429 `too_many_signups` with `Retry-After`).',
        tags: ['onboarding'],
        body: SignupRequestBody,
        response: { 202: ref(MessageSchema), ...errors(400), 429: TooManySignupRequests },
      },
    },
    async (request, reply) => {
      const { pms } = request.body;
      const email = normaliseEmail(request.body.email);
      // Counted for every address, with a user or without: the limits must not tell them apart.
      const taken = await takeSlots(db, [
        { rule: SIGNUP_REQUEST_RULES.client, subject: clientOf(request) },
        { rule: SIGNUP_REQUEST_RULES.email, subject: email },
      ]);
      if (taken.waitSeconds !== undefined)
        throw tooMany('too_many_signups', 'Too many sign-ups from here.', taken.waitSeconds);
      const [user] = await db.query<{
        id: string;
        name: string;
        is_active: boolean;
        account_id: string | null;
      }>(
        'select id::text as id, name, is_active, account_id::text as account_id from users where email = $1',
        [email],
      );
      if (user) {
        const mail = signupExistingMail({
          name: user.name,
          active: user.is_active,
          shellOrigin: config.shellOrigin,
        });
        await db.transaction((tx) =>
          queueMail(tx, {
            ...mail,
            to: email,
            kind: 'signup_existing',
            accountId: user.account_id,
          }),
        );
        request.log.info(
          { event: 'signup_requested', existingUserId: user.id },
          'Sign-up for an address that has a user: its owner is told by mail',
        );
      } else {
        const link = await db.transaction(async (tx) => {
          const made = await insertSignupLink(
            tx,
            {
              email,
              name: request.body.name.trim(),
              company: request.body.company.trim(),
              pms,
              createdBy: null,
            },
            SELF_SIGNUP_LINK_TTL_MS,
          );
          const mail = selfSignupMail({
            pmsLabel: pmsDescriptor(pms).label,
            link: signupLinkUrl(config.shellOrigin, pms, made.token),
          });
          await queueMail(tx, { ...mail, to: email, kind: 'signup_link' });
          return made;
        });
        request.log.info(
          { event: 'signup_requested', linkId: link.id, pms, token: tokenFingerprint(link.token) },
          'Sign-up link written to the outbox',
        );
      }
      reply.code(202);
      return SIGNUP_REQUESTED;
    },
  );

  app.post(
    '/user/accounts/signup',
    {
      preValidation: trimEmail,
      schema: {
        summary: 'Create an account and its owner with a sign-up link, signed in (public)',
        description:
          'A new account named `company` with the caller as its owner, signed in as `POST /login` answers. The sign-up link’s `token` is required and spent (410 `signup_link_expired` / `signup_link_used`; 404 `invite_not_found` for an unknown one); it makes the account only for the address it was made for (400 `signup_link_email_mismatch`, field `email`, for any other; the link stays usable). 409 `email_taken` (field `email`) when the address got a user since the link was mailed to it. Without a link, start with `POST /user/accounts/requestSignup`. Ten sign-ups an hour per client (429).',
        tags: ['onboarding'],
        body: SignupBody,
        response: {
          200: ref(SignedInSchema),
          ...errors(400, 404, 409, 429),
          410: ref(ApiErrorSchema),
        },
      },
    },
    async (request) => {
      const { name, company, password, token } = request.body;
      const email = normaliseEmail(request.body.email);
      const link = await signupLinkByToken(db, token);
      if (!link)
        throw new ApiError(
          404,
          'invite_not_found',
          'This sign-up link is not valid: check that it was copied whole.',
        );
      usableSignupLink(link);
      if (link.email !== email) throw SIGNUP_LINK_ERRORS.otherEmail();
      const outcome = await takeSlot(db, SIGNUP_RULE, clientOf(request));
      if (outcome.waitSeconds !== undefined)
        throw tooMany(
          'too_many_signups',
          'Too many accounts were created from here.',
          outcome.waitSeconds,
        );
      const passwordHash = await hashPassword(password);
      const signedIn = await db.transaction(async (tx) => {
        // Spent only for its own address: the check above, made again under the row's lock.
        const [spent] = await tx.query<{ id: string }>(
          `update signup_links set used_at = now()
           where token_hash = $1 and email = $2 and used_at is null and expires_at > now()
           returning id::text as id`,
          [hashToken(token), email],
        );
        if (!spent) throw SIGNUP_LINK_ERRORS.used();
        const linkId = spent.id;
        const [account] = await tx.query<{ id: string }>(
          `insert into accounts (name, signup_link_id) values ($1, $2::bigint) returning id::text as id`,
          [company.trim(), linkId],
        );
        if (!account) throw new Error('The account was not created.');
        const [user] = await tx.query<{ id: string }>(
          `insert into users (account_id, name, email, type, subtype, password_hash)
           values ($1::bigint, $2, $3, 'user', 'owner', $4)
           on conflict (email) do nothing
           returning id::text as id`,
          [account.id, name.trim(), email, passwordHash],
        );
        // Thrown inside: no account is left without its owner, the link stays unused. Only the
        // address's owner gets here (the link was mailed to it), so saying so tells no stranger.
        if (!user) throw refusedEmail();
        await tx.query(
          'update signup_links set used_by_account = $2::bigint where id = $1::bigint',
          [linkId, account.id],
        );
        await writeAudit(tx, {
          actorUserId: user.id,
          action: 'account.signed_up',
          targetUserId: user.id,
          targetAccountId: account.id,
          detail: { signup_link_id: linkId },
        });
        return signInNewUser(tx, user.id, config.sessionTtlMs);
      });
      request.log.info(
        {
          event: 'signed_up',
          userId: signedIn.user.id,
          accountId: signedIn.user.account_id,
          linkId: link.id,
        },
        'New account; signed in',
      );
      return { user: signedIn.user, ...signedIn.session };
    },
  );

  app.post(
    '/admin/signupLinks',
    {
      preValidation: trimEmail,
      schema: {
        summary: 'Make a sign-up link for a prospective host (staff)',
        description:
          'Mails the link to `email` and answers it once, for the staff member to pass on. It opens `/connect/{pms}` with the name, email and company filled in, works once, for 14 days, and only for that email. 409 `email_taken` when a user has the email.',
        tags: ['admin'],
        security: SESSION,
        body: SignupLinkBody,
        response: { 201: ref(SignupLinkSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const staff = await requireAdmin(db, request);
      const { pms } = request.body;
      const name = request.body.name.trim();
      const company = request.body.company.trim();
      const email = normaliseEmail(request.body.email);
      const [existing] = await db.query('select 1 from users where email = $1', [email]);
      if (existing) throw refusedEmail();
      const { link, url } = await db.transaction(async (tx) => {
        const made = await insertSignupLink(tx, { email, name, company, pms, createdBy: staff.id });
        const linkUrl = signupLinkUrl(config.shellOrigin, pms, made.token);
        const mail = signupLinkMail({
          name,
          company,
          pmsLabel: pmsDescriptor(pms).label,
          invitedBy: staff.name,
          link: linkUrl,
        });
        await queueMail(tx, { ...mail, to: email, kind: 'signup_link' });
        await writeAudit(tx, {
          actorUserId: staff.id,
          action: 'signup_link.created',
          detail: { signup_link_id: made.id, email, pms },
        });
        return { link: made, url: linkUrl };
      });
      request.log.info(
        {
          event: 'signup_link_created',
          linkId: link.id,
          pms,
          by: staff.id,
          token: tokenFingerprint(link.token),
        },
        'Sign-up link written to the outbox',
      );
      reply.code(201);
      return { id: link.id, email, name, company, pms, url, expires_at: link.expires_at };
    },
  );
}
