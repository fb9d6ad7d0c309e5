// The contract as a whole: the document the API serves is valid OpenAPI 3.1, every route in it is
// documented (summary, tag, answers with schemas), and it is the one committed in api/openapi.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from '@readme/openapi-parser';
import { TAGS } from './contract';
import { startTestApi, type TestApi } from './testing/testApi';

const COMMITTED = path.join(__dirname, '..', 'openapi.json');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  summary?: string;
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let api: TestApi;
let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  api = await startTestApi();
  const response = await api.get<typeof document>('/openapi.json');
  expect(response.status).toBe(200);
  document = response.body;
});
afterAll(() => api.close());

function operations(): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([route, item]) =>
    METHODS.filter((method) => item[method]).map(
      (method) => [`${method.toUpperCase()} ${route}`, item[method]!] as [string, Operation],
    ),
  );
}

test('/openapi.json is a valid OpenAPI 3.1 document', async () => {
  expect(document.openapi).toBe('3.1.0');
  const result = await validate(structuredClone(document) as never);
  expect(result.valid ? [] : result.errors).toEqual([]);
});

test('every operation has a summary, a known tag and a schema for each JSON answer', () => {
  const tags = new Set<string>(TAGS.map((tag) => tag.name));
  const undocumented = operations().flatMap(([name, operation]) => {
    const problems: string[] = [];
    if (!operation.summary) problems.push(`${name}: no summary`);
    if (!operation.tags?.length || !operation.tags.every((tag) => tags.has(tag)))
      problems.push(`${name}: tags ${JSON.stringify(operation.tags)} are not among ${[...tags]}`);
    const responses = Object.entries(operation.responses ?? {});
    if (!responses.some(([status]) => status.startsWith('2')))
      problems.push(`${name}: no success answer`);
    for (const [status, response] of responses) {
      const json = response.content?.['application/json'];
      if (json && !json.schema) problems.push(`${name} ${status}: no schema`);
    }
    return problems;
  });
  expect(undocumented).toEqual([]);
});

test('the committed api/openapi.json is the document the API serves', () => {
  const committed = JSON.parse(readFileSync(COMMITTED, 'utf8')) as unknown;
  if (JSON.stringify(committed) !== JSON.stringify(document)) {
    throw new Error(
      'api/openapi.json differs from the API’s schemas: run `npm run contract` and commit the result.',
    );
  }
});

test('/docs shows the document in Swagger UI, with links that work under any prefix', async () => {
  const moved = await api.get('/docs');
  expect(moved.status).toBe(302);
  expect(moved.headers.location).toBe('docs/');
  const page = await api.get('/docs/');
  expect(page.status).toBe(200);
  expect(page.text).toContain('swagger-ui');
  expect(page.text).toContain('src="./static/swagger-ui-bundle.js"');
  expect((await api.get('/docs/static/swagger-ui-bundle.js')).status).toBe(200);
  expect((await api.get('/docs/json')).body).toEqual({
    ...document,
    servers: [{ url: '..', description: 'The API these docs are served by' }],
  });
});
