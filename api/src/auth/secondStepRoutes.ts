// Turning the second step on and off from /settings (issue 15). On: a new secret waits until the
// person's authenticator proves it has it with a code, then ten recovery codes are shown once. Off:
// only with a current code or a recovery code, so a session left open cannot remove it. Wrong codes
// count against the person from this client, as at sign-in (ADR 9).
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError } from '../http/errors';
import { errors, ref, SESSION, type Api } from '../http/schemas';
import {
  MessageSchema,
  RecoveryCodesSchema,
  SecondStepConfirmBody,
  SecondStepDisableBody,
  SecondStepSetupSchema,
} from './authSchemas';
import { requireUser } from './caller';
import { removeRecoveryCodes, replaceRecoveryCodes, spendRecoveryCode } from './recoveryCodes';
import {
  clearThrottle,
  clientOf,
  emailClientSubject,
  releaseSlot,
  signInRules,
  takeSlot,
  tooMany,
} from './throttle';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp';
import { SealedSecretError } from '../secrets/vault';
import { openTotpSecret, sealTotpSecret, storedTotpReused, verifyStoredTotp } from './totpSecrets';
import { CODE_USED_MESSAGE } from './authRoutes';

/** A secret not confirmed within this long must be set up again. */
const SETUP_TTL_MINUTES = 30;

const secondStepOn = () =>
  new ApiError(
    409,
    'second_step_on',
    'The second step is already on. Turn it off first to move it to another app.',
  );
const secondStepOff = () => new ApiError(409, 'second_step_off', 'The second step is already off.');
const noSetup = () =>
  new ApiError(409, 'no_setup', 'Start again: scan a new QR code, then enter the code it shows.');
const wrongCode = () =>
  new ApiError(
    400,
    'invalid_code',
    'That code does not match. Enter the code your authenticator app shows now.',
  );

const codeUsed = () => new ApiError(400, 'code_used', CODE_USED_MESSAGE);

/** The secrets as stored: sealed (src/auth/totpSecrets.ts). */
interface SecondStepRow {
  totp_secret: unknown;
  totp_last_step: string | null;
  totp_pending_secret: unknown;
}

