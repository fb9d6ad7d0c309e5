// `npm run secrets -- <command>` (scripts/secrets.mjs runs ./cli.ts from the API's build): the key
// file and the database of the same settings the API reads (SECRETS_KEY_FILE, DATABASE_URL,
// PGLITE_DIR …). It prints key ids and counts, never a key or a secret (`init` writes its key to
// the file only). On PostgreSQL it runs while the APIs run; the embedded database serves one
// process at a time, so there it runs while the API is stopped.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type ApiConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { createKeyFile, KeyRingError, LEGACY_KEY_ID, newKeyRing, readKeyRing } from './keyRing';
import { keyUsage, type ResealCount } from './reseal';
import { resealUnderActiveKey, retireUnusedKeys, rotateKeys } from './rotation';
import { KEY_FILE_CHECK_MS } from './vault';

export const SECRETS_USAGE = `Usage: npm run secrets -- <command>

  status             the keys of SECRETS_KEY_FILE and how many values each one seals
  rotate [--retire]  add a key as the active one and seal every value under it;
                     --retire then takes out the keys no value uses any more
  reseal             seal every value not under the active key again (after adding a key
                     to a key file this command cannot write, e.g. a mounted secret)
  retire             take the keys no value uses any more out of SECRETS_KEY_FILE
  init <file>        write a new key file of one key (mode 0600), for SECRETS_KEY_FILE

The key file and the database are the API's own: SECRETS_KEY_FILE (by default
<PGLITE_DIR>/secrets.keys), DATABASE_URL or PGLITE_DIR. Nothing printed is a key or a secret.
With the embedded database, stop the API first: PGlite serves one process at a time.`;

/** The migration that seals TOTP secrets: the database must have it (the API applies it). */
const SEALED_SCHEMA = '0035';

class CommandError extends Error {}

type Write = (line: string) => void;

function settingsOf(env: NodeJS.ProcessEnv): ApiConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
}

