// The OpenAPI document as the running API serves it at /openapi.json, built without a database
// (registering routes reads none): `npm run contract` writes it to api/openapi.json.
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/database';

const refuse = (): never => {
  throw new Error('The OpenAPI document is built from the routes alone; nothing may query.');
};

/** A Database for building routes only: any query fails loudly. */
const NO_DATABASE: Database = {
  kind: 'pglite',
  query: async () => refuse(),
  exec: async () => refuse(),
  transaction: async () => refuse(),
  close: async () => undefined,
};

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const app = buildApp({ db: NO_DATABASE, config: loadConfig({}), logger: false });
  await app.ready();
  const document = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return document;
}
