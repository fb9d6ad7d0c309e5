// The telemetry collector's shapes (issue 17): a batch of events the shell sends from a browser tab
// (`navigator.sendBeacon` on page hide), and the count it is answered with. Every object is closed
// and every string bounded: the collector is public, so nothing it takes may be open-ended. Routes
// and API paths are templates and users are hashes: the browser removes anything personal before it
// sends; the API stores what it is given and does not try to detect it.
import { Type, type Static } from '@sinclair/typebox';
import {
  closedBody,
  DateTime,
  named,
  nullable,
  query,
  stringEnum,
  type NamedSchema,
} from '../http/schemas';
import { RECENT_DATE_TIME } from '../http/formats';
import { STAMP_PATTERN, TELEMETRY_STAMP_HEADER } from './telemetryStamp';

/**
 * The event types that say something went wrong (the admin's top errors count these), named one
 * by one so a new kind of measurement never shows up as an error.
 */
export const PROBLEM_TYPES = [
  'error',
  'rejection',
  'boundary_error',
  'remote_load_failed',
  'contract_refused',
  'api_failure',
] as const;
/**
 * A call the API refused as the page expects (a declined card, a field's rule, a conflict, a wrong
 * password at sign-in: shared-auth's apiOutcome): counted apart from failures, never a problem.
 */
export const API_REFUSAL = 'api_refusal';
export const TELEMETRY_EVENT_TYPES = [
  ...PROBLEM_TYPES,
  API_REFUSAL,
  'api_calls',
  'route_change',
  'vital',
] as const;
export type TelemetryEventType = (typeof TELEMETRY_EVENT_TYPES)[number];
/** The types that make a session one "with an error" (what the health analysis rates). */
export const SESSION_ERROR_TYPES: readonly TelemetryEventType[] = [
  'error',
  'rejection',
  'boundary_error',
];
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const MAX_EVENTS_PER_BATCH = 200;
/** The longest duration or vital value taken: ten minutes, in milliseconds. */
const MAX_MS = 600_000;

export const TelemetryEventBody = closedBody(
  {
    type: stringEnum(TELEMETRY_EVENT_TYPES),
    at: Type.String({
      format: RECENT_DATE_TIME,
      maxLength: 40,
      description:
        'When it happened, by the browser’s clock: at most a day from the server’s (a clock that far off, or an invented date, is refused).',
    }),
    route: Type.String({
      maxLength: 200,
      description: 'The route template, e.g. `/reservation/:id` (never ids or query values).',
    }),
    remote: nullable(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: 'The remote the event belongs to (`listings`, …); null for the shell.',
      }),
    ),
    remoteVersion: nullable(Type.String({ minLength: 1, maxLength: 64 })),
    inRollout: Type.Boolean({
      description: 'The user is on that remote’s canary or candidate.',
    }),
    user: nullable(
      Type.String({
        pattern: '^[0-9a-f]{64}$',
        description: 'A hash of the user id (never the id); null when signed out.',
      }),
    ),
    message: Type.Optional(
      Type.String({
        maxLength: 300,
        description:
          'The error’s message, scrubbed by the browser; for `api_failure` and `api_refusal`, the API’s error code (`internal`, `card_declined`; `no_response` when nothing answered).',
      }),
    ),
    apiMethod: Type.Optional(stringEnum(API_METHODS)),
    apiPath: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'The path called, ids already replaced by the browser (`/reservation/get/:id`). The collector keeps only the API route it matches, as a template (`/reservation/get/{id}`), and nothing for a path that is no route of the API: never an id, a token or a query.',
      }),
    ),
    apiStatus: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 599, description: '0: no answer (network, timeout).' }),
    ),
    durationMs: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MAX_MS,
        description: 'An API call’s duration, or a route change’s time to content.',
      }),
    ),
    vital: Type.Optional(stringEnum(WEB_VITALS)),
    value: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MAX_MS,
        description:
          'A vital’s value; for `api_calls`, how many calls the page made since the last batch.',
      }),
    ),
  },
  { description: 'One event from a browser tab.' },
);
export type TelemetryEvent = Static<typeof TelemetryEventBody>;

