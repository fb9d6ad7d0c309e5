// The first admin of a database that has none: production starts without the demo accounts
// (DEMO_DATA is off when NODE_ENV=production), so somebody must be able to sign in and run the admin
// area. The operator names them with ADMIN_EMAIL and ADMIN_NAME and gives the password as a file
// (ADMIN_PASSWORD_FILE, a container secret), as Keycloak's and Grafana's bootstrap admins are made.
// Done at start, under a lock, once: while an active admin exists the settings are not used, so a
// stale setting can never reset anybody’s password (docs/adr/0024-first-admin-and-demo-data.md).
import { readFile } from 'node:fs/promises';
import { Type, type Static } from '@sinclair/typebox';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { normaliseEmail } from '../auth/authRoutes';
import { NewPasswordField } from '../auth/authSchemas';
import { NOT_COMMON_PASSWORD } from '../auth/commonPasswords';
import { hashPassword } from '../auth/passwords';
import type { FirstAdminSetting } from '../config';
import type { Database, Sql } from '../db/database';
import { addSchemaKeywords } from '../http/schemaKeywords';
import { EmailField } from '../http/schemas';
import { NameField } from '../onboarding/onboardingSchemas';
import { writeAudit } from './audit';

const FIRST_ADMIN_LOCK_KEY = 7_218_004_003;
/** The account the first admin belongs to, as the demo's staff belong to theirs. */
const STAFF_ACCOUNT_NAME = 'Hostdash';

export const FirstAdminInput = Type.Object(
  { email: EmailField, name: NameField, password: NewPasswordField },
  { additionalProperties: false },
);
export type FirstAdminInput = Static<typeof FirstAdminInput>;

const ajv = new Ajv({ allErrors: true });
addFormats(ajv);
addSchemaKeywords(ajv);
const validFirstAdmin = ajv.compile<FirstAdminInput>(FirstAdminInput);

/** What the operator set, in their words; never holds the password. */
const WHAT_IS_WRONG: Record<string, string> = {
  '/email': 'ADMIN_EMAIL is not an email address',
  '/name': 'ADMIN_NAME must name somebody (1 to 200 characters)',
  '/password': 'The password in ADMIN_PASSWORD_FILE must be 8 to 1024 characters long',
  [`/password ${NOT_COMMON_PASSWORD}`]:
    'The password in ADMIN_PASSWORD_FILE is too common: choose one that others are unlikely to use',
};

export class FirstAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FirstAdminError';
  }
}

/** The first admin's settings with the password read from its file, checked by the schema. */
export async function readFirstAdmin(setting: FirstAdminSetting): Promise<FirstAdminInput> {
  let content: string;
  try {
    content = await readFile(setting.passwordFile, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new FirstAdminError(
      `ADMIN_PASSWORD_FILE (${setting.passwordFile}) cannot be read: ${code}`,
    );
  }
  // The first line: `echo secret > file` and a mounted secret both end in a newline.
  const [password = ''] = content.split(/\r?\n/, 1);
  const input = { email: normaliseEmail(setting.email), name: setting.name.trim(), password };
  if (validFirstAdmin(input)) return input;
  const errors = validFirstAdmin.errors ?? [];
  // A password too short is said so, not also that it is common.
  const told = errors.filter(
    (error) =>
      error.keyword !== NOT_COMMON_PASSWORD ||
      !errors.some((other) => other !== error && other.instancePath === error.instancePath),
  );
  const problems = new Set(
    told.map(
      (error) =>
        WHAT_IS_WRONG[`${error.instancePath} ${error.keyword}`] ??
        WHAT_IS_WRONG[error.instancePath] ??
        'The first admin’s settings are not valid',
    ),
  );
  throw new FirstAdminError([...problems].join('; '));
}

/** Whether somebody can sign in to the admin area. */
export async function hasActiveAdmin(sql: Sql): Promise<boolean> {
  const [row] = await sql.query<{ found: boolean }>(
    `select exists (select 1 from users where type = 'admin' and is_active) as found`,
  );
  return row?.found === true;
}

export type FirstAdminOutcome =
  { created: true; userId: string; accountId: string } | { created: false; reason: 'admin_exists' };

/**
 * Makes the first admin unless an active admin exists. Refuses an email somebody already signs in
 * with (making them an admin is the admin area's decision, not a setting's).
 */
export async function ensureFirstAdmin(
  db: Database,
  input: FirstAdminInput,
): Promise<FirstAdminOutcome> {
  if (await hasActiveAdmin(db)) return { created: false, reason: 'admin_exists' };
  // scrypt is the slow part: hashed before the transaction and its lock.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [FIRST_ADMIN_LOCK_KEY]);
    if (await hasActiveAdmin(tx)) return { created: false, reason: 'admin_exists' } as const;
    const [taken] = await tx.query<{ type: string }>('select type from users where email = $1', [
      input.email,
    ]);
    if (taken)
      throw new FirstAdminError(
        `ADMIN_EMAIL ${input.email} already signs in to Hostdash (not as an active admin): choose another email, or make them an admin in the admin area`,
      );
    const [account] = await tx.query<{ id: string }>(
      'insert into accounts (name) values ($1) returning id::text as id',
      [STAFF_ACCOUNT_NAME],
    );
    if (!account) throw new Error('The first admin’s account was not created.');
    const [user] = await tx.query<{ id: string }>(
      `insert into users (account_id, name, email, type, subtype, password_hash)
       values ($1::bigint, $2, $3, 'admin', 'admin', $4)
       returning id::text as id`,
      [account.id, input.name, input.email, passwordHash],
    );
    if (!user) throw new Error('The first admin was not created.');
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'user.first_admin',
      targetUserId: user.id,
      targetAccountId: account.id,
      detail: { from: 'ADMIN_EMAIL' },
    });
    return { created: true, userId: user.id, accountId: account.id } as const;
  });
}
