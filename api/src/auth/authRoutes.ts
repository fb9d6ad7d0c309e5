// Sign-in (password, then TOTP for accounts that have it), load-auth and logout.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { errors, Ok, ref, SESSION, trimEmail, type Api } from '../http/schemas';
import {
  ChallengeBody,
  CurrentUserSchema,
  LoginBody,
  SecondStepSchema,
  SignedInSchema,
  TooManyAttempts,
} from './authSchemas';
import { requireUser, sessionToken, toUserView, USER_COLUMNS, type UserRow } from './caller';
import { prepareDecoy, verifyAgainstDecoy, verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';
import {
  clearThrottle,
  clientOf,
  emailClientSubject,
  recordAttempt,
  releaseSlot,
  signInRules,
  takeSlots,
  tooMany,
} from './throttle';
import { hashToken, newToken } from './tokens';
import { spendRecoveryCode } from './recoveryCodes';
import { storedTotpReused, verifyStoredTotp } from './totpSecrets';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const CHALLENGE_MAX_ATTEMPTS = 5;

const invalidCredentials = (): ApiError =>
  new ApiError(401, 'invalid_credentials', 'The email or password is incorrect.');
const invalidCode = (): ApiError =>
  new ApiError(
    401,
    'invalid_code',
    'That code is not valid. Enter the current code from your authenticator app.',
  );
/** A right code already used (its 30 seconds are not over): the next one works. */
export const CODE_USED_MESSAGE =
  'That code was just used. Wait for your authenticator app to show the next code, then enter it.';
const codeUsed = (status: 400 | 401): ApiError =>
  new ApiError(status, 'code_used', CODE_USED_MESSAGE);
const challengeExpired = (): ApiError =>
  new ApiError(401, 'challenge_expired', 'This verification step has expired. Sign in again.');

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

interface SignInRow extends UserRow {
  password_hash: string;
  has_totp: boolean;
}

interface ChallengeRow extends UserRow {
  /** Sealed (src/auth/totpSecrets.ts). */
  totp_secret: unknown;
  totp_last_step: string | null;
}

const SIGN_IN_THROTTLED = 'Too many failed sign-in attempts.';

export function registerAuthRoutes(app: Api, { db, config, vault }: AppContext): void {
  const rules = signInRules(config);
  app.addHook('onReady', async () => {
    await prepareDecoy();
  });

  app.post(
    '/login',
    {
      preValidation: trimEmail,
      schema: {
        summary: 'Sign in with email and password',
        description:
          'Answers the user and a session, or, for an account with a second step, a `redirect` and a `challengeToken` for /user/auth/challenge (not signed in yet). A wrong password, an unknown email and a deactivated account (whatever the password) get the same 401 `invalid_credentials`, after the same work, each counted as a failure. Failed attempts are limited per email from one client and per client (429 with `Retry-After`, exponential back-off); a stranger’s failures never refuse the owner’s own client.',
        tags: ['auth'],
        body: LoginBody,
        response: {
          200: Type.Union([ref(SignedInSchema), ref(SecondStepSchema)]),
          ...errors(400, 401),
          429: TooManyAttempts,
        },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const client = clientOf(request);
      const emailClient = emailClientSubject(email, client);
      // Counted as a failure before the password is checked, given back if it was right: a burst
      // of concurrent guesses cannot all pass a check made before any of them was counted.
      const taken = await takeSlots(db, [
        { rule: rules.emailClient, subject: emailClient },
        { rule: rules.client, subject: client },
      ]);
      if (taken.waitSeconds !== undefined) {
        request.log.warn(
          { event: 'sign_in_throttled', client, waitSeconds: taken.waitSeconds },
          'Sign-in refused: too many failed attempts',
        );
        throw tooMany('too_many_attempts', SIGN_IN_THROTTLED, taken.waitSeconds);
      }

      const [user] = await db.query<SignInRow>(
        `select ${USER_COLUMNS}, u.password_hash, u.totp_secret is not null as has_totp
         from users u join accounts a on a.id = u.account_id
         where u.email = $1`,
        [email],
      );
      const passwordMatches = user
        ? await verifyPassword(request.body.password, user.password_hash)
        : await verifyAgainstDecoy(request.body.password);
      // A deactivated account is refused as a wrong password is, after the same work and counted
      // as a failure: a refusal of its own would confirm the password to whoever tried it (ADR 9).
      if (!user || !passwordMatches || !user.is_active) {
        request.log.info(
          user && passwordMatches
            ? { event: 'sign_in_failed', client, userId: user.id, reason: 'deactivated' }
            : { event: 'sign_in_failed', client },
          'Sign-in refused: wrong email or password, or a deactivated account',
        );
        throw invalidCredentials();
      }
      for (const slot of taken.slots) await releaseSlot(db, slot);

      if (user.has_totp) {
        // Not signed in yet: this client's failures on the email are forgotten only once the
        // second step is passed too, so wrong codes keep adding to them.
        const challengeToken = newToken();
        await db.query(
          `insert into login_challenges (token_hash, user_id, expires_at)
           values ($1, $2::bigint, now() + $3::float8 * interval '1 millisecond')`,
          [hashToken(challengeToken), user.id, CHALLENGE_TTL_MS],
        );
        request.log.info(
          { event: 'second_step_asked', userId: user.id },
          'Password accepted; code next',
        );
        return { redirect: '/login/challenge' as const, challengeToken };
      }
      await clearThrottle(db, rules.emailClient, emailClient);
      const session = await createSession(db, user.id, config.sessionTtlMs);
      request.log.info({ event: 'signed_in', userId: user.id }, 'Signed in');
      return { user: toUserView(user), ...session };
    },
  );

  app.post(
    '/user/auth/challenge',
    {
      schema: {
        summary: 'Second step of sign-in: the authenticator code',
        description:
          'A code is used once (the same code again within its 30 seconds: 401 `code_used`, wait for the next one; counted like a wrong code), and so is each recovery code shown when the second step was turned on; 5 wrong codes spend the challenge (401 `challenge_expired`: sign in again), and so does deactivating the user. A wrong code counts as a failed sign-in for the email from this client, not for the email alone.',
        tags: ['auth'],
        body: ChallengeBody,
        response: { 200: ref(SignedInSchema), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { challengeToken, code } = request.body;
      // Decided inside one transaction, thrown after it: a wrong code's attempt must be committed.
      const outcome = await db.transaction(async (tx) => {
        const [challenge] = await tx.query<ChallengeRow>(
          `select ${USER_COLUMNS}, u.totp_secret, u.totp_last_step::text as totp_last_step
           from login_challenges c
           join users u on u.id = c.user_id
           join accounts a on a.id = u.account_id
           where c.token_hash = $1 and c.consumed_at is null and c.expires_at > now() and c.attempts < $2
             and u.totp_secret is not null and u.is_active
           for update of c, u`,
          [hashToken(challengeToken), CHALLENGE_MAX_ATTEMPTS],
        );
        // A deactivated user's challenge is spent like any other (deactivation spends it too): the
        // answer is "sign in again", where the password is refused (ADR 9).
        if (!challenge) return { result: 'expired' } as const;

        const lastUsedStep =
          challenge.totp_last_step === null ? null : Number(challenge.totp_last_step);
        const step = verifyStoredTotp(vault, challenge.totp_secret, code, {
          lastUsedStep,
          userId: challenge.id,
          log: request.log,
        });
        // A recovery code (a lost phone) signs in once in place of a code.
        const recovered = step === null && (await spendRecoveryCode(tx, challenge.id, code));
        if (step === null && !recovered) {
          await tx.query(
            'update login_challenges set attempts = attempts + 1 where token_hash = $1',
            [hashToken(challengeToken)],
          );
          // The right code a second time: refused and counted alike, but said as what it is.
          const reused =
            !recovered && storedTotpReused(vault, challenge.totp_secret, code, { lastUsedStep });
          return { result: reused ? 'reused' : 'invalid', email: challenge.email } as const;
        }
        await tx.query('update login_challenges set consumed_at = now() where token_hash = $1', [
          hashToken(challengeToken),
        ]);
        if (step !== null)
          await tx.query('update users set totp_last_step = $2::bigint where id = $1::bigint', [
            challenge.id,
            step,
          ]);
        const session = await createSession(tx, challenge.id, config.sessionTtlMs);
        return { result: 'signed_in', user: toUserView(challenge), session } as const;
      });

      const client = clientOf(request);
      switch (outcome.result) {
        case 'expired':
          throw challengeExpired();
        case 'invalid':
        case 'reused':
          // A wrong code is a failed sign-in for this email from this client (and for the client),
          // never for the email alone: the owner's own client is not refused for it.
          await recordAttempt(db, rules.emailClient, emailClientSubject(outcome.email, client));
          await recordAttempt(db, rules.client, client);
          request.log.info(
            { event: 'second_step_failed', client, reason: outcome.result },
            outcome.result === 'reused'
              ? 'Second step refused: code already used'
              : 'Second step refused: wrong code',
          );
          throw outcome.result === 'reused' ? codeUsed(401) : invalidCode();
        case 'signed_in':
          await clearThrottle(
            db,
            rules.emailClient,
            emailClientSubject(outcome.user.email, client),
          );
          request.log.info(
            { event: 'signed_in', userId: outcome.user.id, secondFactor: 'totp' },
            'Signed in',
          );
          return { user: outcome.user, ...outcome.session };
      }
    },
  );

  app.get(
    '/loadAuth',
    {
      schema: {
        summary: 'The user behind the session',
        description:
          'The one call a deactivated user may make: the dashboard reads `is_active` and signs them out.',
        tags: ['auth'],
        security: SESSION,
        response: { 200: ref(CurrentUserSchema), ...errors(401) },
      },
    },
    async (request) => {
      // The one route a deactivated user may call: the dashboard reads is_active and signs them out.
      // The person themselves: staff inside a host's account stay staff, `viewing` says which.
      const caller = await requireUser(db, request, { allowInactive: true, self: true });
      return caller;
    },
  );

  app.get(
    '/logout',
    {
      schema: {
        summary: 'Sign out: end the session, if any',
        description:
          'Ends the session sent as `Authorization`; without one, or with one already ended, it answers the same.',
        tags: ['auth'],
        response: { 200: ref(Ok) },
      },
    },
    async (request) => {
      const token = sessionToken(request);
      if (token) await revokeSession(db, token);
      return { ok: true } as const;
    },
  );
}
