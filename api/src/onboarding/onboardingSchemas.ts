// The onboarding calls' shapes (issue 15): the systems a host can connect, an import task as the
// connect page follows it, the account's connections as /settings lists them, and sign-up.
import { Type, type Static } from '@sinclair/typebox';
import { NewPasswordField, tooManyAnswer } from '../auth/authSchemas';
import {
  closedBody,
  DateTime,
  EmailField,
  Id,
  named,
  nullable,
  ref,
  stringEnum,
  stringMap,
  type NamedSchema,
} from '../http/schemas';
import { IMPORT_STEPS } from '../imports/importTasks';
import { PMS_NAMES } from '../pms/pms';

export const AUTH_KINDS = ['api_key', 'api_key_secret', 'client_credentials', 'oauth'] as const;
export const CONNECTION_STATUSES = ['pending', 'connected', 'reconnect', 'failed'] as const;
export const IMPORT_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const IMPORT_ERROR_CODES = [
  'pms_auth',
  'pms_unavailable',
  'pms_not_supported',
  'connection_missing',
  'import_abandoned',
  'import_error',
] as const;
/** What `POST /user/updateIntegrations` does to a connection. */
export const INTEGRATION_ACTIONS = ['sync', 'disconnect'] as const;
/** What `GET /task/status` follows (only imports so far). */
export const TASK_TYPES = ['import'] as const;

export const PmsParam = Type.Object({
  pms: Type.String({ minLength: 1, maxLength: 40, description: 'One of the 18 system names.' }),
});

export const CredentialFieldSchema = named(
  'PmsCredentialField',
  {
    name: Type.String({ description: 'The key to send in `credentials`.' }),
    label: Type.String({ description: 'In the system’s own words ("Account ID").' }),
    secret: Type.Boolean({
      description: 'Typed as a password; never shown back or kept in a draft.',
    }),
    pattern: nullable(Type.String({ description: 'A regular expression the value must match.' })),
    help: Type.String({ description: 'Where in the system the host finds it.' }),
  },
  { description: 'One credential a system asks for.' },
);

export const PmsSystemSchema = named(
  'PmsSystem',
  {
    name: stringEnum(PMS_NAMES),
    label: Type.String({ description: 'The system’s name as it writes it.' }),
    auth: stringEnum(AUTH_KINDS),
    fields: Type.Array(ref(CredentialFieldSchema), { description: 'Empty for `oauth`.' }),
    docs_url: Type.String({ description: 'The public API documentation the connection follows.' }),
    real_adapter: Type.Boolean({
      description: 'Hostdash talks to the live system (not only the sandbox).',
    }),
    connectable: Type.Boolean({
      description:
        'Whether it can be connected here now: always in the sandbox; otherwise only with a real adapter.',
    }),
    sandbox_credentials: nullable(
      stringMap(Type.String(), {
        description:
          'In the sandbox (PMS_SANDBOX), the demo credentials it accepts, by field name.',
      }),
    ),
  },
  { description: 'A property-management system a host can connect.' },
);

export const PmsSystemListSchema = named(
  'PmsSystemList',
  {
    sandbox: Type.Boolean({
      description: 'PMS_SANDBOX: imports are generated, nothing leaves the API.',
    }),
    items: Type.Array(ref(PmsSystemSchema)),
  },
  { description: 'The 18 systems, in the spec’s order.' },
);

const StepProgressSchema = Type.Object(
  {
    done: Type.Integer({ minimum: 0 }),
    total: nullable(Type.Integer({ minimum: 0, description: 'Null until the system says.' })),
  },
  { additionalProperties: false },
);

export const ImportTaskSchema = named(
  'ImportTask',
  {
    id: Id(),
    type: Type.Literal('import'),
    pms: stringEnum(PMS_NAMES),
    state: stringEnum(IMPORT_STATES),
    step: stringEnum(IMPORT_STEPS, { description: 'The step under way, or where it stopped.' }),
    progress: Type.Object(
      {
        listings: StepProgressSchema,
        reservations: StepProgressSchema,
        screening: StepProgressSchema,
      },
      { additionalProperties: false },
    ),
    error_message: nullable(
      Type.String({ description: 'For the host: what failed, or why it waits to retry.' }),
    ),
    error_code: Type.Unsafe<(typeof IMPORT_ERROR_CODES)[number] | null>({
      type: ['string', 'null'],
      enum: [...IMPORT_ERROR_CODES, null],
      description: 'A stable word for why it failed; null unless it failed or waits to retry.',
    }),
    attempts: Type.Integer({ minimum: 0 }),
    created_at: DateTime(),
    started_at: nullable(DateTime()),
    finished_at: nullable(DateTime()),
    server_time: DateTime('The API’s clock, so the page counts elapsed time from the same clock.'),
  },
  { description: 'An import of a system’s listings and reservations, as it runs.' },
);

export const ConnectionSchema = named(
  'PmsConnectionSummary',
  {
    pms: stringEnum(PMS_NAMES),
    label: Type.String(),
    auth: stringEnum(AUTH_KINDS),
    status: stringEnum(CONNECTION_STATUSES, {
      description:
        '`pending` never imported; `connected` the last import succeeded; `reconnect` the system refused the credentials; `failed` the last import failed otherwise.',
    }),
    last_sync_at: nullable(DateTime()),
    next_sync_at: nullable(
      DateTime(
        'When the scheduled sync reads what changed next (null: it does not sync until reconnected or imported).',
      ),
    ),
    webhook_url: nullable(
      Type.String({
        description:
          'Where the system sends its webhooks (Hostaway, Guesty); its credentials from `GET /user/integrations/{pms}/webhook`. Null for a system without webhooks.',
      }),
    ),
    listings_count: Type.Integer({ minimum: 0 }),
    reservations_count: Type.Integer({ minimum: 0 }),
    connected_at: DateTime(),
    task: nullable(ref(ImportTaskSchema)),
  },
  { description: 'A connected system of the account (never its credentials).' },
);

