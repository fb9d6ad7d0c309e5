// Key rotation (docs/adr/0028-secrets-at-rest.md; `npm run secrets`, ./cli.ts): add a key to the
// key file as the active one, seal every value again under it (./reseal.ts, in batches, while the
// APIs run), and later retire the keys no value uses. The APIs follow by themselves: a key id they
// do not know makes them read the file again, and they look at it every few seconds before sealing.
import { existsSync } from 'node:fs';
import type { SecretsSettings } from '../config';
import type { Database } from '../db/database';
import {
  LEGACY_KEY_ID,
  readKeyRing,
  replaceKeyFile,
  withNewActiveKey,
  type KeyRing,
} from './keyRing';
import { keyUsage, resealAll, type KeyUsage, type ResealCount, type ResealOptions } from './reseal';
import { openVault } from './vault';

/** Passes over the tables while running APIs keep changing rows a pass read (rarely more than 1). */
const MAX_PASSES = 3;

export interface ResealReport {
  activeKeyId: string;
  /** Per column, summed over the passes. */
  counts: ResealCount[];
}

/** Seals every value not under the active key again (a key added by hand, or a rotation's rest). */
export async function resealUnderActiveKey(
  db: Database,
  settings: SecretsSettings,
  options: ResealOptions = {},
): Promise<ResealReport> {
  const { vault } = openVault({ ...settings, makeIfMissing: false });
  const totals = new Map<string, ResealCount>();
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const counts = await resealAll(db, vault, 'not-active', options);
    for (const count of counts) {
      const key = `${count.table}.${count.column}`;
      const total = totals.get(key);
      if (!total) totals.set(key, { ...count });
      else {
        total.resealed += count.resealed;
        // What an API changed meanwhile is taken by the next pass, if it still needs it.
        total.changedMeanwhile = count.changedMeanwhile;
        total.unreadable = count.unreadable;
      }
    }
    if (counts.every((count) => count.changedMeanwhile === 0)) break;
  }
  return { activeKeyId: vault.activeKeyId(), counts: [...totals.values()] };
}

export interface RotationReport extends ResealReport {
  /** The key added, now the active one. */
  addedKeyId: string;
}

/** Adds a new active key to the key file, then seals every value under it. */
export async function rotateKeys(
  db: Database,
  settings: SecretsSettings,
  options: ResealOptions = {},
): Promise<RotationReport> {
  const ring = withNewActiveKey(readKeyRing(settings.keyFile));
  replaceKeyFile(settings.keyFile, ring);
  const report = await resealUnderActiveKey(db, settings, options);
  return { ...report, addedKeyId: ring.activeId };
}

export interface RetireReport {
  /** Keys taken out of the key file. */
  retired: string[];
  /** Keys kept, with how many values each still seals (the active key always stays). */
  kept: Array<{ keyId: string; rows: number }>;
  /** Values in clear (none after a start or a reseal): they hold up nothing, but are said. */
  inClear: number;
  /** A legacy key outside the file that nothing needs any more (PMS_CREDENTIALS_KEY, the old file). */
  unusedLegacyKey: string | null;
}

const rowsByKey = (usage: KeyUsage[]): Map<string | null, number> => {
  const rows = new Map<string | null, number>();
  for (const { keyId, rows: count } of usage) rows.set(keyId, (rows.get(keyId) ?? 0) + count);
  return rows;
};

/**
 * Takes the keys no value uses any more out of the key file. Run it once every API reads the file
 * with the new active key (they look every few seconds; a mounted secret takes its own time to
 * reach them): an API still sealing with a retired key would write what the others cannot open.
 */
export async function retireUnusedKeys(
  db: Database,
  settings: SecretsSettings,
): Promise<RetireReport> {
  const ring = readKeyRing(settings.keyFile);
  const rows = rowsByKey(await keyUsage(db));
  const keep = (id: string) => id === ring.activeId || (rows.get(id) ?? 0) > 0;
  const retired = [...ring.keys.keys()].filter((id) => !keep(id));
  if (retired.length > 0) {
    const next: KeyRing = {
      keys: new Map([...ring.keys].filter(([id]) => keep(id))),
      activeId: ring.activeId,
    };
    replaceKeyFile(settings.keyFile, next);
  }
  const legacyOutside =
    settings.legacyKey !== null
      ? 'PMS_CREDENTIALS_KEY'
      : settings.legacyKeyFile &&
          existsSync(settings.legacyKeyFile) &&
          !ring.keys.has(LEGACY_KEY_ID)
        ? settings.legacyKeyFile
        : null;
  return {
    retired,
    kept: [...ring.keys.keys()]
      .filter(keep)
      .map((keyId) => ({ keyId, rows: rows.get(keyId) ?? 0 })),
    inClear: rows.get(null) ?? 0,
    unusedLegacyKey: legacyOutside && !rows.get(LEGACY_KEY_ID) ? legacyOutside : null,
  };
}
