// A staff member opens one host account (issue 33, docs/adr/0031): POST /admin/viewing/{accountId}
// puts the staff session into that account, DELETE /admin/viewing takes it back out. The account
// lives on the session (migration 0037), so every host call the session makes answers as that
// account's owner sees it (caller.ts, asViewedAccount) and nothing of it is the browser's to
// claim. Opening an account is written to the admin audit log, on the account and its owner.
import { Type } from '@sinclair/typebox';
import { UserSchema } from '../auth/authSchemas';
import { authenticate, requireAdmin, type Caller } from '../auth/caller';
import { hashToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { errors, Id, ref, SESSION, type Api } from '../http/schemas';
import { writeAudit } from './audit';

export const HOST_ACCOUNT_NOT_FOUND =
  'There is no host account with this id. Staff open the account of a host, not their own.';

/** The signed-in staff member as /loadAuth answers them, after the change (without the session). */
async function signedIn(caller: Caller, read: () => Promise<Caller | null>) {
  const fresh = await read();
  const { sessionId: _session, ...user } = fresh ?? caller;
  return user;
}

export function registerViewingRoutes(app: Api, { db }: AppContext): void {
  app.post(
    '/admin/viewing/:accountId',
    {
      schema: {
        summary: "Open a host's account: this session then sees it as its owner does (staff)",
        description:
          "Until DELETE /admin/viewing or sign-out, every host call of this session (listings, reservations, billing, team, settings …) answers as the account's owner sees it, and what the staff member does there is recorded as theirs; staff calls keep answering as staff. Written to the admin audit log (`account.opened_by_staff`). Answers the signed-in user, `viewing` set. 404: no such host account (staff accounts are not opened).",
        tags: ['admin'],
        security: SESSION,
        params: Type.Object({ accountId: Id('The host account to open.') }),
        response: { 200: ref(UserSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = await requireAdmin(db, request);
      const { accountId } = request.params;
      await db.transaction(async (tx) => {
        const [account] = await tx.query<{ owner_id: string | null }>(
          `select (select o.id::text from users o where o.account_id = a.id and o.type = 'user'
                   and o.subtype = 'owner' order by o.is_active desc, o.id limit 1) as owner_id
           from accounts a
           where a.id = $1::bigint
             and not exists (select 1 from users s where s.account_id = a.id and s.type <> 'user')`,
          [accountId],
        );
        if (!account) throw notFound(HOST_ACCOUNT_NOT_FOUND);
        await tx.query(
          'update sessions set viewing_account_id = $2::bigint where token_hash = $1',
          [hashToken(staff.sessionId), accountId],
        );
        await writeAudit(tx, {
          actorUserId: staff.id,
          action: 'account.opened_by_staff',
          targetAccountId: accountId,
          targetUserId: account.owner_id,
        });
      });
      request.log.info(
        { event: 'account_opened_by_staff', account: accountId, by: staff.id },
        'Staff opened an account',
      );
      return signedIn(staff, () => authenticate(db, request));
    },
  );

  app.delete(
    '/admin/viewing',
    {
      schema: {
        summary: "Leave the host's account this session has open: back to the staff area (staff)",
        description:
          'This session sees no account any more; host calls answer as staff again. Answers the signed-in user, `viewing` null; the same when no account was open.',
        tags: ['admin'],
        security: SESSION,
        response: { 200: ref(UserSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      const staff = await requireAdmin(db, request);
      await db.query('update sessions set viewing_account_id = null where token_hash = $1', [
        hashToken(staff.sessionId),
      ]);
      return signedIn(staff, () => authenticate(db, request));
    },
  );
}
