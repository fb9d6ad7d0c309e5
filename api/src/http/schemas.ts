// JSON-schema pieces shared by routes (Fastify validates params, query and body with them).
import type { FastifyRequest } from 'fastify';

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
