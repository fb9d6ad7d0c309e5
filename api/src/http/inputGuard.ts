// The one input layer under every route's schema. The schemas say what each field is; this says
// what no field may ever be, whatever its schema, so a route cannot forget it:
// - text with a NUL character or an unpaired UTF-16 surrogate (PostgreSQL refuses both — a 500 —
//   and a lone surrogate in stored JSON is corrupt for every later reader), in any string or
//   object key of the query, the path or the body, however deep;
// - a body nested deeper than MAX_DEPTH;
// - a number that is not finite: Ajv turns `?size=1e309` into Infinity and then skips its range
//   checks (they only test finite numbers), so the range is checked again here;
// - a value of another JSON type in a field marked NO_COERCION (a TOTP code sent as a number),
//   which Ajv's coercion would otherwise turn into the declared type before the schema checks it;
// - and, when the routes are registered, a numeric input without a declared range.
// Each refusal is a 400 `invalid_request` naming the field.
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, describeValidationError, invalidField } from './errors';
import { NO_COERCION, type Api } from './schemas';

export const MAX_DEPTH = 32;

/** NUL, or a surrogate that is not half of a pair (`u`: a pair is one code point, not matched). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /[\u0000\ud800-\udfff]/u;
export const hasUnsafeText = (text: string): boolean => UNSAFE_TEXT.test(text);

type InputPart = 'querystring' | 'params' | 'body';
const PARTS: ReadonlyArray<{ part: InputPart; read: (request: FastifyRequest) => unknown }> = [
  { part: 'params', read: (request) => request.params },
  { part: 'querystring', read: (request) => request.query },
  { part: 'body', read: (request) => request.body },
];
const PART_NAMES: Record<InputPart, string> = {
  querystring: 'the query string',
  params: 'the path',
  body: 'the request body',
};

type Segment = string | number;

/** `['traits', 0, 'trait_key']` → `traits[0].trait_key` (as validation messages name fields). */
function fieldName(path: readonly Segment[]): string {
  return path.reduce<string>(
    (name, part) =>
      typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part,
    '',
  );
}

interface Node {
  value: unknown;
  path: Segment[];
  depth: number;
}

/** Every value under `root`, depth first, without recursion (a deep body cannot overflow the stack). */
function* walk(root: unknown): Generator<Node> {
  const stack: Node[] = [{ value: root, path: [], depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    yield node;
    const { value, path, depth } = node;
    // An upload's bytes (a Buffer) are not text to check, nor millions of entries to walk.
    if (ArrayBuffer.isView(value)) continue;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1)
        stack.push({ value: value[index], path: [...path, index], depth: depth + 1 });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        stack.push({ value: child, path: [...path, key], depth: depth + 1 });
      }
    }
  }
}

/** preValidation: refuses unsafe text and over-deep nesting before anything reads the input. */
export async function refuseUnsafeInput(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema ?? {};
  for (const { part, read } of PARTS) {
    if (!schema[part]) continue;
    for (const { value, path, depth } of walk(read(request))) {
      if (depth > MAX_DEPTH) {
        throw badRequest(
          'invalid_request',
          `${capitalise(PART_NAMES[part])} is nested too deeply (at most ${MAX_DEPTH} levels).`,
        );
      }
      if (typeof value === 'string' && hasUnsafeText(value)) {
        throw badRequest(
          'invalid_request',
          `${subject(part, path)} must not contain a NUL character or an unpaired UTF-16 surrogate.`,
        );
      }
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        if (Object.keys(value).some(hasUnsafeText)) {
          throw badRequest(
            'invalid_request',
            `A key in ${path.length > 0 ? `"${fieldName(path)}"` : PART_NAMES[part]} must not contain a NUL character or an unpaired UTF-16 surrogate.`,
          );
        }
      }
    }
  }
}

/**
 * preValidation: a field whose schema is marked NO_COERCION arrives as its declared type, else it
 * is refused as the schema's own `type` rule would refuse it (the same message, field and rule).
 */
export async function refuseCoercibleValues(request: FastifyRequest): Promise<void> {
  const schema = (request.routeOptions.schema ?? {}) as Partial<Record<InputPart, unknown>>;
  for (const { part, read } of PARTS) {
    if (!schema[part] || !hasUncoercedFields(schema[part])) continue;
    for (const { value, path } of walk(read(request))) {
      const declared = schemaAt(schema[part], path);
      if (!declared?.[NO_COERCION] || declared.type === undefined) continue;
      if (isOfType(value, declared.type)) continue;
      const refusal = {
        keyword: 'type',
        instancePath: path.map((segment) => `/${segment}`).join(''),
        params: { type: String(declared.type) },
      };
      throw new ApiError(
        400,
        'invalid_request',
        describeValidationError(refusal, part),
        {},
        { ...invalidField(refusal, part) },
      );
    }
  }
}

/** Whether `value` is of the JSON type(s) `type` names. */
function isOfType(value: unknown, type: string | string[]): boolean {
  return (Array.isArray(type) ? type : [type]).some((name) => {
    switch (name) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number';
      case 'integer':
        return Number.isInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'null':
        return value === null;
      case 'array':
        return Array.isArray(value);
      case 'object':
        return value !== null && typeof value === 'object' && !Array.isArray(value);
      default:
        return true;
    }
  });
}

