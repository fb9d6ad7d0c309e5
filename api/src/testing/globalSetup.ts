// Once per jest run: the migrated and seeded template every test copies (src/testing/testDatabase.ts)
// — a PGlite data folder (copying and reopening takes well under a second; creating a database
// takes several), or with HOSTDASH_TEST_ENGINE=postgres a template database on TEST_DATABASE_URL.
// Either way the seed's files (the sample identity images) are in a template folder's `files/`,
// copied with it.
// First: builds @hostdash/storage when missing or stale, before testDatabase imports it.
import './buildStorage';
import { runTemplate } from './testDatabase';

export default async function globalSetup(): Promise<void> {
  await runTemplate();
}
