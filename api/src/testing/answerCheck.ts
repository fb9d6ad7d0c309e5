// Every answer an API test receives is checked against the response schema its route declares,
// before serialisation: the serialiser would quietly coerce a wrong answer (a null into "", a
// string into a number) and drop unknown fields, so only the handler's own payload shows whether
// it keeps the contract. A route answering a status its contract does not list fails too.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest } from 'fastify';
import { NAMED_SCHEMAS } from '../contract';

export interface AnswerCheck {
  check(request: FastifyRequest, status: number, payload: unknown): void;
  /** The violations seen since the last call, emptied. */
  take(): string[];
}

/** The JSON schema a status answers with (`{ content: { 'application/json': { schema } } }` too). */
function responseSchemaFor(
  responses: Record<string, unknown>,
  status: number,
): unknown | undefined {
  const entry = (responses[String(status)] ??
    responses[`${String(status)[0]}xx`] ??
    responses.default) as { content?: Record<string, { schema?: unknown }> } | undefined;
  if (entry && typeof entry === 'object' && entry.content) {
    return entry.content['application/json']?.schema;
  }
  return entry;
}

export function createAnswerCheck(): AnswerCheck {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const schema of NAMED_SCHEMAS) ajv.addSchema(schema);
  const validators = new WeakMap<object, ValidateFunction>();
  const violations: string[] = [];

  return {
    check(request, status, payload) {
      const schema = request.routeOptions.schema as
        { response?: Record<string, unknown>; hide?: boolean } | undefined;
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      if (request.routeOptions.url === undefined || schema?.hide) return; // 404 handler, docs
      if (!schema?.response) {
        violations.push(`${route} declares no response schema.`);
        return;
      }
      const responseSchema = responseSchemaFor(schema.response, status);
      if (!responseSchema || typeof responseSchema !== 'object') {
        violations.push(
          `${route} answered ${status}, which its contract does not list (${Object.keys(schema.response).join(', ')}).`,
        );
        return;
      }
      let validate = validators.get(responseSchema);
      if (!validate) {
        validate = ajv.compile(responseSchema);
        validators.set(responseSchema, validate);
      }
      // Through JSON first, as the client sees it (a Date is a string there).
      const answer: unknown = JSON.parse(JSON.stringify(payload) ?? 'null');
      if (!validate(answer)) {
        const detail = (validate.errors ?? [])
          .slice(0, 5)
          .map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`)
          .join('; ');
        violations.push(`${route} answered ${status} outside its contract: ${detail}`);
      }
    },
    take() {
      return violations.splice(0, violations.length);
    },
  };
}