async function openChecked(config: ApiConfig): Promise<Database> {
  // PGlite keeps this file while a process has the database open (and after a crash).
  if (!config.databaseUrl && existsSync(path.join(config.pgliteDir, 'postmaster.pid')))
    throw new CommandError(
      `The embedded database in ${config.pgliteDir} is open: stop the API first (PGlite serves one process at a time, so on the embedded database this runs while the API is stopped). If no API runs, one stopped without closing it: start it and stop it once.`,
    );
  if (!config.databaseUrl && !existsSync(path.join(config.pgliteDir, 'PG_VERSION')))
    throw new CommandError(`There is no embedded database in ${config.pgliteDir} yet.`);
  const db = await openDatabase(config);
  try {
    const [table] = await db.query<{ found: boolean }>(
      `select to_regclass('schema_migrations') is not null as found`,
    );
    const [migrated] = table?.found
      ? await db.query<{ ok: boolean }>(
          `select exists (select 1 from schema_migrations where version = $1) as ok`,
          [SEALED_SCHEMA],
        )
      : [];
    if (!migrated?.ok)
      throw new CommandError(
        'The database is not migrated to this version yet: start the API once (it migrates), then run this again.',
      );
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

const columnLine = (count: ResealCount) =>
  `  ${`${count.table}.${count.column}`.padEnd(34)} sealed again ${String(count.resealed).padStart(6)}` +
  (count.changedMeanwhile ? `   changed meanwhile ${count.changedMeanwhile}` : '') +
  (count.unreadable ? `   unreadable ${count.unreadable}` : '');

/** Prints the counts; true when every value opened (an unreadable one needs a person). */
function reportCounts(counts: ResealCount[], write: Write): boolean {
  for (const count of counts) write(columnLine(count));
  const unreadable = counts.reduce((sum, count) => sum + count.unreadable, 0);
  const meanwhile = counts.reduce((sum, count) => sum + count.changedMeanwhile, 0);
  if (meanwhile > 0)
    write(
      `${meanwhile} values were being changed by a running API after 3 passes: run \`npm run secrets -- reseal\` again.`,
    );
  if (unreadable > 0)
    write(
      `${unreadable} values do not open with any key of the file (changed, or sealed with a key that is gone): they were left as they are. Their owners reconnect or set them up again.`,
    );
  return unreadable === 0;
}

async function status(config: ApiConfig, db: Database, write: Write): Promise<void> {
  const ring = readKeyRing(config.secrets.keyFile);
  write(`Key file ${config.secrets.keyFile}: ${ring.keys.size} key(s), active ${ring.activeId}`);
  const usage = await keyUsage(db);
  const rowsOf = (keyId: string | null) =>
    usage.filter((row) => row.keyId === keyId).reduce((sum, row) => sum + row.rows, 0);
  for (const keyId of ring.keys.keys())
    write(`  ${keyId.padEnd(24)} ${String(rowsOf(keyId)).padStart(6)} values`);
  const { legacyKey, legacyKeyFile } = config.secrets;
  const legacyFrom = legacyKey
    ? 'PMS_CREDENTIALS_KEY'
    : legacyKeyFile && existsSync(legacyKeyFile)
      ? legacyKeyFile
      : null;
  const known = new Set<string | null>([...ring.keys.keys(), null]);
  for (const keyId of new Set(usage.map((row) => row.keyId)))
    if (!known.has(keyId))
      write(
        `  ${String(keyId).padEnd(24)} ${String(rowsOf(keyId)).padStart(6)} values ` +
          (keyId === LEGACY_KEY_ID && legacyFrom
            ? `(before key ids: opened with ${legacyFrom} until a rotation)`
            : '(NOT IN THE KEY FILE: they do not open)'),
      );
  if (rowsOf(null) > 0)
    write(
      `  ${'in clear'.padEnd(24)} ${String(rowsOf(null)).padStart(6)} values (the next start seals them)`,
    );
  for (const row of usage)
    write(
      `    ${`${row.table}.${row.column}`.padEnd(34)} ${String(row.keyId ?? 'in clear').padEnd(24)} ${row.rows}`,
    );
}

async function retire(config: ApiConfig, db: Database, write: Write): Promise<void> {
  const report = await retireUnusedKeys(db, config.secrets);
  write(
    report.retired.length > 0
      ? `Retired ${report.retired.join(', ')}: no value needs ${report.retired.length === 1 ? 'it' : 'them'} any more. Delete any copy kept elsewhere too.`
      : 'No key to retire.',
  );
  for (const { keyId, rows } of report.kept)
    write(`  kept ${keyId.padEnd(24)} ${String(rows).padStart(6)} values`);
  if (report.unusedLegacyKey)
    write(
      `Nothing is sealed with the legacy key any more: ${report.unusedLegacyKey === 'PMS_CREDENTIALS_KEY' ? 'remove PMS_CREDENTIALS_KEY from the environment' : `delete ${report.unusedLegacyKey}`}.`,
    );
}

/** Runs one command; the process's exit code. */
export async function runSecretsCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  write: Write,
): Promise<number> {
  const [command, ...rest] = args;
  const flags = new Set(rest.filter((arg) => arg.startsWith('--')));
  const operands = rest.filter((arg) => !arg.startsWith('--'));
  const allowed: Record<string, { flags: string[]; operands: number }> = {
    status: { flags: [], operands: 0 },
    rotate: { flags: ['--retire'], operands: 0 },
    reseal: { flags: [], operands: 0 },
    retire: { flags: [], operands: 0 },
    init: { flags: [], operands: 1 },
  };
  const shape = command ? allowed[command] : undefined;
  if (
    !shape ||
    operands.length !== shape.operands ||
    [...flags].some((flag) => !shape.flags.includes(flag))
  ) {
    write(SECRETS_USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 1;
  }
  try {
    if (command === 'init') {
      const file = path.resolve(operands[0]!);
      const ring = newKeyRing();
      if (!createKeyFile(file, ring))
        throw new CommandError(`${file} exists already: it is never overwritten.`);
      write(
        `Wrote ${file} with one key, ${ring.activeId} (mode 0600). Point SECRETS_KEY_FILE at it.`,
      );
      return 0;
    }
    const config = settingsOf(env);
    const db = await openChecked(config);
    try {
      if (command === 'status') await status(config, db, write);
      if (command === 'retire') await retire(config, db, write);
      if (command === 'reseal' || command === 'rotate') {
        const report =
          command === 'rotate'
            ? await rotateKeys(db, config.secrets)
            : await resealUnderActiveKey(db, config.secrets);
        write(
          'addedKeyId' in report
            ? `Added key ${report.activeKeyId} to ${config.secrets.keyFile} as the active one; every value sealed again under it:`
            : `Every value not under the active key ${report.activeKeyId} sealed again:`,
        );
        if (!reportCounts(report.counts, write)) return 1;
        write(`Every value is sealed with ${report.activeKeyId}.`);
        if (flags.has('--retire')) {
          if (config.databaseUrl) {
            // Running APIs look at the key file every few seconds before sealing: after two looks
            // none seals with an older key, and what one sealed meanwhile is taken now.
            write('Waiting for the running APIs to take the new key …');
            await new Promise((resolve) => setTimeout(resolve, 2 * KEY_FILE_CHECK_MS + 1_000));
            const rest = await resealUnderActiveKey(db, config.secrets);
            if (!reportCounts(rest.counts, write)) return 1;
          }
          await retire(config, db, write);
        } else if (command === 'rotate')
          write(
            'The older keys stay in the file until `npm run secrets -- retire` (once every API has read the new file).',
          );
      }
      return 0;
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof CommandError || error instanceof KeyRingError) {
      write(error.message);
      return 1;
    }
    throw error;
  }
}
