// The admin's front-end health view (GET /admin/analytics/frontend, issue 17): what the browsers
// reported over a period, per remote and version over time, the slowest routes and the top errors.
// Snake case like the platform analytics beside it on the same page (platformSchemas.ts).
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, named, nullable, query, stringEnum } from '../http/schemas';
import { API_METHODS, PROBLEM_TYPES } from './telemetrySchemas';

/** The longest period asked for at once: a month, the most the series' buckets read well. */
export const MAX_PERIOD_DAYS = 31;
/** When `from` is left out: the last day. */
export const DEFAULT_PERIOD_HOURS = 24;
/** Rows of the slowest routes and of the top errors. */
export const TOP_ROWS = 20;

export const FrontendHealthQuery = query({
  from: Type.Optional(
    DateTime(
      `The period's start (ISO 8601); by default ${DEFAULT_PERIOD_HOURS} hours before \`to\`. Moved back to the start of its bucket.`,
    ),
  ),
  to: Type.Optional(
    DateTime(
      `The period's end, excluded (ISO 8601); now by default. At most ${MAX_PERIOD_DAYS} days after \`from\`.`,
    ),
  ),
  remote: Type.Optional(
    Type.String({
      pattern: '^[a-z][a-z0-9-]{0,39}$',
      description:
        'Only this remote’s events (`listings`, …); every remote and the shell when left out.',
    }),
  ),
});
export type FrontendHealthQuery = Static<typeof FrontendHealthQuery>;

const Milliseconds = (description: string) =>
  nullable(Type.Number({ minimum: 0, description: `${description} (ms); null without a sample.` }));

/** The figures of a remote version over a bucket or over the whole period. */
const healthFigures = {
  sessions: Type.Integer({
    minimum: 0,
    description:
      'Distinct browser-tab sessions with an event of this version (kept TELEMETRY_RETENTION_DAYS days: older buckets read 0).',
  }),
  sessions_with_error: Type.Integer({
    minimum: 0,
    description:
      'Of those, the sessions with an uncaught error, a rejection or a boundary’s catch.',
  }),
  error_rate: nullable(
    Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'sessions_with_error / sessions; null without sessions.',
    }),
  ),
  errors: Type.Integer({
    minimum: 0,
    description: 'Uncaught errors, unhandled rejections and errors caught by a boundary.',
  }),
  load_failures: Type.Integer({
    minimum: 0,
    description: 'Remote load failures and contract refusals.',
  }),
  api_failures: Type.Integer({
    minimum: 0,
    description:
      'API calls that failed: no answer, a time-out, a 5xx, or a 4xx no page expects (a 403, a 404 of a record, a 400 naming no field).',
  }),
  api_refusals: Type.Integer({
    minimum: 0,
    description:
      'API calls the API refused as the page expects, not failures: a 400 naming a field, a 401 at sign-in, a 402, a 404 of a “nothing yet” lookup, a 409.',
  }),
  lcp_p75: Milliseconds('The 75th percentile of Largest Contentful Paint'),
  inp_p75: Milliseconds('The 75th percentile of Interaction to Next Paint'),
};

const RemoteName = nullable(
  Type.String({ description: 'The remote (`listings`, …); null for the shell.' }),
);
const VersionName = nullable(
  Type.String({ description: 'The remote’s version; null for events sent without one.' }),
);

const HealthSeriesSchema = Type.Object(
  {
    remote: RemoteName,
    version: VersionName,
    totals: Type.Object(healthFigures, {
      additionalProperties: false,
      description: 'The whole period (sessions counted once however many buckets they span).',
    }),
    buckets: Type.Array(
      Type.Object(
        { at: DateTime('The bucket’s start.'), ...healthFigures },
        { additionalProperties: false },
      ),
      { description: 'Every bucket of the period, oldest first; a bucket with nothing reads 0.' },
    ),
  },
  { additionalProperties: false },
);

