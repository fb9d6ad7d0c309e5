// Hostile input against every operation of the OpenAPI document the API serves: a fixed corpus
// (NUL, lone surrogates, 1e309, -1, huge and deeply nested values, wrong types, broken JSON and
// bytes, odd cookies and Authorization headers, HEAD, other methods) and, from a fixed seed,
// fast-check's random UTF-16 text and JSON. Each case is sent signed in as an owner and without a
// session. None may answer 500 or more, break the contract (an undeclared status, an answer its
// schema refuses), or refuse without the `{ error, message }` every refusal carries.
//
// Bounded: every operation gets the same deterministic cases (at least MIN_CASES per caller), a
// few thousand requests in all, well under two minutes on 2 cores.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { startTestApi, type TestApi, type TestRequest } from './testing/testApi';

const MIN_CASES = 30;
/** Corpus entries tried on each parameter or body field beside the core ones (rotating). */
const PER_FIELD = 8;
const RANDOM_CASES = 6;
const SEED = 20_241_111;

const KEY = { 'x-environment-key': 'hostdash-dashboard' };

/** Text that has broken servers: control characters, surrogates, numbers that are not, injections. */
const HOSTILE_TEXT: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\ud83d\ude00',
  '1e309',
  '-1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '9223372036854775808',
  '-9223372036854775809',
  '0x10',
  '',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '%',
  '%00',
  '../../etc/passwd',
  "' or '1'='1' --",
  '<script>alert(1)</script>',
  '${7*7}',
  '{"a":1}',
  '[]',
  'null',
  'true',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'a'.repeat(5_000),
  'é'.repeat(300),
  '\\',
  '__proto__',
  'x,y,z',
  '_score:desc,nickname:up',
  '2024-02-30',
  '0000-00-00',
  '*',
  '#',
];

/** What every parameter and body field gets: the inputs that broke the API before (issue 11). */
const CORE_TEXT: readonly string[] = [
  '\u0000',
  '\ud800',
  'x\udc00',
  '1e309',
  '-1',
  'a'.repeat(5_000),
];
const CORE_JSON: readonly string[] = [
  '"\\u0000"',
  '"a\\ud800"',
  '1e309',
  '-1',
  '{"\\ud800":"\\udfff"}',
  `${'['.repeat(500)}${']'.repeat(500)}`,
];

/** Raw JSON put where a body field's value goes (so 1e309 and escapes reach the parser as text). */
const HOSTILE_JSON: readonly string[] = [
  ...HOSTILE_TEXT.slice(0, 20).map((text) => JSON.stringify(text)),
  '"\\u0000"',
  '"\\ud800"',
  '"a\\udc00b"',
  '1e309',
  '-1e309',
  '1e-400',
  '-1',
  '0',
  '1.5',
  '123456789012345678901234567890',
  'true',
  'false',
  'null',
  '[]',
  '{}',
  '[null]',
  '{"\\ud800":1}',
  '{"\\u0000":"x"}',
  '{"__proto__":{"polluted":true}}',
  `${'['.repeat(2_000)}${']'.repeat(2_000)}`,
  `[${Array(20_000).fill('1').join(',')}]`,
  JSON.stringify('x'.repeat(200_000)),
];

