// Forgotten password: a one-time link by mail (written to the outbox), then a new password.
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { passwordResetMail } from '../mail/templates/accountMails';
import { errors, ref, trimEmail, type Api } from '../http/schemas';
import { normaliseEmail } from './authRoutes';
import {
  MessageSchema,
  PasswordConfirmBody,
  PasswordResetBody,
  TooManyResetRequests,
} from './authSchemas';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { clientOf, resetRules, takeSlots, tooMany } from './throttle';
import { hashToken, newToken, tokenFingerprint } from './tokens';

const RESET_TTL_MS = 60 * 60 * 1000;
export { MIN_PASSWORD_LENGTH } from './authSchemas';

const RESET_REQUESTED = {
  message: 'If an account exists for that email, we have sent a link to reset the password.',
} as const;
const PASSWORD_CHANGED = {
  message: 'Your password has been changed. Sign in with your new password.',
} as const;
const invalidToken = (): ApiError =>
  new ApiError(
    400,
    'invalid_token',
    'This reset link is invalid or has expired. Ask for a new one.',
  );

/**
 * A one-hour reset link for the user, written with its mail to the outbox in the caller's
 * transaction (the reset page's request, an admin's "send a password reset"). Returns the token's
 * fingerprint, for logs; the token and the link never leave this function except in the mail.
 */
export async function queuePasswordReset(
  tx: Sql,
  shellOrigin: string,
  user: { id: string; name: string; email: string; account_id?: string | null },
): Promise<string> {
  const token = newToken();
  const mail = passwordResetMail({
    name: user.name,
    link: `${shellOrigin}/account/reset/${token}`,
  });
  await tx.query(
    `insert into password_reset_tokens (token_hash, user_id, expires_at)
     values ($1, $2::bigint, now() + $3::float8 * interval '1 millisecond')`,
    [hashToken(token), user.id, RESET_TTL_MS],
  );
  await queueMail(tx, {
    ...mail,
    to: user.email,
    kind: 'password_reset',
    accountId: user.account_id ?? null,
  });
  return tokenFingerprint(token);
}

export function registerPasswordResetRoutes(app: Api, { db, config }: AppContext): void {
  const rules = resetRules(config);
  app.post(
    '/user/auth/password/reset',
    {
      preValidation: trimEmail,
      schema: {
        summary: 'Ask for a password reset link by mail',
        description:
          'The same answer whether or not an account exists for the email. The link works once, for an hour. Requests are limited per client and per email, counted whether or not the account exists (429 with `Retry-After`).',
        tags: ['auth'],
        body: PasswordResetBody,
        response: { 200: ref(MessageSchema), ...errors(400), 429: TooManyResetRequests },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const client = clientOf(request);
      // Every request counts, for an email with an account or without (the answer must not tell).
      const taken = await takeSlots(db, [
        { rule: rules.client, subject: client },
        { rule: rules.email, subject: email },
      ]);
      if (taken.waitSeconds !== undefined) {
        request.log.warn(
          { event: 'password_reset_throttled', client, waitSeconds: taken.waitSeconds },
          'Password reset refused: too many requests',
        );
        throw tooMany('too_many_requests', 'Too many password reset requests.', taken.waitSeconds);
      }
      const [user] = await db.query<{ id: string; name: string; account_id: string | null }>(
        'select id::text as id, name, account_id::text as account_id from users where email = $1 and is_active',
        [email],
      );
      if (user) {
        const token = await db.transaction((tx) =>
          queuePasswordReset(tx, config.shellOrigin, { ...user, email }),
        );
        // Never the link or the token: whoever reads the log could reset the password with it. In
        // development the link is in the mail_outbox table; the fingerprint finds its token's row.
        request.log.info(
          { event: 'password_reset_requested', userId: user.id, token },
          'Password reset link written to the outbox',
        );
      }
      // The same answer whether or not the account exists.
      return RESET_REQUESTED;
    },
  );

  app.post(
    '/user/auth/password/confirm',
    {
      schema: {
        summary: 'Set a new password with the token of a reset link',
        description:
          'Spends every outstanding link of the user and ends all their sessions and pending sign-ins. 400 `invalid_token` for a used or expired link.',
        tags: ['auth'],
        body: PasswordConfirmBody,
        response: { 200: ref(MessageSchema), ...errors(400) },
      },
    },
    async (request) => {
      const tokenHash = hashToken(request.body.token);
      const usable = `token_hash = $1 and used_at is null and expires_at > now()`;
      // Check first, so an invalid link costs no scrypt work; re-checked under a lock below.
      const [candidate] = await db.query(`select 1 from password_reset_tokens where ${usable}`, [
        tokenHash,
      ]);
      if (!candidate) throw invalidToken();
      const passwordHash = await hashPassword(request.body.password);

      const userId = await db.transaction(async (tx) => {
        const [token] = await tx.query<{ user_id: string }>(
          `select user_id::text as user_id from password_reset_tokens where ${usable} for update`,
          [tokenHash],
        );
        if (!token) return null;
        await tx.query('update users set password_hash = $2 where id = $1::bigint', [
          token.user_id,
          passwordHash,
        ]);
        // This link and every other outstanding one are spent; every session and pending sign-in ends.
        await tx.query(
          'update password_reset_tokens set used_at = now() where user_id = $1::bigint and used_at is null',
          [token.user_id],
        );
        await tx.query(
          'update login_challenges set consumed_at = now() where user_id = $1::bigint and consumed_at is null',
          [token.user_id],
        );
        await revokeAllSessions(tx, token.user_id, 'password_changed');
        return token.user_id;
      });
      if (!userId) throw invalidToken();
      request.log.info(
        { event: 'password_changed', userId },
        'Password changed through a reset link',
      );
      return PASSWORD_CHANGED;
    },
  );
}
