// GET /admin/analytics/frontend: the front-end's health for the admin's analytics view
// (/admin/kibana, issue 17), from what the browsers reported (analyticsQueries.ts). Staff only.
import { requireAdmin } from '../auth/caller';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { errors, ref, SESSION, type Api } from '../http/schemas';
import { frontendHealth } from './analyticsQueries';
import {
  DEFAULT_PERIOD_HOURS,
  FrontendHealthQuery,
  FrontendHealthSchema,
  MAX_PERIOD_DAYS,
  TOP_ROWS,
} from './analyticsSchemas';

const HOUR_MS = 3_600_000;

/** A period the schema took but that cannot be read: refused like a schema refusal, naming it. */
const refusedPeriod = (field: 'from' | 'to', rule: string, message: string): ApiError =>
  new ApiError(400, 'invalid_request', message, {}, { field, in: 'query', rule });

/** The period asked for: `to` now and `from` a day before by default, at most a month long. */
export function periodOf(query: FrontendHealthQuery, now = new Date()): { from: Date; to: Date } {
  const to = query.to === undefined ? now : new Date(query.to);
  const from =
    query.from === undefined
      ? new Date(to.getTime() - DEFAULT_PERIOD_HOURS * HOUR_MS)
      : new Date(query.from);
  if (from.getTime() >= to.getTime())
    throw refusedPeriod('from', 'before_to', '"from" must be before "to".');
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * 24 * HOUR_MS)
    throw refusedPeriod(
      'to',
      'max_period',
      `The period is at most ${MAX_PERIOD_DAYS} days: ask for a shorter one.`,
    );
  return { from, to };
}

export function registerFrontendAnalyticsRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/admin/analytics/frontend',
    {
      schema: {
        summary: 'The front-end’s health over a period, from browser telemetry (staff)',
        description: `Per remote and version over time: sessions, sessions with an error, errors, load failures, API failures and the p75 of LCP and INP; the slowest routes by time to content; the top ${TOP_ROWS} errors by message, remote, version and type. The last ${DEFAULT_PERIOD_HOURS} hours by default, at most ${MAX_PERIOD_DAYS} days (\`invalid_request\` 400 naming \`from\` or \`to\` otherwise).`,
        tags: ['admin'],
        security: SESSION,
        querystring: FrontendHealthQuery,
        response: { 200: ref(FrontendHealthSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { from, to } = periodOf(request.query);
      return frontendHealth(db, { from, to, remote: request.query.remote ?? null });
    },
  );
}
