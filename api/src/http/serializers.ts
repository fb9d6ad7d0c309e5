// Fastify's response serializers (fast-json-stringify), built with only the named schemas each
// answer refers to. The default factory hands every serializer all the named schemas of the
// contract, and fast-json-stringify checks each one it is given on every build: with some 120
// named schemas and several hundred answers that was 13 s of start-up, for every API process and
// every test file. The serializers are the same; only what they are handed shrinks.
import type { FastifyServerOptions } from 'fastify';
import fastJsonStringify, { type Options, type Schema as FjsSchema } from 'fast-json-stringify';
import { builtOnFirstUse } from './lazyCompilers';

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/** The ids of named schemas `schema` refers to (`Listing#`, `Listing#/properties/x`), transitively. */
export function referencedSchemaIds(
  schema: unknown,
  named: Readonly<Record<string, unknown>>,
): Set<string> {
  const found = new Set<string>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const id = child.split('#')[0]!;
        if (id !== '' && !found.has(id) && named[id] !== undefined) {
          found.add(id);
          stack.push(named[id]);
        }
      } else stack.push(child);
    }
  }
  return found;
}

/**
 * `schemaController.compilersFactory.buildSerializer` for Fastify. Each serializer is built on its
 * first answer (http/lazyCompilers.ts): a process builds those of the answers it gives.
 */
export const buildSerializerFactory: SerializerFactory = (externalSchemas, serializerOptions) => {
  const named = (externalSchemas ?? {}) as Readonly<Record<string, FjsSchema>>;
  return ({ schema }) =>
    builtOnFirstUse(() => {
      const root = schema as FjsSchema;
      const rootId = (schema as { $id?: string }).$id;
      const schemas: Record<string, FjsSchema> = {};
      for (const id of referencedSchemaIds(root, named))
        if (id !== rootId) schemas[id] = named[id]!;
      return fastJsonStringify(root, { ...(serializerOptions as Options), schema: schemas });
    });
};
