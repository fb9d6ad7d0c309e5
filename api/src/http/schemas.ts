// The API's contract is written once, here and in each area's `*Schemas.ts`, as TypeBox schemas:
// Fastify validates requests with them, serialises answers with them (a field not in a response
// schema never leaves the server), the handlers' types are inferred from them, and
// `npm run contract` turns them into api/openapi.json and the remotes' types (ADR 6).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Type,
  type Static,
  type TObject,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { badRequest } from './errors';

/** The Fastify instance every route module registers on: handler types come from the schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

// ---------------------------------------------------------------------------------------------
// Named schemas: components of the OpenAPI document, referenced by `$ref` from routes.

/** Schemas registered with `app.addSchema` (by app.ts, from contract.ts's list). */
export type NamedSchema = TSchema & { $id: string };

/** A named schema: an object with an `$id`, published as `components.schemas.<id>`. */
export function named<Props extends TProperties>(
  id: string,
  properties: Props,
  options: { description: string; additionalProperties?: boolean },
): TObject<Props> & { $id: string } {
  return Type.Object(properties, {
    $id: id,
    additionalProperties: options.additionalProperties ?? false,
    description: options.description,
  }) as TObject<Props> & { $id: string };
}

/** A reference to a named schema that keeps its static type (the JSON is just `$ref`). */
export function ref<Schema extends NamedSchema>(schema: Schema): TUnsafe<Static<Schema>> {
  return Type.Unsafe<Static<Schema>>({ $ref: `${schema.$id}#` });
}

/** `T | null` for a primitive type, as OpenAPI 3.1 says it (`type: ['string', 'null']`). */
export function nullable<Schema extends TSchema>(schema: Schema): TUnsafe<Static<Schema> | null> {
  const { type, ...rest } = schema as { type?: string };
  if (typeof type !== 'string') return Type.Unsafe({ anyOf: [schema, { type: 'null' }] });
  return Type.Unsafe<Static<Schema> | null>({ ...rest, type: [type, 'null'] });
}

/** A string from a closed list, typed as that union (`enum`, not TypeBox's anyOf of literals). */
export function stringEnum<const Values extends readonly string[]>(
  values: Values,
  options: { description?: string; default?: Values[number] } = {},
): TUnsafe<Values[number]> {
  return Type.Unsafe<Values[number]>({ type: 'string', enum: [...values], ...options });
}

/** An object of free keys whose values all have one schema (custom fields, counts by name). */
export function stringMap<Schema extends TSchema>(
  values: Schema,
  options: { maxProperties?: number; description?: string } = {},
): TUnsafe<Record<string, Static<Schema>>> {
  return Type.Unsafe<Record<string, Static<Schema>>>({
    type: 'object',
    additionalProperties: values,
    ...options,
  });
}

/**
 * A query string's schema. A property with a `default` is optional to the caller (the document
 * says so) but always present for the handler (Fastify's Ajv fills the default in), so its static
 * type stays required.
 */
export function query<Props extends TProperties>(properties: Props): TObject<Props> {
  const schema = Type.Object(properties);
  const json = schema as { required?: string[] };
  const required = (json.required ?? []).filter(
    (key) => (properties[key] as { default?: unknown }).default === undefined,
  );
  if (required.length > 0) json.required = required;
  else delete json.required;
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Pieces routes share.

/**
 * A schema option marking a field that must arrive as its declared JSON type. Fastify's Ajv coerces
 * types (a query string is all text, so `?size=5` must become 5, and some bodies rely on it too),
 * which also turns a body's number 123456 into the text "123456" before any rule of the field's
 * own schema sees it. The input guard (http/inputGuard.ts) refuses such a value before Ajv runs.
 * In the OpenAPI document as `x-no-coercion: true`.
 */
export const NO_COERCION = 'x-no-coercion';

export const ID_PATTERN = '^[0-9]{1,18}$';

/** A database id: digits that fit a bigint, always a string in JSON. */
export const Id = (description?: string) =>
  Type.String({ pattern: ID_PATTERN, ...(description ? { description } : {}) });

/** `{ id }` in a path. */
export const IdParams = Type.Object({ id: Id() });

export const pagingQuery = {
  from: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 0,
    description: 'Offset of the first item.',
  }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Items per page.' }),
  sort: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Comma list of `field:asc|desc`, e.g. `nickname:asc`.',
    }),
  ),
};

export const EmailField = Type.String({ format: 'email', maxLength: 254 });

