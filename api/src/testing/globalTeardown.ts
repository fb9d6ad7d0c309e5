import { rmSync } from 'node:fs';
import { dropTemplateDatabase, testServerUrl } from './testDatabase';
import { TEMPLATE_DB_ENV, TEMPLATE_DIR_ENV } from './templateEnv';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
  const template = process.env[TEMPLATE_DB_ENV];
  if (template) await dropTemplateDatabase(testServerUrl(), template);
}
