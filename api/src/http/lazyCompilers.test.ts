// Validators and serializers are built on their first use, once, and behave as Fastify's own; and
// every route's can be built (what an eager start-up used to prove).
import { buildAllPending, buildValidatorFactory, builtOnFirstUse } from './lazyCompilers';
import { startTestApi } from '../testing/testApi';

test('a function is built on its first call, once, with its arguments passed through', () => {
  const build = jest.fn(() => (a: number, b: number) => a + b);
  const add = builtOnFirstUse(build);
  expect(build).not.toHaveBeenCalled();
  expect(add(2, 3)).toBe(5);
  expect(add(4, 5)).toBe(9);
  expect(build).toHaveBeenCalledTimes(1);
});

test("a validator built on first use coerces, says ajv's errors, and mutates the root as Fastify asks", () => {
  const compile = buildValidatorFactory()(
    {},
    { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  ) as unknown as (route: object) => ((data: unknown, context?: object) => boolean) & {
    errors?: { instancePath: string }[] | null;
    schemaEnv?: unknown;
  };
  const validate = compile({
    method: 'GET',
    url: '/things',
    httpPart: 'querystring',
    schema: {
      type: 'object',
      properties: { size: { type: 'integer', maximum: 50 } },
      additionalProperties: false,
    },
  });
  // Fastify passes the request as the parent only to a function that says it takes it.
  expect(validate.schemaEnv).toBeTruthy();
  const request = { query: { size: '20', extra: 'x' } as Record<string, unknown> };
  expect(validate(request.query, { parentData: request, parentDataProperty: 'query' })).toBe(true);
  expect(request.query).toEqual({ size: 20 });
  expect(validate({ size: '99' })).toBe(false);
  expect(validate.errors?.[0]?.instancePath).toBe('/size');
  expect(validate({ size: '1' })).toBe(true);
  expect(validate.errors).toBeNull();
});

test("every route's validators and serializers can be built", async () => {
  const api = await startTestApi();
  try {
    // The routes' functions are made when the app is ready: at its first request.
    expect((await api.get('/health/live')).status).toBe(200);
    expect(buildAllPending()).toBeGreaterThan(200);
    expect(buildAllPending()).toBe(0);
    // Built ahead of their first use, they answer as before.
    expect((await api.get('/health/live')).status).toBe(200);
  } finally {
    await api.close();
  }
});