/** Whole bodies and content types that are not what any route expects. */
const HOSTILE_BODIES: ReadonlyArray<{ label: string; payload: string | Buffer; type?: string }> = [
  { label: 'empty', payload: '' },
  { label: 'null', payload: 'null' },
  { label: 'array', payload: '[]' },
  { label: 'string', payload: '"x"' },
  { label: 'huge number', payload: '1e309' },
  { label: 'broken JSON', payload: '{"a":' },
  { label: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { label: 'BOM', payload: '\ufeff{}' },
  { label: 'deep', payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
  { label: 'deep array', payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
  { label: 'too large', payload: `{"a":"${'x'.repeat(300 * 1024)}"}` },
  {
    label: 'prototype',
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  },
  { label: 'duplicate keys', payload: '{"a":1,"a":"\\u0000"}' },
  { label: 'text/plain', payload: '{}', type: 'text/plain' },
  { label: 'form', payload: 'a=b&c=%00', type: 'application/x-www-form-urlencoded' },
  { label: 'multipart', payload: '--x\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
  { label: 'utf-16 JSON', payload: '{}', type: 'application/json; charset=utf-16' },
  { label: 'odd JSON type', payload: '{}', type: 'application/json; x=\u0001' },
];

/** Headers a broken or hostile client sends (the session, when there is one, is replaced or kept). */
const HOSTILE_HEADERS: ReadonlyArray<{
  label: string;
  headers: Record<string, string>;
  keepSession?: boolean;
}> = [
  { label: 'euro cookie', headers: { cookie: 'hd_session=%E2%82%AC' }, keepSession: true },
  { label: 'broken cookie', headers: { cookie: ';;=;;hd_session;=%' } },
  { label: 'bare Bearer', headers: { authorization: 'Bearer' } },
  { label: 'long token', headers: { authorization: `Bearer ${'a'.repeat(600)}` } },
  { label: 'null token', headers: { authorization: 'null' } },
  { label: 'Basic', headers: { authorization: 'Basic YTpi' } },
  { label: 'blank token', headers: { authorization: ' ' } },
  { label: 'latin-1 token', headers: { authorization: '\u00ff\u00fe\u00e9' } },
  {
    label: 'forwarded junk',
    headers: { 'x-forwarded-for': 'not-an-ip, 999.1.1.1, ::g' },
    keepSession: true,
  },
  {
    label: 'encodings',
    headers: { 'accept-encoding': 'br;q=1e309, gzip;q=-1, *' },
    keepSession: true,
  },
  { label: 'odd key', headers: { 'x-environment-key': '\u00ff' }, keepSession: true },
  { label: 'origin null', headers: { origin: 'null' }, keepSession: true },
];

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface FuzzCase {
  label: string;
  method: TestRequest['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Whether the caller's session (if any) goes with it. */
  withSession: boolean;
}

/** DELIVERY_TOKEN of the fuzzed API (GET /telemetry/rollout-health). */
const DELIVERY_TOKEN = 'fuzz-delivery-token-0123456789abcdef';

let api: TestApi;
let owner: string;
let operations: Operation[] = [];
let components: Record<string, JsonSchema> = {};
/** Cases per operation, and answers by caller and class ("owner 2xx"), for the summary. */
const counts = new Map<string, number>();
const answers = new Map<string, number>();

beforeAll(async () => {
  api = await startTestApi({ config: { deliveryToken: DELIVERY_TOKEN } });
  owner = await api.signIn('owner@hostdash.test');
  const document = (
    await api.get<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Parameter[];
            requestBody?: { content: Record<string, { schema: JsonSchema }> };
          }
        >
      >;
      components: { schemas: Record<string, JsonSchema> };
    }>('/openapi.json')
  ).body;
  components = document.components.schemas;
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
});
afterAll(() => api.close());

function resolve(schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 10; hops += 1)
    current = components[current.$ref.replace('#/components/schemas/', '')] ?? {};
  return current;
}

/** A value the parameter's schema accepts, as text. */
function plainText(raw: JsonSchema): string {
  const schema = resolve(raw);
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.default !== undefined) return String(schema.default);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return String(schema.minimum ?? 1);
  if (type === 'boolean') return 'true';
  if (schema.pattern?.includes('[0-9]{4}-')) return '2030-01-15';
  if (schema.pattern === '^[0-9]{1,18}$') return '1';
  if (schema.pattern === '^[0-9]{6}$') return '123456';
  if (schema.pattern?.startsWith('^[a-z]')) return 'outage_banner_dashboard';
  if (schema.format === 'email') return 'fuzz@hostdash.test';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/**
 * A value the body schema accepts, as a JavaScript value: its required fields, and a `version`
 * where it takes one (so that a hostile field gets past "send the version you read").
 */
function plainValue(raw: JsonSchema | undefined): unknown {
  const schema = resolve(raw);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum?.length) return schema.enum[0];
  if (type === 'object' || schema.properties) {
    const names = [...(schema.required ?? []), ...(schema.properties?.version ? ['version'] : [])];
    return Object.fromEntries(
      [...new Set(names)].map((name) => [name, plainValue(schema.properties?.[name])]),
    );
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'string') return plainText(schema);
  return {};
}

/** Percent-encodes any text, lone surrogates too (as the bytes a broken client would send). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
          return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
        return encodeURIComponent(char);
      })
      .join('');
  }
}

function urlOf(operation: Operation, override?: { name: string; value: string }): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (override?.name === name) return encode(override.value);
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    return name === '*' ? 'flags/' : encode(plainText(parameter?.schema ?? {}));
  });
  const query = operation.parameters
    .filter((p) => p.in === 'query' && (p.required || p.name === override?.name))
    .map(
      (p) =>
        `${encode(p.name)}=${encode(override?.name === p.name ? override.value : plainText(p.schema))}`,
    );
  if (override && !operation.parameters.some((p) => p.name === override.name))
    query.push(`${encode(override.name)}=${encode(override.value)}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** What a field gets: the core entries, then PER_FIELD of the corpus from a rotating offset. */
function slice<T>(core: readonly T[], corpus: readonly T[], offset: number): T[] {
  return [
    ...core,
    ...Array.from(
      { length: PER_FIELD },
      (_, index) => corpus[(offset * PER_FIELD + index) % corpus.length] as T,
    ),
  ];
}

function casesFor(operation: Operation): FuzzCase[] {
  const method = operation.method as TestRequest['method'];
  const cases: FuzzCase[] = [];
  const plainBody = operation.body ? JSON.stringify(plainValue(operation.body)) : undefined;
  const add = (label: string, url: string, extra: Partial<FuzzCase> = {}): void => {
    cases.push({
      label,
      method,
      url,
      headers: {
        ...KEY,
        ...(plainBody !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(plainBody !== undefined ? { payload: plainBody } : {}),
      withSession: true,
      ...extra,
    });
  };

  // Each parameter, and one the route does not declare, with hostile text.
  const names = [...operation.parameters.map((p) => p.name), 'unexpected'];
  names.forEach((name, offset) => {
    for (const value of slice(CORE_TEXT, HOSTILE_TEXT, offset))
      add(`${name}=${JSON.stringify(value).slice(0, 40)}`, urlOf(operation, { name, value }));
  });
  // Query-only extras: a huge value, repeated and bracketed names.
  add(
    'huge query',
    `${urlOf(operation)}${urlOf(operation).includes('?') ? '&' : '?'}q=${'a'.repeat(100_000)}`,
  );
  add(
    'repeated query',
    `${urlOf(operation)}${urlOf(operation).includes('?') ? '&' : '?'}from=1&from=2&size[]=3&sort[a]=b`,
  );
  add(
    'broken escape',
    `${urlOf(operation)}${urlOf(operation).includes('?') ? '&' : '?'}a=%E0%A4%A&b=%`,
  );

  // Each body field, then the whole body.
  if (operation.body) {
    const schema = resolve(operation.body);
    const fields = [...Object.keys(schema.properties ?? {}), 'unexpected'];
    const base = plainValue(operation.body);
    fields.forEach((field, offset) => {
      for (const raw of slice(CORE_JSON, HOSTILE_JSON, offset + 3)) {
        const body =
          base !== null && typeof base === 'object' && !Array.isArray(base)
            ? JSON.stringify({ ...base, [field]: '__HOSTILE__' }).replace('"__HOSTILE__"', raw)
            : raw;
        add(`${field}: ${raw.slice(0, 40)}`, urlOf(operation), { payload: body });
      }
    });
    for (const { label, payload, type } of HOSTILE_BODIES)
      add(`body ${label}`, urlOf(operation), {
        payload,
        headers: { ...KEY, 'content-type': type ?? 'application/json' },
      });
    add('no body', urlOf(operation), { payload: undefined, headers: { ...KEY } });
  }

  for (const { label, headers, keepSession } of HOSTILE_HEADERS)
    add(`header ${label}`, urlOf(operation), {
      headers: { ...cases[0]?.headers, ...KEY, ...headers },
      withSession: keepSession ?? false,
    });

  // HEAD answers like GET without a body; other methods on the path are not routes.
  if (method === 'GET') {
    add('HEAD', urlOf(operation), { method: 'HEAD' });
    add('HEAD hostile', urlOf(operation, { name: 'unexpected', value: '\u0000' }), {
      method: 'HEAD',
    });
  }
  add('PUT', urlOf(operation), { method: 'PUT' });
  add('DELETE', urlOf(operation), { method: 'DELETE' });

  // Random UTF-16 text (lone surrogates included) and random JSON, from a fixed seed.
  const codeUnits = fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 40,
  });
  const texts = fc.sample(codeUnits, { seed: SEED + cases.length, numRuns: RANDOM_CASES });
  texts.forEach((value, index) => {
    const name = names[index % names.length] as string;
    add(`random ${name}`, urlOf(operation, { name, value }));
  });
  if (operation.body) {
    const bodies = fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed: SEED, numRuns: RANDOM_CASES });
    bodies.forEach((value, index) =>
      add(`random body ${index}`, urlOf(operation), { payload: JSON.stringify(value) }),
    );
  }
  return cases;
}

