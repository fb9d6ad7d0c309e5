// GET /admin/traces (staff): the slowest operations of a window from the span summary
// (trace_minutes), with counts and p95 — the server's side of the admin's health view.
import { requireAdmin } from '../auth/caller';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { errors, ref, SESSION, type Api } from '../http/schemas';
import { slowestOperations } from './traceMinutesStore';
import {
  DEFAULT_TRACE_WINDOW_MS,
  MAX_TRACE_WINDOW_DAYS,
  TRACE_OPERATIONS_LIMIT,
  TracesQuery,
  TraceSummarySchema,
  type TraceSummary,
} from './traceSchemas';

const MINUTE_MS = 60_000;
const floorMinute = (ms: number): Date => new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS);
/** A query field refused by a rule of ours, in the shape of the schema's refusals. */
const refusedQuery = (field: string, rule: string, message: string): ApiError =>
  new ApiError(400, 'invalid_request', message, {}, { field, in: 'query', rule });

export function registerTraceRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/admin/traces',
    {
      schema: {
        summary: "The API's slowest operations over a window, from its span summary (staff)",
        description:
          'Per route template and per query command: count, errors, mean, p50, p95 and longest duration, slowest p95 first. Minutes are whole: `from` and `to` are taken to the minute. Empty when the spans go to an OTLP collector instead.',
        tags: ['admin'],
        security: SESSION,
        querystring: TracesQuery,
        response: { 200: ref(TraceSummarySchema), ...errors(400, 401, 403) },
      },
    },
    async (request): Promise<TraceSummary> => {
      await requireAdmin(db, request);
      const toMs = request.query.to ? Date.parse(request.query.to) : Date.now() + MINUTE_MS;
      const fromMs = request.query.from
        ? Date.parse(request.query.from)
        : toMs - DEFAULT_TRACE_WINDOW_MS;
      const from = floorMinute(fromMs);
      const to = floorMinute(toMs);
      if (to <= from)
        throw refusedQuery('to', 'after_from', '"to" must be at least a minute after "from".');
      if (to.getTime() - from.getTime() > MAX_TRACE_WINDOW_DAYS * 24 * 60 * MINUTE_MS)
        throw refusedQuery(
          'to',
          'window',
          `The window can be at most ${MAX_TRACE_WINDOW_DAYS} days: choose a shorter one.`,
        );
      const operations = await slowestOperations(db, { from, to, limit: TRACE_OPERATIONS_LIMIT });
      return { from: from.toISOString(), to: to.toISOString(), operations };
    },
  );
}
