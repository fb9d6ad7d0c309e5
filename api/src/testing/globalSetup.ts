// Once per jest run: migrate and seed a PGlite data folder that every test file then copies
// (copying and reopening takes well under a second; creating a database takes several).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/database';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';
import { TEMPLATE_DIR_ENV } from './templateEnv';

export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-api-template-'));
  const db = await openPglite(dir);
  try {
    await migrate(db);
    await seedIfEmpty(db);
  } finally {
    await db.close();
  }
  process.env[TEMPLATE_DIR_ENV] = dir;
}
