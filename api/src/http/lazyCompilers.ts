// Fastify builds every route's request validators (ajv) and answer serializers
// (fast-json-stringify) when the app starts: some 200 routes, about half a second of CPU for each
// app, though a process answers only some of them soon, and a test file only a few. Here each is
// built on its first use instead, once, and kept. What a route checks and how it answers are the
// same; a schema that cannot be built fails its first request (a 500) instead of the start-up, and
// `lazyCompilers.test.ts` builds every route's so that no such schema is merged.
import AjvCompiler, { type RouteDefinition } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
/** An ajv validate function as Fastify calls it: the data, and ajv's data context. */
type AjvValidate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown };

/** Functions built on first use, with what builds them now (for the test that builds them all). */
const pending = new Set<() => void>();

/** A getter of `build()`'s result, built on the getter's first call and kept. */
function onFirstUse<F>(build: () => F): () => F {
  let built: F | undefined;
  const get = () => {
    if (built === undefined) {
      built = build();
      pending.delete(get);
    }
    return built;
  };
  pending.add(get);
  return get;
}

/** `build()`'s function, built on its first call; the wrapper passes every argument through. */
export function builtOnFirstUse<F extends (...args: never[]) => unknown>(build: () => F): F {
  const get = onFirstUse(build);
  return function (this: unknown, ...args: Parameters<F>) {
    return get().apply(this, args);
  } as unknown as F;
}

/** Builds every function still waiting for its first use (a test: each schema can be built). */
export function buildAllPending(): number {
  const waiting = [...pending];
  for (const make of waiting) make();
  return waiting.length;
}

/** `schemaController.compilersFactory.buildValidator`: Fastify's own (ajv), each built on first use. */
export function buildValidatorFactory(): ValidatorFactory {
  // Fastify calls the compiler with the route's part (`{ schema, method, url, httpPart }`), where
  // the package's types say a schema.
  const ajvFactory = AjvCompiler() as unknown as (
    externalSchemas: unknown,
    options: unknown,
  ) => (route: RouteDefinition) => AjvValidate;
  const factory = (externalSchemas: unknown, options: unknown) => {
    const compile = ajvFactory(externalSchemas, options);
    return (route: RouteDefinition) => {
      const get = onFirstUse(() => compile(route));
      // Carries ajv's `errors` after each call (Fastify reads them there), and says it takes
      // ajv's data context (`schemaEnv`), so that Fastify passes the request as the root value's
      // parent, which coercing a whole querystring needs.
      const validate = (data: unknown, context?: unknown) => {
        const fn = get();
        const result = fn(data, context);
        validate.errors = fn.errors;
        return result;
      };
      validate.errors = undefined as unknown;
      validate.schemaEnv = true;
      return validate;
    };
  };
  return factory as unknown as ValidatorFactory;
}