const SlowRouteSchema = Type.Object(
  {
    route: Type.String({ description: 'The route template (`/reservation/:id`).' }),
    remote: RemoteName,
    count: Type.Integer({ minimum: 1, description: 'Route changes measured.' }),
    p75_ms: Type.Number({ minimum: 0, description: 'The 75th percentile of time to content.' }),
    p95_ms: Type.Number({ minimum: 0, description: 'The 95th percentile of time to content.' }),
  },
  { additionalProperties: false },
);

const apiCall = (description: string) =>
  Type.Object(
    {
      method: stringEnum(API_METHODS),
      route: nullable(
        Type.String({
          description:
            'The API route called, as a template (`/reservation/get/{id}`); null for a path that is no route of the API.',
        }),
      ),
      status: Type.Integer({
        minimum: 0,
        maximum: 599,
        description: 'The answer’s status; 0 when nothing answered (down, a time-out).',
      }),
    },
    { additionalProperties: false, description },
  );

/** What a grouped row of problems or refusals holds beside what groups it. */
const groupFigures = {
  count: Type.Integer({ minimum: 1 }),
  sessions: Type.Integer({ minimum: 1, description: 'Distinct sessions it happened in.' }),
  first_seen: DateTime('Its first receipt in the period.'),
  last_seen: DateTime('Its last receipt in the period.'),
};

const TopErrorSchema = Type.Object(
  {
    message: nullable(
      Type.String({
        description:
          'The message as the browser scrubbed it (for an API failure, the API’s error code: `internal`, `no_response`); null when none was sent.',
      }),
    ),
    remote: RemoteName,
    version: VersionName,
    type: stringEnum(PROBLEM_TYPES),
    call: nullable(
      apiCall(
        'For an API failure, the call that failed: method, route and status; null for other problems.',
      ),
    ),
    ...groupFigures,
  },
  { additionalProperties: false },
);

const TopRefusalSchema = Type.Object(
  {
    message: nullable(
      Type.String({
        description:
          'The API’s refusal code (`card_declined`, `stale_write`); null when none was sent.',
      }),
    ),
    remote: RemoteName,
    version: VersionName,
    call: apiCall('The call refused: method, route and status.'),
    ...groupFigures,
  },
  { additionalProperties: false },
);

export const FrontendHealthSchema = named(
  'FrontendHealth',
  {
    from: DateTime('The period’s start: the first bucket’s.'),
    to: DateTime('The period’s end (excluded), on a whole minute.'),
    bucket_minutes: Type.Integer({
      minimum: 1,
      description: 'The buckets’ length, chosen from the period: about a hundred buckets or fewer.',
    }),
    remotes: Type.Array(Type.String(), {
      description:
        'Every remote with events in the period, whatever `remote` asked (for a chooser).',
    }),
    series: Type.Array(HealthSeriesSchema, {
      description: 'One per remote version with events in the period, the most sessions first.',
    }),
    slowest_routes: Type.Array(SlowRouteSchema, {
      maxItems: TOP_ROWS,
      description: 'Routes by their 75th percentile of time to content, slowest first.',
    }),
    top_errors: Type.Array(TopErrorSchema, {
      maxItems: TOP_ROWS,
      description:
        'Problems grouped by message, remote, version, type and call (method, route and status), the most frequent first. API refusals a page expects are not among them.',
    }),
    top_refusals: Type.Array(TopRefusalSchema, {
      maxItems: TOP_ROWS,
      description:
        'API calls refused as the page expects (not failures), grouped by refusal code, remote, version and call, the most frequent first.',
    }),
  },
  { description: 'The front-end’s health over a period, from the browsers’ telemetry.' },
);
export type FrontendHealth = Static<typeof FrontendHealthSchema>;
export type HealthSeries = FrontendHealth['series'][number];
export type HealthFigures = Omit<HealthSeries['totals'], never>;

export const FRONTEND_ANALYTICS_SCHEMAS = [FrontendHealthSchema];