/** preHandler: after validation (and Ajv's coercion), every number is finite and in its range. */
export async function refuseNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  const schema = (request.routeOptions.schema ?? {}) as Partial<Record<InputPart, unknown>>;
  for (const { part, read } of PARTS) {
    if (!schema[part]) continue;
    for (const { value, path } of walk(read(request))) {
      if (typeof value !== 'number' || Number.isFinite(value)) continue;
      const declared = schemaAt(schema[part], path);
      const range =
        declared && declared.minimum !== undefined && declared.maximum !== undefined
          ? ` from ${declared.minimum} to ${declared.maximum}`
          : '';
      throw badRequest('invalid_request', `${subject(part, path)} must be a number${range}.`);
    }
  }
}

function subject(part: InputPart, path: readonly Segment[]): string {
  return path.length > 0 ? `"${fieldName(path)}"` : capitalise(PART_NAMES[part]);
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------
// Schemas: finding a field's, and checking every numeric input declares its range.

interface JsonSchema {
  $ref?: string;
  [NO_COERCION]?: boolean;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Named schemas by `$id`, for `$ref`s (set by registerInputGuard). */
let namedSchemas = new Map<string, JsonSchema>();

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops += 1)
    current = namedSchemas.get(current.$ref.replace(/#.*$/, ''));
  return current;
}

/** The schema of the value at `path`, following properties and items (undefined if not plain). */
function schemaAt(root: unknown, path: readonly Segment[]): JsonSchema | undefined {
  let schema = resolve(root as JsonSchema);
  for (const segment of path) {
    if (!schema) return undefined;
    if (typeof segment === 'number') {
      schema = resolve(Array.isArray(schema.items) ? schema.items[segment] : schema.items);
    } else {
      const additional =
        typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
      schema = resolve(schema.properties?.[segment] ?? additional);
    }
  }
  return schema;
}

const takesNumbers = (schema: JsonSchema): boolean => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('number') || types.includes('integer');
};
const bounded = (low?: number, high?: number): boolean =>
  low !== undefined && high !== undefined && Number.isFinite(low) && Number.isFinite(high);

const uncoercedFields = new WeakMap<object, boolean>();

/** Whether any field of `root` is marked NO_COERCION (worked out once per schema). */
function hasUncoercedFields(root: unknown): boolean {
  if (root === null || typeof root !== 'object') return false;
  let found = uncoercedFields.get(root);
  if (found === undefined) {
    found = false;
    const seen = new Set<JsonSchema>();
    const visit = (raw: JsonSchema | undefined): void => {
      const schema = resolve(raw);
      if (found || !schema || typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      if (schema[NO_COERCION]) found = true;
      for (const child of Object.values(schema.properties ?? {})) visit(child);
      if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties);
      for (const item of Array.isArray(schema.items) ? schema.items : [schema.items]) visit(item);
    };
    visit(root as JsonSchema);
    uncoercedFields.set(root, found);
  }
  return found;
}

/** Fields (by name) of `root` that take a number from an open range. */
export function numbersWithoutRange(root: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<JsonSchema>();
  const visit = (raw: JsonSchema | undefined, path: Segment[]): void => {
    const schema = resolve(raw);
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (takesNumbers(schema) && schema.enum === undefined && schema.const === undefined) {
      const low = schema.minimum ?? schema.exclusiveMinimum;
      const high = schema.maximum ?? schema.exclusiveMaximum;
      if (!bounded(low, high)) found.push(fieldName(path) || '(the whole value)');
    }
    for (const [key, child] of Object.entries(schema.properties ?? {}))
      visit(child, [...path, key]);
    if (typeof schema.additionalProperties === 'object')
      visit(schema.additionalProperties, [...path, '*']);
    for (const item of Array.isArray(schema.items) ? schema.items : [schema.items])
      visit(item, [...path, 0]);
    for (const option of [
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
    ])
      visit(option, path);
  };
  visit(root as JsonSchema, []);
  return found;
}

/**
 * The input layer, on an instance before its routes: the two hooks, and a check at registration
 * that refuses a route whose query, path or body takes a number without a minimum and maximum.
 */
export function registerInputGuard(app: Api, named: ReadonlyArray<{ $id: string }>): void {
  namedSchemas = new Map(named.map((schema) => [schema.$id, schema as JsonSchema]));
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Partial<Record<InputPart, unknown>>;
    for (const part of ['querystring', 'params', 'body'] as const) {
      const open = schema[part] ? numbersWithoutRange(schema[part]) : [];
      if (open.length > 0) {
        throw new Error(
          `${String(route.method)} ${route.url}: ${part} field(s) ${open.join(', ')} take a number without a declared range: give each a minimum and a maximum.`,
        );
      }
    }
  });
  app.addHook('preValidation', refuseUnsafeInput);
  app.addHook('preValidation', refuseCoercibleValues);
  app.addHook('preHandler', refuseNonFiniteNumbers);
}