export function registerSecondStepRoutes(app: Api, { db, config, vault }: AppContext): void {
  const rules = signInRules(config);

  /**
   * Decides a code in one transaction, counted first as a failed sign-in of the person from this
   * client (a wait refuses it, 429); any answer but a wrong code gives the attempt back.
   */
  async function checkCode<Outcome extends { result: string }>(
    email: string,
    client: string,
    decide: (tx: Sql) => Promise<Outcome>,
  ): Promise<Outcome> {
    const taken = await takeSlot(db, rules.emailClient, emailClientSubject(email, client));
    if (taken.waitSeconds !== undefined)
      throw tooMany('too_many_attempts', 'Too many wrong codes.', taken.waitSeconds);
    const outcome = await db.transaction(decide);
    if (outcome.result !== 'wrong') await releaseSlot(db, taken.slot);
    return outcome;
  }

  app.post(
    '/user/auth/secondStep/setup',
    {
      schema: {
        summary: 'Start turning the second step on: a new secret for an authenticator app',
        description: `The secret waits ${SETUP_TTL_MINUTES} minutes for its first code (\`/user/auth/secondStep/confirm\`); asking again replaces it. 409 \`second_step_on\` when it is on already.`,
        tags: ['auth'],
        security: SESSION,
        response: { 200: ref(SecondStepSetupSchema), ...errors(401, 403, 409) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const secret = newTotpSecret();
      const [updated] = await db.query(
        `update users set totp_pending_secret = $2::jsonb, totp_pending_at = now()
         where id = $1::bigint and totp_secret is null
         returning 1`,
        [caller.id, sealTotpSecret(vault, secret)],
      );
      if (!updated) throw secondStepOn();
      request.log.info(
        { event: 'second_step_setup', userId: caller.id },
        'Second step set-up started',
      );
      return { secret, otpauth_url: otpauthUrl(secret, caller.email) };
    },
  );

  app.post(
    '/user/auth/secondStep/confirm',
    {
      schema: {
        summary: 'Turn the second step on with the first code of the new secret',
        description:
          'Answers ten recovery codes, shown this once (each signs in once in place of a code). 400 `invalid_code` for a wrong code (counted as a failed sign-in from this client); 409 `no_setup` when no set-up is waiting (or it is older than 30 minutes).',
        tags: ['auth'],
        security: SESSION,
        body: SecondStepConfirmBody,
        response: { 200: ref(RecoveryCodesSchema), ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const client = clientOf(request);
      const outcome = await checkCode(caller.email, client, async (tx) => {
        const [row] = await tx.query<SecondStepRow & { pending_fresh: boolean }>(
          `select totp_secret, totp_last_step::text as totp_last_step, totp_pending_secret,
             coalesce(totp_pending_at > now() - make_interval(mins => $2), false) as pending_fresh
           from users where id = $1::bigint for update`,
          [caller.id, SETUP_TTL_MINUTES],
        );
        if (row?.totp_secret) return { result: 'on' } as const;
        if (!row?.totp_pending_secret || !row.pending_fresh) return { result: 'no_setup' } as const;
        let pending: string;
        try {
          pending = openTotpSecret(vault, row.totp_pending_secret);
        } catch (error) {
          // Sealed with a key that is gone: the person scans a new code, nothing else is lost.
          if (!(error instanceof SealedSecretError)) throw error;
          return { result: 'no_setup' } as const;
        }
        const step = verifyTotp(pending, request.body.code);
        if (step === null) return { result: 'wrong' } as const;
        await tx.query(
          `update users set totp_secret = totp_pending_secret, totp_last_step = $2::bigint,
             totp_pending_secret = null, totp_pending_at = null
           where id = $1::bigint`,
          [caller.id, step],
        );
        return { result: 'on_now', codes: await replaceRecoveryCodes(tx, caller.id) } as const;
      });
      switch (outcome.result) {
        case 'on':
          throw secondStepOn();
        case 'no_setup':
          throw noSetup();
        case 'wrong':
          throw wrongCode();
        case 'on_now':
          await clearThrottle(db, rules.emailClient, emailClientSubject(caller.email, client));
          request.log.info({ event: 'second_step_on', userId: caller.id }, 'Second step turned on');
          return { recovery_codes: outcome.codes };
      }
    },
  );

  app.post(
    '/user/auth/secondStep/disable',
    {
      schema: {
        summary: 'Turn the second step off with a current code or a recovery code',
        description:
          'The recovery codes go with it. 400 `invalid_code` for a wrong code, 400 `code_used` for the code already used (at sign-in or when turning it on: wait for the next one), both counted as a failed sign-in from this client; 409 `second_step_off` when it is off.',
        tags: ['auth'],
        security: SESSION,
        body: SecondStepDisableBody,
        response: { 200: ref(MessageSchema), ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const client = clientOf(request);
      const outcome = await checkCode(caller.email, client, async (tx) => {
        const [row] = await tx.query<SecondStepRow>(
          `select totp_secret, totp_last_step::text as totp_last_step, totp_pending_secret
           from users where id = $1::bigint for update`,
          [caller.id],
        );
        if (!row?.totp_secret) return { result: 'off' } as const;
        const lastUsedStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
        const { code } = request.body;
        const right =
          verifyStoredTotp(vault, row.totp_secret, code, {
            lastUsedStep,
            userId: caller.id,
            log: request.log,
          }) !== null || (await spendRecoveryCode(tx, caller.id, code));
        if (!right)
          return storedTotpReused(vault, row.totp_secret, code, { lastUsedStep })
            ? ({ result: 'wrong', reused: true } as const)
            : ({ result: 'wrong', reused: false } as const);
        await tx.query(
          'update users set totp_secret = null, totp_last_step = null where id = $1::bigint',
          [caller.id],
        );
        await removeRecoveryCodes(tx, caller.id);
        return { result: 'off_now' } as const;
      });
      if (outcome.result === 'off') throw secondStepOff();
      if (outcome.result === 'wrong') throw outcome.reused ? codeUsed() : wrongCode();
      request.log.info({ event: 'second_step_off', userId: caller.id }, 'Second step turned off');
      return {
        message:
          'The second step is off. You sign in with your password alone until you turn it on again.',
      };
    },
  );
}
