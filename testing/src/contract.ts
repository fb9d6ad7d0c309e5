// The API contract (api/openapi.json, generated from the API's schemas) as a test oracle for the
// stand-in APIs of component tests: a fake may only answer what the real API is allowed to, so a
// fake cannot drift from the API without a test failing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const DOCUMENT_FILE = path.join(__dirname, '../../api/openapi.json');

interface OpenApiResponse {
  content?: Record<string, { schema?: object }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
}

interface Route {
  template: string;
  pattern: RegExp;
  operations: OpenApiDocument['paths'][string];
}

let loaded: { ajv: Ajv; routes: Route[] } | null = null;

function load() {
  if (loaded) return loaded;
  const document = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as OpenApiDocument;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const routes = Object.entries(document.paths).map(([template, operations]) => ({
    template,
    // `/listing/get/{id}` → ^/listing/get/[^/]+/?$ (the API ignores a trailing slash)
    pattern: new RegExp(
      `^${template
        .replace(/\/$/, '')
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}/?$`,
    ),
    operations,
  }));
  loaded = { ajv, routes };
  return loaded;
}

const validators = new Map<string, ValidateFunction>();

/**
 * Why the API could not give this answer to this request, or null when it could: the route must
 * exist, list the status, and the JSON must match the status's schema.
 */
export function contractViolation(
  method: string,
  pathname: string,
  status: number,
  json: unknown,
): string | null {
  const { ajv, routes } = load();
  const call = `${method} ${pathname}`;
  const route = routes.find(
    (candidate) => candidate.pattern.test(pathname) && candidate.operations[method.toLowerCase()],
  );
  if (!route) return `${call}: no such call in api/openapi.json.`;
  const operation = route.operations[method.toLowerCase()]!;
  const response = operation.responses?.[String(status)];
  if (!response)
    return `${call}: answered ${status}, which the contract does not list (${Object.keys(operation.responses ?? {}).join(', ')}).`;
  if (json === undefined) return null;
  if (!response.content?.['application/json']?.schema)
    return `${call}: answered JSON with ${status}, for which the contract has no JSON.`;
  const pointer = `openapi.json#/paths/${route.template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.getSchema(pointer);
    if (!validate) return `${call}: the contract's schema for ${status} could not be read.`;
    validators.set(pointer, validate);
  }
  if (validate(json)) return null;
  const detail = (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`)
    .join('; ');
  return `${call}: answered ${status} outside the contract (${route.template}): ${detail}`;
}

/**
 * Calls the browser makes that the shell server's /api proxy turns into another API call: the
 * browser signs out with POST /logout (refused from other sites), the proxy calls the API's
 * GET /logout (shell/server/proxy.ts). A stand-in for what the browser reaches answers for both.
 */
const PROXY_CALLS: Record<string, string> = { 'POST /logout': 'GET' };

/** An `startUpstream` check: every JSON answer of a stand-in API keeps the API contract. */
export function keepsContract(
  request: { method: string; url: string },
  answer: { status?: number; json?: unknown },
): string | null {
  const { pathname } = new URL(request.url, 'http://api');
  const method = PROXY_CALLS[`${request.method} ${pathname}`] ?? request.method;
  return contractViolation(method, pathname, answer.status ?? 200, answer.json);
}