export const ListingSourceSchema = named(
  'ListingSource',
  {
    pms: stringEnum(PMS_NAMES),
    label: Type.String(),
    listings_count: Type.Integer({
      minimum: 0,
      description: 'The account’s listings that came from this system, as Hostdash holds them now.',
    }),
    connected: Type.Boolean({
      description:
        'Whether the system is among `items` (credentials saved, kept in sync); false for listings that came from it another way (a past import, a move to Hostdash).',
    }),
    last_sync_at: nullable(
      DateTime(
        'The connection’s last sync, else when the newest import from it finished; null when Hostdash does not know.',
      ),
    ),
  },
  { description: 'A system the account’s listings came from.' },
);

export const IntegrationsSchema = named(
  'Integrations',
  {
    items: Type.Array(ref(ConnectionSchema)),
    sources: Type.Array(ref(ListingSourceSchema), {
      description:
        'Where the account’s listings really came from, by system, most listings first: every system it holds listings from, connected or not.',
    }),
    onboarded_at: nullable(DateTime('When the account finished its first import.')),
  },
  { description: 'The account’s connected systems, and where its listings came from.' },
);

export const ImportStateSchema = named(
  'ImportState',
  {
    import: nullable(ref(ImportTaskSchema)),
  },
  {
    description:
      'The account’s newest import from a system (`import`), or null when it never imported from it: a normal state, not an error.',
  },
);

export const OnboardStartSchema = named(
  'OnboardStart',
  {
    task: nullable(ref(ImportTaskSchema)),
    authorize_url: nullable(
      Type.String({
        description:
          'For an `oauth` system: send the browser here; it comes back to `/connect/{pms}` with `code` and `state`.',
      }),
    ),
  },
  {
    description:
      'Connecting began: the import task (credentials systems), or where to authorize (OAuth).',
  },
);

export const SignupLinkSchema = named(
  'SignupLink',
  {
    id: Id(),
    email: Type.String(),
    name: Type.String(),
    company: Type.String(),
    pms: stringEnum(PMS_NAMES),
    url: Type.String({ description: 'The link, shown once to the staff member who made it.' }),
    expires_at: DateTime(),
  },
  { description: 'A sign-up link made for a prospective host (also mailed to them).' },
);

export const SignupLookupSchema = named(
  'SignupLookup',
  {
    kind: Type.Literal('signup'),
    email: Type.String(),
    name: Type.String(),
    company: Type.String(),
    pms: stringEnum(PMS_NAMES, { description: 'The system the link is for (`/connect/{pms}`).' }),
    expires_at: DateTime(),
  },
  { description: 'Whom a sign-up link is for, to fill in the sign-up form.' },
);

export const OnboardBody = Type.Object(
  {
    credentials: Type.Optional(
      stringMap(Type.String({ maxLength: 2000 }), {
        maxProperties: 10,
        description: 'By field name (`PmsSystem.fields`); omitted for an `oauth` system.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const OAuthCallbackBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2000 }),
    state: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const TaskQuery = Type.Object(
  {
    id: Type.Optional(Id('The task; without it, the account’s newest task of that system.')),
    type: stringEnum(TASK_TYPES),
    name: stringEnum(PMS_NAMES, { description: 'The system the task imports from.' }),
  },
  { additionalProperties: false },
);

export const IntegrationBody = Type.Object(
  { pms: stringEnum(PMS_NAMES), action: stringEnum(INTEGRATION_ACTIONS) },
  { additionalProperties: false },
);

export const NameField = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

export const SignupBody = Type.Object(
  {
    name: NameField,
    email: EmailField,
    company: NameField,
    password: NewPasswordField,
    token: Type.String({
      minLength: 1,
      maxLength: 512,
      description:
        'The sign-up link’s token (staff-made, or mailed by `POST /user/accounts/requestSignup`). Required: the link is what proves the address.',
    }),
  },
  { additionalProperties: false },
);

/** An open sign-up: who they are and the system they came to connect; no password yet. */
export const SignupRequestBody = closedBody({
  name: NameField,
  email: EmailField,
  company: NameField,
  pms: stringEnum(PMS_NAMES, { description: 'The connect page it was asked from.' }),
});

/** 429 of an open sign-up (ADR 9's table). */
export const TooManySignupRequests = tooManyAnswer(
  'Too many sign-ups from this client or for this email (`too_many_signups`), counted whether or not the address has an account; `Retry-After` says when to try again, the message says it in words.',
);

export const SignupLinkBody = Type.Object(
  { name: NameField, email: EmailField, company: NameField, pms: stringEnum(PMS_NAMES) },
  { additionalProperties: false },
);

export type ImportTaskView = Static<typeof ImportTaskSchema>;
export type ConnectionView = Static<typeof ConnectionSchema>;
export type ListingSourceView = Static<typeof ListingSourceSchema>;
export type PmsSystemView = Static<typeof PmsSystemSchema>;

export const ONBOARDING_SCHEMAS: NamedSchema[] = [
  CredentialFieldSchema,
  PmsSystemSchema,
  PmsSystemListSchema,
  ImportTaskSchema,
  ConnectionSchema,
  ListingSourceSchema,
  IntegrationsSchema,
  ImportStateSchema,
  OnboardStartSchema,
  SignupLinkSchema,
  SignupLookupSchema,
];
