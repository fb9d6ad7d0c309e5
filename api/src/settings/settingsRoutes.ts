// The signed-in person's own settings (/settings, issue 15): profile, password, notification
// preferences. Every role may change its own (a vendor's name is theirs too); a deactivated user
// may not (requireUser answers 403). A change that could hand the account to someone else — the
// email, the password — needs the current password, checked like a sign-in and counted by the same
// throttle (ADR 9), so a session left open is not enough.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { writeAudit } from '../admin/audit';
import { normaliseEmail } from '../auth/authRoutes';
import { MessageSchema, TooManyAttempts } from '../auth/authSchemas';
import { requireUser, type Caller } from '../auth/caller';
import { hashPassword, verifyPassword } from '../auth/passwords';
import {
  clientOf,
  emailClientSubject,
  releaseSlot,
  signInRules,
  takeSlot,
  tooMany,
} from '../auth/throttle';
import { hashToken } from '../auth/tokens';
import type { Sql } from '../db/database';
import { ApiError } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { emailChangedMail, passwordChangedMail } from '../mail/templates/accountMails';
import { ApiErrorSchema, errors, ref, SESSION, type Api } from '../http/schemas';
import { preferencesOf, updatePreferences } from './preferences';
import {
  NotificationPreferencesBody,
  NotificationPreferencesSchema,
  PasswordChangeBody,
  ProfileBody,
  ProfileSchema,
  type Profile,
} from './settingsSchemas';

/** A refusal about one body field, shaped like the schema's own (`field`, `in`, `rule`). */
const fieldError = (status: number, code: string, field: string, message: string): ApiError =>
  new ApiError(status, code, message, {}, { field, in: 'body', rule: code });

const currentPasswordRequired = () =>
  fieldError(
    400,
    'current_password_required',
    'current_password',
    'Enter your current password to change your email.',
  );
const wrongPassword = () =>
  fieldError(400, 'wrong_password', 'current_password', 'That is not your current password.');
const emailTaken = () =>
  fieldError(409, 'email_taken', 'email', 'There is already a Hostdash user with this email.');

/** 409 of a profile change: not a stale write, the email is someone else's. */
const EMAIL_TAKEN_ANSWER = Type.Unsafe<Static<typeof ApiErrorSchema>>({
  $ref: `${ApiErrorSchema.$id}#`,
  description: 'Another Hostdash user has this email (`email_taken`, field `email`).',
});

const PASSWORD_CHANGED = {
  message: 'Your password has been changed. Every other session of yours has been signed out.',
} as const;

/** PostgreSQL's unique_violation: another user took the email between the check and the update. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** preValidation: the spaces around a typed name or a pasted email are not the person's intent. */
async function trimProfile(request: FastifyRequest): Promise<void> {
  const body = request.body as { name?: unknown; email?: unknown } | undefined;
  if (!body || typeof body !== 'object') return;
  if (typeof body.name === 'string') body.name = body.name.trim();
  if (typeof body.email === 'string') body.email = body.email.trim();
}

async function profileOf(sql: Sql, userId: string): Promise<Profile> {
  const [row] = await sql.query<Omit<Profile, 'notification_preferences'>>(
    `select id::text as id, name, email, totp_secret is not null as second_step
     from users where id = $1::bigint`,
    [userId],
  );
  if (!row) throw new Error(`user ${userId}: not found`);
  return { ...row, notification_preferences: await preferencesOf(sql, userId) };
}