/**
 * A body that refuses a key it does not name (400 naming the key). `additionalProperties: false`
 * alone would not: Fastify's Ajv removes such keys silently (`removeAdditional`), so a misspelt
 * field would be answered 200 having changed nothing. `propertyNames` is checked before that
 * removal; `additionalProperties: false` keeps the generated types closed.
 */
export function closedBody<Props extends TProperties>(
  properties: Props,
  options: { description?: string } = {},
): TObject<Props> {
  return Type.Object(properties, {
    ...options,
    additionalProperties: false,
    propertyNames: { enum: Object.keys(properties) },
  });
}

/** `{ ok: true }`: an action done, nothing else to say. */
export const Ok = named('Ok', { ok: Type.Literal(true) }, { description: 'The action was done.' });

/** A moment, ISO 8601 in UTC (`2026-11-23T10:00:00.000Z`). */
export const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/** A calendar day, YYYY-MM-DD (checked to exist with `assertCalendarDate`). */
export const DateField = (description?: string) =>
  Type.String({ pattern: DATE_PATTERN, ...(description ? { description } : {}) });
/** A calendar day in an answer. */
export const Day = (description?: string) =>
  Type.String({ format: 'date', ...(description ? { description } : {}) });
/** A day in a query string; empty means "no bound". */
export const OptionalDateQuery = Type.String({ pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$' });

/** The properties of `{ items, total, size, from }`: every paged list (spec section 3). */
export function pageProperties<Item extends TSchema>(item: Item) {
  return {
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0, description: 'Items matching, over all pages.' }),
    size: Type.Integer({ minimum: 1 }),
    from: Type.Integer({ minimum: 0 }),
  };
}

/** A named paged list of `item`. */
export function page<Item extends TSchema>(id: string, item: Item, description: string) {
  return named(id, pageProperties(item), { description });
}

// ---------------------------------------------------------------------------------------------
// Errors: every one is `{ error, message }` (http/errors.ts), documented per route.

export const ApiErrorSchema = named(
  'ApiError',
  {
    error: Type.String({ description: 'A stable snake_case code, e.g. `not_found`.' }),
    message: Type.String({ description: 'A sentence a person can read.' }),
    field: Type.Optional(
      Type.String({
        description:
          'For `invalid_request`: the field the message is about, as it names it (`email`, `traits[0].trait_key`).',
      }),
    ),
    in: Type.Optional(
      stringEnum(['body', 'query', 'path', 'headers'], {
        description: 'For `invalid_request`: where that field was.',
      }),
    ),
    rule: Type.Optional(
      Type.String({
        description:
          'For `invalid_request`: the rule it broke (`required`, `format`, `maxLength`, …).',
      }),
    ),
  },
  { description: 'What every failed call answers.' },
);

const ERROR_MEANINGS = {
  400: 'The request is not valid (`invalid_request` names the field).',
  401: 'Not signed in, or the session has ended (`unauthorized`).',
  402: 'The payment was refused (`card_declined` with the provider’s reason, `insufficient_funds`).',
  403: 'Signed in, but not allowed (`forbidden`, `account_deactivated`).',
  404: 'Not found, or not shared with the caller (`not_found`).',
  409: 'The record changed since the caller read it.',
  410: 'Gone: the link has expired (`guest_link_expired`).',
  413: 'The request body is too large.',
  415: 'The body is not of a type this call takes (JSON, or the photo types it lists).',
  422: 'Understood, but there is nothing to do it on.',
  429: 'Too many attempts; `Retry-After` says when to try again.',
  500: 'Something failed on our side (`internal`); try again in a moment.',
  503: 'A dependency is unavailable.',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** `{ 400: ApiError, … }` response entries with what each status means. */
export function errors(...statuses: ErrorStatus[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      Type.Unsafe<Static<typeof ApiErrorSchema>>({
        $ref: 'ApiError#',
        description: ERROR_MEANINGS[status],
      }),
    ]),
  ) as Record<ErrorStatus, TUnsafe<Static<typeof ApiErrorSchema>>>;
}

/** `security` of a call that needs a session. */
export const SESSION = [{ session: [] }];

/** preValidation hook: surrounding spaces in a pasted email are not the user's intent. */
export async function trimEmail(request: FastifyRequest): Promise<void> {
  const body = request.body as { email?: unknown } | undefined;
  if (body && typeof body === 'object' && typeof body.email === 'string')
    body.email = body.email.trim();
}

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
