// The admin's read of the span summary (GET /admin/traces): the slowest operations of a window.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, named, query, ref, stringEnum, type NamedSchema } from '../http/schemas';

/** The longest window read at once (the summary is kept TELEMETRY_RETENTION_DAYS, 14 by default). */
export const MAX_TRACE_WINDOW_DAYS = 31;
/** The default window: the last hour. */
export const DEFAULT_TRACE_WINDOW_MS = 60 * 60 * 1000;
export const TRACE_OPERATIONS_LIMIT = 50;

export const TracesQuery = query({
  from: Type.Optional(DateTime('Start of the window (included); default an hour before `to`.')),
  to: Type.Optional(DateTime('End of the window (excluded); default now.')),
});

const Ms = (description: string) => Type.Number({ minimum: 0, description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const TraceOperationSchema = named(
  'TraceOperation',
  {
    service: Type.String({ description: 'The service that recorded it (OTEL_SERVICE_NAME).' }),
    kind: stringEnum(['server', 'db'], {
      description: 'A request the service answered, or a database query.',
    }),
    operation: Type.String({
      description:
        "A route template ('GET /reservation/get/:id') or a query's command ('pglite.query:SELECT').",
    }),
    count: Count('How many in the window.'),
    errors: Count('Answered 5xx, or a query that failed.'),
    meanMs: Ms('Mean duration.'),
    p50Ms: Ms('Median duration (the upper bound of its histogram bucket).'),
    p95Ms: Ms('95th percentile duration (the upper bound of its histogram bucket).'),
    maxMs: Ms('The longest.'),
  },
  { description: 'One operation of the API over a window, from the per-minute span summary.' },
);

export type TraceOperation = Static<typeof TraceOperationSchema>;

export const TraceSummarySchema = named(
  'TraceSummary',
  {
    from: DateTime('Start of the window (included), to the minute.'),
    to: DateTime('End of the window (excluded), to the minute.'),
    operations: Type.Array(ref(TraceOperationSchema), {
      maxItems: TRACE_OPERATIONS_LIMIT,
      description: `The slowest operations by p95, at most ${TRACE_OPERATIONS_LIMIT}.`,
    }),
  },
  {
    description:
      'The slowest operations of a window, from the span summary written without an OTLP collector (empty when the spans go to one).',
  },
);
export type TraceSummary = Static<typeof TraceSummarySchema>;

export const TRACE_SCHEMAS: NamedSchema[] = [TraceOperationSchema, TraceSummarySchema];
