// What an API does to its database before it answers: migrate (under a lock, src/db/migrate.ts),
// write the reference rows, seed the demo when DEMO_DATA is on and the database is empty, make the
// first admin when ADMIN_EMAIL names one and no admin exists, seal any secret still in clear (an
// earlier version's, the seed's: docs/adr/0028-secrets-at-rest.md), and screen what was never
// screened.
// Several APIs starting at once on one database do each step once.
import type { ObjectStorage } from '@hostdash/storage';
import {
  ensureFirstAdmin,
  hasActiveAdmin,
  type FirstAdminInput,
  type FirstAdminOutcome,
} from '../admin/firstAdmin';
import { SCREENING_ACTOR } from '../protect/protectLog';
import { screenUnscreened } from '../protect/screening';
import { sealSecretsInClear } from '../secrets/reseal';
import type { SecretVault } from '../secrets/vault';
import type { Database } from './database';
import { migrate } from './migrate';
import { writeReferenceData } from './referenceData';
import { seedIfEmpty, type SeedSummary } from './seed';

export interface PreparedDatabase {
  migrationsApplied: string[];
  /** What the demo seed wrote; null when it did not run (DEMO_DATA off, or users already). */
  seeded: SeedSummary | null;
  /** null when no first admin is configured. */
  firstAdmin: FirstAdminOutcome | null;
  /** Whether anybody can sign in to the admin area now. */
  adminCanSignIn: boolean;
  /** Secrets found in clear and sealed now (after an upgrade, or the demo seed's). */
  secretsSealed: number;
  screened: Awaited<ReturnType<typeof screenUnscreened>>;
}

export async function prepareDatabase(
  db: Database,
  options: {
    storage: ObjectStorage;
    demoData: boolean;
    firstAdmin: FirstAdminInput | null;
    /** Seals what is in clear: the vault of SECRETS_KEY_FILE. */
    vault: SecretVault;
  },
): Promise<PreparedDatabase> {
  const migrationsApplied = await migrate(db);
  await writeReferenceData(db);
  // The demo accounts (every password hostdash-demo, an admin among them) never by default in
  // production: there ADMIN_EMAIL names the first admin instead.
  const seeded = options.demoData ? await seedIfEmpty(db, options.storage) : null;
  const firstAdmin = options.firstAdmin ? await ensureFirstAdmin(db, options.firstAdmin) : null;
  // An outcome (made, or one exists already) means an admin can sign in; else the database says.
  const adminCanSignIn = firstAdmin !== null || (await hasActiveAdmin(db));
  const secretsSealed = await sealSecretsInClear(db, options.vault);
  // Reservations from before screening existed (or a bulk insert) are screened now, set-based.
  const screened = await db.transaction((tx) =>
    screenUnscreened(tx, { log: 'screened', actor: SCREENING_ACTOR, trigger: 'backfill' }),
  );
  return { migrationsApplied, seeded, firstAdmin, adminCanSignIn, secretsSealed, screened };
}
