// JSON-schema pieces shared by routes (Fastify validates params, query and body with them).
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

export const ID_PATTERN = '^[0-9]{1,18}$';

/** A database id in a path: digits that fit a bigint. */
export const idParam = { type: 'string', pattern: ID_PATTERN } as const;

export const pagingQuery = {
  from: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  sort: { type: 'string', maxLength: 200 },
} as const;

export const emailField = { type: 'string', format: 'email', maxLength: 254 } as const;

export const okResponse = { ok: true } as const;

/** preValidation hook: surrounding spaces in a pasted email are not the user's intent. */
export async function trimEmail(request: FastifyRequest): Promise<void> {
  const body = request.body as { email?: unknown } | undefined;
  if (body && typeof body === 'object' && typeof body.email === 'string')
    body.email = body.email.trim();
}

export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/** A calendar day, YYYY-MM-DD (checked to exist with `assertCalendarDate`). */
export const dateField = { type: 'string', pattern: DATE_PATTERN } as const;
/** A day in a query string; empty means "no bound". */
export const optionalDateQuery = {
  type: 'string',
  pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$',
} as const;

/** `2024-02-30` has the shape of a date but is none: a 400 naming the field. */
export function assertCalendarDate(value: string, field: string): void {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    year < 1900 ||
    year > 2999
  ) {
    throw badRequest('invalid_request', `"${field}" must be a real date (got "${value}").`);
  }
}