interface Finding {
  case: string;
  caller: string;
  problem: string;
}

async function run(
  operation: Operation,
  fuzzCase: FuzzCase,
  caller: 'owner' | 'anonymous',
): Promise<Finding | null> {
  // Signing out ends the session it is sent with: the owner signs in afresh for each of those.
  const session =
    caller === 'anonymous' || !fuzzCase.withSession
      ? undefined
      : operation.path === '/logout'
        ? await api.signIn('owner@hostdash.test')
        : owner;
  // The caller with credentials has them all: a session, and the rollout driver's token, so the
  // hostile input reaches the validation behind each.
  const headers = {
    ...fuzzCase.headers,
    ...(session ? { authorization: session, 'x-delivery-token': DELIVERY_TOKEN } : {}),
  };
  const finding = (problem: string): Finding => ({ case: fuzzCase.label, caller, problem });
  try {
    const response = await api.request({
      method: fuzzCase.method,
      url: fuzzCase.url,
      headers,
      ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
    });
    const kind = `${caller} ${Math.floor(response.status / 100)}xx`;
    answers.set(kind, (answers.get(kind) ?? 0) + 1);
    if (response.status >= 500)
      return finding(`answered ${response.status}: ${response.text.slice(0, 200)}`);
    if (fuzzCase.method === 'HEAD') {
      if (response.text !== '') return finding('HEAD answered with a body');
      return null;
    }
    if (response.status >= 400) {
      const body = response.body as { error?: unknown; message?: unknown } | undefined;
      if (typeof body?.error !== 'string' || typeof body.message !== 'string')
        return finding(
          `answered ${response.status} without { error, message }: ${response.text.slice(0, 200)}`,
        );
    }
    return null;
  } catch (error) {
    return finding(error instanceof Error ? error.message.slice(0, 400) : String(error));
  }
}