export const TelemetryBatchBody = closedBody(
  {
    session: Type.String({
      pattern: '^[A-Za-z0-9_-]{16,64}$',
      description: 'A random id per browser tab session (not the sign-in session).',
    }),
    shell: Type.String({ minLength: 1, maxLength: 64, description: 'The shell’s build id.' }),
    events: Type.Array(TelemetryEventBody, { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH }),
  },
  { description: 'A batch of events from one browser tab.' },
);
export type TelemetryBatch = Static<typeof TelemetryBatchBody>;

export const TelemetryHeaders = Type.Object({
  [TELEMETRY_STAMP_HEADER]: Type.Optional(
    Type.String({
      pattern: STAMP_PATTERN,
      description:
        'Set by the shell server for a signed-in user’s batch (never by a browser): who sent it and the remote versions served to them, signed with a key derived from DELIVERY_TOKEN. Only what it vouches for counts for a rollout verdict.',
    }),
  ),
});

export const TelemetryAcceptedSchema = named(
  'TelemetryAccepted',
  {
    accepted: Type.Integer({
      minimum: 1,
      maximum: MAX_EVENTS_PER_BATCH,
      description: 'Events stored.',
    }),
  },
  { description: 'The batch was stored.' },
);

const VERSION = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$',
});

export const RolloutHealthQuery = query({
  remote: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 40, description: 'The remote.' }),
  candidate: { ...VERSION, description: 'The candidate version.' },
  live: { ...VERSION, description: 'The live version it is compared with.' },
  from: DateTime('When the rollout began: the window runs from it to now.'),
});

export const ROLLOUT_VERDICTS = ['healthy', 'unhealthy', 'not_enough_data'] as const;

const Rate = (description: string) => nullable(Type.Number({ minimum: 0, description }));

export const RolloutFiguresSchema = named(
  'RolloutFigures',
  {
    sessions: Type.Integer({
      minimum: 0,
      description:
        'Sessions counted in the window: one per signed-in user the shell server vouched for, however many tabs they had open (unstamped telemetry never counts).',
    }),
    errorRate: Rate('Share of those sessions with an uncaught error, rejection or boundary catch.'),
    loadFailureRate: Rate(
      'Share of those sessions with a remote load failure or contract refusal.',
    ),
    apiFailureRate: Rate(
      'The share of a session’s API calls that failed (no answer, a time-out, a 5xx, a 4xx no page expects), averaged over the sessions that made calls (null: no calls counted). Refusals a page expects are not failures.',
    ),
    apiRefusalRate: Rate(
      'The share of a session’s API calls the API refused as the page expects (a declined card, a field’s rule, a conflict, a wrong password), averaged like `apiFailureRate`: shown beside it, never judged.',
    ),
    lcpP75: Rate('75th percentile over the sessions of each one’s LCP p75, ms.'),
    inpP75: Rate('75th percentile over the sessions of each one’s INP p75, ms.'),
  },
  { description: 'One version’s figures over the window.' },
);

export const RolloutHealthSchema = named(
  'RolloutHealth',
  {
    verdict: stringEnum(ROLLOUT_VERDICTS),
    reason: Type.String({
      description: 'For people: “error rate 4.1 % vs 0.2 %, 312 sessions”, or what is missing.',
    }),
    at: DateTime('When it was judged.'),
    candidate: Type.Unsafe<Static<typeof RolloutFiguresSchema>>({ $ref: 'RolloutFigures#' }),
    live: Type.Unsafe<Static<typeof RolloutFiguresSchema>>({ $ref: 'RolloutFigures#' }),
  },
  { description: 'The health analysis’ verdict on a candidate against the live version.' },
);

export const TELEMETRY_SCHEMAS: NamedSchema[] = [
  TelemetryAcceptedSchema,
  RolloutFiguresSchema,
  RolloutHealthSchema,
];