export function registerSettingsRoutes(app: Api, { db, config }: AppContext): void {
  const rules = signInRules(config);

  /**
   * Checks the caller's current password, counted first as a failed sign-in of their email from
   * this client (a wait refuses it, 429) and given back when it is right.
   */
  async function checkCurrentPassword(
    request: FastifyRequest,
    caller: Caller,
    password: string,
  ): Promise<void> {
    const client = clientOf(request);
    const taken = await takeSlot(db, rules.emailClient, emailClientSubject(caller.email, client));
    if (taken.waitSeconds !== undefined)
      throw tooMany('too_many_attempts', 'Too many wrong passwords.', taken.waitSeconds);
    const [row] = await db.query<{ password_hash: string }>(
      'select password_hash from users where id = $1::bigint',
      [caller.id],
    );
    if (!row || !(await verifyPassword(password, row.password_hash))) {
      request.log.info(
        { event: 'current_password_wrong', userId: caller.id, client },
        'Current password refused',
      );
      throw wrongPassword();
    }
    await releaseSlot(db, taken.slot);
  }

  app.get(
    '/user/profile',
    {
      schema: {
        summary: 'The signed-in person’s profile',
        description:
          'Name, email, whether the second step is on, and the notification preferences (defaults filled in).',
        tags: ['settings'],
        security: SESSION,
        response: { 200: ref(ProfileSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      return profileOf(db, caller.id);
    },
  );

  app.post(
    '/user/profile',
    {
      preValidation: trimProfile,
      schema: {
        summary: 'Change the signed-in person’s name or email',
        description:
          'Send only what changes. `name`: 1 to 120 characters once trimmed. `email`: stored in lower case; changing it needs `current_password` (400 `current_password_required`, 400 `wrong_password`, both naming the field `current_password`; wrong ones count as failed sign-ins, 429 with `Retry-After`) and the old address is told by mail. 409 `email_taken` (field `email`) when another user has that email. Answers the updated profile.',
        tags: ['settings'],
        security: SESSION,
        body: ProfileBody,
        response: {
          200: ref(ProfileSchema),
          ...errors(400, 401, 403),
          409: EMAIL_TAKEN_ANSWER,
          429: TooManyAttempts,
        },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const { name, current_password: currentPassword } = request.body;
      const email =
        request.body.email === undefined ? undefined : normaliseEmail(request.body.email);
      const emailChanges = email !== undefined && email !== caller.email;
      if (emailChanges) {
        if (currentPassword === undefined) throw currentPasswordRequired();
        await checkCurrentPassword(request, caller, currentPassword);
      }

      const changed = await db
        .transaction(async (tx) => {
          const [before] = await tx.query<{ name: string; email: string }>(
            'select name, email from users where id = $1::bigint for update',
            [caller.id],
          );
          if (!before) throw new Error(`user ${caller.id}: not found`);
          const detail: Record<string, { from: string; to: string }> = {};
          if (name !== undefined && name !== before.name)
            detail.name = { from: before.name, to: name };
          if (email !== undefined && email !== before.email) {
            const [taken] = await tx.query(
              'select 1 from users where email = $1 and id <> $2::bigint',
              [email, caller.id],
            );
            if (taken) throw emailTaken();
            detail.email = { from: before.email, to: email };
          }
          if (Object.keys(detail).length === 0) return [];
          await tx.query('update users set name = $2, email = $3 where id = $1::bigint', [
            caller.id,
            detail.name?.to ?? before.name,
            detail.email?.to ?? before.email,
          ]);
          await writeAudit(tx, {
            actorUserId: caller.id,
            action: 'user.update_profile',
            targetUserId: caller.id,
            targetAccountId: caller.account_id,
            detail,
          });
          // To the address the account had: if the person did not change it, they learn of it.
          if (detail.email) {
            const mail = emailChangedMail({
              name: before.name,
              newEmail: detail.email.to,
              changedAt: new Date(),
              shellOrigin: config.shellOrigin,
            });
            await queueMail(tx, {
              ...mail,
              to: detail.email.from,
              kind: 'email_change',
              accountId: caller.account_id,
            });
          }
          return Object.keys(detail);
        })
        .catch((error: unknown) => {
          // Lost a race for the email to another user's change: the unique index decided.
          throw isUniqueViolation(error) ? emailTaken() : error;
        });
      if (changed.length > 0)
        request.log.info(
          { event: 'profile_updated', userId: caller.id, fields: changed },
          'Profile updated',
        );
      return profileOf(db, caller.id);
    },
  );

  app.post(
    '/user/auth/password/change',
    {
      schema: {
        summary: 'Change the signed-in person’s password',
        description:
          'Needs the current password: 400 `wrong_password` (field `current_password`), counted as a failed sign-in from this client (429 with `Retry-After`). The new password follows the rules of a reset (8 to 1024 characters, not a common password). Every other session of the person is signed out, this one stays; reset links not yet used and second steps not yet passed end too. A mail tells the person their password changed.',
        tags: ['settings'],
        security: SESSION,
        body: PasswordChangeBody,
        response: {
          200: ref(MessageSchema),
          ...errors(400, 401, 403),
          429: TooManyAttempts,
        },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      await checkCurrentPassword(request, caller, request.body.current_password);
      const passwordHash = await hashPassword(request.body.new_password);
      await db.transaction(async (tx) => {
        await tx.query('update users set password_hash = $2 where id = $1::bigint', [
          caller.id,
          passwordHash,
        ]);
        // Whoever else holds a session, a sign-in half done or a reset link had the old password's
        // access: all of it ends. The session that proved the password just now stays.
        await tx.query(
          `update sessions set revoked_at = now(), revoked_reason = 'password_changed'
           where user_id = $1::bigint and revoked_at is null and token_hash <> $2`,
          [caller.id, hashToken(caller.sessionId)],
        );
        await tx.query(
          'update login_challenges set consumed_at = now() where user_id = $1::bigint and consumed_at is null',
          [caller.id],
        );
        await tx.query(
          'update password_reset_tokens set used_at = now() where user_id = $1::bigint and used_at is null',
          [caller.id],
        );
        await writeAudit(tx, {
          actorUserId: caller.id,
          action: 'user.change_password',
          targetUserId: caller.id,
          targetAccountId: caller.account_id,
        });
        const mail = passwordChangedMail({
          name: caller.name,
          changedAt: new Date(),
          shellOrigin: config.shellOrigin,
        });
        await queueMail(tx, {
          ...mail,
          to: caller.email,
          kind: 'password_changed',
          accountId: caller.account_id,
        });
      });
      request.log.info(
        { event: 'password_changed', userId: caller.id },
        'Password changed from settings; other sessions ended',
      );
      return PASSWORD_CHANGED;
    },
  );

  app.get(
    '/user/notificationPreferences',
    {
      schema: {
        summary: 'The signed-in person’s notification preferences',
        description:
          'Each on or off, the default filled in for what the person never chose: `mail_on_red_reservation` is on for owners and managers, off for everyone else; the others are on.',
        tags: ['settings'],
        security: SESSION,
        response: { 200: ref(NotificationPreferencesSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      return preferencesOf(db, caller.id);
    },
  );

  app.post(
    '/user/notificationPreferences',
    {
      schema: {
        summary: 'Change some of the signed-in person’s notification preferences',
        description:
          'Send only the preferences that change, each true or false; any other key is 400. Answers all of them.',
        tags: ['settings'],
        security: SESSION,
        body: NotificationPreferencesBody,
        response: { 200: ref(NotificationPreferencesSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      await updatePreferences(db, caller.id, request.body);
      return preferencesOf(db, caller.id);
    },
  );
}
