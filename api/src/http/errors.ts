// Every error leaves the API as `{ error, message }`: a stable snake_case code and a sentence a
// person can read. Unexpected errors are logged and answered without any detail.
import type { FastifyError, FastifyInstance } from 'fastify';
import { COMMON_PASSWORD_MESSAGE, NOT_COMMON_PASSWORD } from '../auth/commonPasswords';
import { RECENT_DATE_TIME } from './formats';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields for the answer beside `error` and `message` (e.g. the current record of a 409). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const INTERNAL_ERROR = {
  error: 'internal',
  message: 'Something went wrong on our side. Try again in a moment.',
} as const;

export const unauthorized = (): ApiError =>
  new ApiError(401, 'unauthorized', 'Sign in to continue.');
export const forbidden = (message = 'You do not have access to this.'): ApiError =>
  new ApiError(403, 'forbidden', message);
export const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);
export const badRequest = (code: string, message: string): ApiError =>
  new ApiError(400, code, message);

/**
 * A body field refused by a rule of ours (not the schema's), shaped like the schema's refusals
 * (`field`, `in`, `rule`), so a form can put the sentence beside its own field.
 */
export const refusedField = (field: string, rule: string, message: string): ApiError =>
  new ApiError(400, 'invalid_request', message, {}, { field, in: 'body', rule });

interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params: Record<string, unknown>;
  message?: string;
  /** Set on the errors of a `propertyNames` check: the key that failed it. */
  propertyName?: string;
}

/**
 * A key a `closedBody` (http/schemas.ts) does not name fails its `propertyNames`: said as the
 * `additionalProperties` refusal it is, naming the key, like any other.
 */
function asRefusedKey(error: AjvError): AjvError {
  const key = error.propertyName ?? error.params.propertyName;
  if (!error.schemaPath?.includes('/propertyNames') || typeof key !== 'string') return error;
  return {
    keyword: 'additionalProperties',
    instancePath: error.instancePath,
    params: { additionalProperty: key },
  };
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The path',
  headers: 'The headers',
};

/** `/traits/0/trait_key` → `traits[0].trait_key` */
function fieldName(instancePath: string, property?: unknown): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof property === 'string') parts.push(property);
  return parts.reduce(
    (name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  );
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'an email address',
  uri: 'a URL',
  'date-time': 'a date and time (ISO 8601)',
  [RECENT_DATE_TIME]: 'a date and time (ISO 8601) within a day of now',
  date: 'a date (YYYY-MM-DD)',
};

// What the patterns of our schemas mean, in words.
const PATTERN_DESCRIPTIONS: Record<string, string> = {
  '^[0-9]{1,18}$': 'a numeric id',
  '^[0-9]{6}$': 'the 6 digits from your authenticator app',
  '^[0-9]{6}$|^[a-z2-7]{5}-[a-z2-7]{5}$':
    'the 6 digits from your authenticator app, or a recovery code (xxxxx-xxxxx)',
  '^[a-z][a-z0-9_]{1,63}$':
    'lowercase letters, digits and underscores, starting with a letter (2 to 64 characters)',
  '^[A-Za-z]{2}$': 'a 2-letter country code (ISO 3166-1, e.g. PT)',
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': 'a time of day as HH:MM, 24-hour (e.g. 15:00)',
  '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$': 'a date as YYYY-MM-DD',
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}$': 'a date as YYYY-MM-DD',
  '^[0-9]{4}-(0[1-9]|1[0-2])$': 'a month as YYYY-MM',
  '^[0-9 ]{12,23}$': 'a card number (digits)',
  '^[0-9]{3,4}$': 'the 3 or 4 digits of the security code',
  '^pm_[A-Za-z0-9_]{1,200}$': 'a payment method token from the card form (pm_…)',
  '\\S': 'written out, not only spaces',
  '^\\+?[0-9][0-9 ().-]{4,28}[0-9]$': 'a phone number: digits, spaces, ( ) . - and a leading +',
};