describe('every operation of the contract, with hostile input', () => {
  // One test per operation, named from the committed document (the served one is checked equal
  // to it by contract.test.ts), so a new route is fuzzed without anyone adding it here.
  const committed = JSON.parse(
    readFileSync(path.join(__dirname, '..', 'openapi.json'), 'utf8'),
  ) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const names = Object.entries(committed.paths).flatMap(([route, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`),
  );

  test.each(names)(
    '%s: no answer of 500 or more, every refusal in the error shape',
    async (name) => {
      const operation = operations.find(
        (candidate) => `${candidate.method} ${candidate.path}` === name,
      );
      expect(operation).toBeDefined();
      const cases = casesFor(operation as Operation);
      const findings: Finding[] = [];
      for (const caller of ['owner', 'anonymous'] as const) {
        for (const fuzzCase of cases) {
          const found = await run(operation as Operation, fuzzCase, caller);
          if (found) findings.push(found);
        }
      }
      counts.set(name, cases.length);
      expect(findings).toEqual([]);
      expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);
    },
  );

  // The cases reached the routes' work, not only their refusals: the owner's session worked.
  test('summary: the owner was signed in throughout, and every operation had its cases', () => {
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    console.info(
      `fuzz: ${counts.size} operations, ${total} cases (at least ${Math.min(...counts.values())} each), each as an owner and anonymous: ${JSON.stringify(Object.fromEntries(answers))}`,
    );
    expect(counts.size).toBe(names.length);
    expect(answers.get('owner 2xx') ?? 0).toBeGreaterThan(total / 10);
  });
});