/** One readable sentence for the first schema violation, naming the field. */
export function describeValidationError(error: AjvError, context: string): string {
  const field = fieldName(error.instancePath);
  const subject = field ? `"${field}"` : (CONTEXT_NAMES[context] ?? 'The request');
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return `"${fieldName(error.instancePath, params.missingProperty)}" is required.`;
    case 'additionalProperties':
      return `"${fieldName(error.instancePath, params.additionalProperty)}" is not allowed here.`;
    case 'type': {
      const types = String(params.type).split(',');
      return `${subject} must be ${types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}.`;
    }
    case 'format':
      return `${subject} must be ${FORMAT_NAMES[String(params.format)] ?? `in ${String(params.format)} format`}.`;
    case 'minLength':
      return params.limit === 1
        ? `${subject} must not be empty.`
        : `${subject} must be at least ${String(params.limit)} characters long.`;
    case 'maxLength':
      return `${subject} must be at most ${String(params.limit)} characters long.`;
    case 'minimum':
      return `${subject} must be ${String(params.limit)} or more.`;
    case 'maximum':
      return `${subject} must be ${String(params.limit)} or less.`;
    case 'enum':
      return `${subject} must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}.`;
    case 'pattern':
      return `${subject} must be ${PATTERN_DESCRIPTIONS[String(params.pattern)] ?? 'in the expected format'}.`;
    case 'minItems':
      return `${subject} must have at least ${String(params.limit)} items.`;
    case 'maxItems':
      return `${subject} must have at most ${String(params.limit)} items.`;
    case 'uniqueItems':
      return `${subject} must not list the same value twice.`;
    case 'maxProperties':
      return `${subject} must have at most ${String(params.limit)} entries.`;
    case NOT_COMMON_PASSWORD:
      return COMMON_PASSWORD_MESSAGE;
    default:
      return `${subject} ${error.message ?? 'is not valid'}.`;
  }
}

const INPUT_PARTS: Record<string, InvalidField['in']> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** Where a refused value was, so a client can put the message beside its own field. */
export interface InvalidField {
  /** The field as the message names it (`email`, `traits[0].trait_key`); absent for the whole part. */
  field?: string;
  in: 'body' | 'query' | 'path' | 'headers';
  /** The schema rule it broke: `required`, `format`, `maxLength`, `enum`, … */
  rule: string;
}

export function invalidField(error: AjvError, context: string): InvalidField {
  const missing =
    error.keyword === 'required'
      ? error.params.missingProperty
      : error.keyword === 'additionalProperties'
        ? error.params.additionalProperty
        : undefined;
  const field = fieldName(error.instancePath, missing);
  return { ...(field ? { field } : {}), in: INPUT_PARTS[context] ?? 'body', rule: error.keyword };
}

/** Fastify's own client errors (body parsing, media type …) in our shape. */
function frameworkClientError(error: FastifyError): {
  status: number;
  error: string;
  message: string;
} {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, error: 'bad_request', message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        error: 'unsupported_media_type',
        message: 'Send the request body as JSON (Content-Type: application/json).',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, error: 'body_too_large', message: 'The request body is too large.' };
    default:
      return {
        status: error.statusCode ?? 400,
        error: 'bad_request',
        message: 'The request could not be understood.',
      };
  }
}

/**
 * The fields of a whole body's `oneOf` whose alternatives are each `{ required: [field] }` (e.g. a
 * message for a listing or for a reservation), or null. Ajv alone would name only the first
 * alternative ("listing_id is required") or none ("must match exactly one schema in oneOf").
 */
function alternativesRefused(error: AjvError, schema: unknown): string[] | null {
  const fromOneOf =
    error.keyword === 'oneOf' || /^#\/oneOf\/[0-9]+\/required$/.test(error.schemaPath ?? '');
  if (!fromOneOf || error.instancePath !== '') return null;
  const oneOf = (schema as { oneOf?: Array<{ required?: string[] }> } | undefined)?.oneOf;
  const fields = oneOf?.flatMap((alternative) => alternative.required ?? []) ?? [];
  return fields.length > 0 ? fields : null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ error: error.code, message: error.message, ...error.details });
    }
    if (error.validation && error.validation.length > 0) {
      const first = asRefusedKey(error.validation[0] as AjvError);
      const context = error.validationContext ?? 'body';
      const routeSchema = request.routeOptions.schema as Record<string, unknown> | undefined;
      const alternatives = alternativesRefused(first, routeSchema?.[context]);
      if (alternatives) {
        return reply.code(400).send({
          error: 'invalid_request',
          message: `Send exactly one of: ${alternatives.join(', ')}.`,
          in: INPUT_PARTS[context] ?? 'body',
          rule: 'oneOf',
        });
      }
      return reply.code(400).send({
        error: 'invalid_request',
        message: describeValidationError(first, context),
        ...invalidField(first, context),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const answer = frameworkClientError(error);
      request.log.info({ code: error.code }, answer.message);
      return reply.code(answer.status).send({ error: answer.error, message: answer.message });
    }
    request.log.error({ err: error }, 'Unexpected error');
    return reply.code(500).send(INTERNAL_ERROR);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    return reply.code(404).send({
      error: 'not_found',
      message: `There is no ${request.method} ${path.slice(0, 200)} here.`,
    });
  });
}
