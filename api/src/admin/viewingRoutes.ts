// A staff member finds a host's account (GET /admin/accounts) and opens it (issue 33,
// docs/adr/0031): POST /admin/viewing/{accountId}
// puts the staff session into that account, DELETE /admin/viewing takes it back out. The account
// lives on the session (migration 0037), so every host call the session makes answers as that
// account's owner sees it (caller.ts, asViewedAccount) and nothing of it is the browser's to
// claim. Opening an account is written to the admin audit log, on the account and its owner.
import { Type, type Static } from '@sinclair/typebox';
import { AdminAccountPageSchema, UserSchema, type AdminAccountSchema } from '../auth/authSchemas';
import { authenticate, requireAdmin, type Caller } from '../auth/caller';
import { hashToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { isoSql } from '../db/isoSql';
import { notFound } from '../http/errors';
import { errors, Id, pagingQuery, query, ref, SESSION, type Api } from '../http/schemas';
import { SqlParams } from '../http/sqlParams';
import { writeAudit } from './audit';

export const HOST_ACCOUNT_NOT_FOUND =
  'There is no host account with this id. Staff open the account of a host, not their own.';

/** The signed-in staff member as /loadAuth answers them, after the change (without the session). */
async function signedIn(caller: Caller, read: () => Promise<Caller | null>) {
  const fresh = await read();
  const { sessionId: _session, ...user } = fresh ?? caller;
  return user;
}

type AdminAccount = Static<typeof AdminAccountSchema>;

/** A host account: none of its people is staff (the staff's own account is no host's). */
const HOST_ACCOUNT = `not exists (select 1 from users s where s.account_id = a.id and s.type <> 'user')`;

export function registerViewingRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/admin/accounts',
    {
      schema: {
        summary: "Hosts' accounts, by name, to open one (staff)",
        description:
          "Every host account (staff accounts are not listed), by name; `search` finds words in its name or its owner's name or email. Each with its owner, active people, listings and billing state.",
        tags: ['admin'],
        security: SESSION,
        querystring: query({
          search: Type.Optional(Type.String({ maxLength: 200 })),
          from: pagingQuery.from,
          size: pagingQuery.size,
        }),
        response: { 200: ref(AdminAccountPageSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(db, request);
      const { from, size } = request.query;
      const params = new SqlParams();
      const conditions = [HOST_ACCOUNT];
      const search = request.query.search?.trim();
      if (search) {
        const words = search.split(/\s+/).map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
        for (const word of words) {
          const like = params.add(word);
          conditions.push(
            `(a.name ilike ${like} or exists (select 1 from users o where o.account_id = a.id
               and o.type = 'user' and o.subtype = 'owner' and (o.name ilike ${like} or o.email ilike ${like})))`,
          );
        }
      }
      const where = conditions.join(' and ');
      const [count] = await db.query<{ total: number }>(
        `select count(*)::int as total from accounts a where ${where}`,
        params.values,
      );
      const total = count?.total ?? 0;
      const items =
        from < total
          ? await db.query<AdminAccount>(
              `select a.id::text as id, a.name,
                 (select json_build_object('id', o.id::text, 'name', o.name, 'email', o.email)
                  from users o where o.account_id = a.id and o.type = 'user' and o.subtype = 'owner'
                  order by o.is_active desc, o.id limit 1) as owner,
                 (select count(*)::int from users p where p.account_id = a.id and p.is_active) as people,
                 coalesce((select sum(c.listings)::int from listing_counts c where c.account_id = a.id), 0) as listings,
                 a.stripe_customer_id is not null as has_card,
                 case when a.past_due_since is null then null else ${isoSql('a.past_due_since')} end as past_due_since,
                 ${isoSql('a.created_at')} as created_at
               from accounts a where ${where}
               order by lower(a.name), a.id
               limit ${params.add(size)} offset ${params.add(from)}`,
              params.values,
            )
          : [];
      return { items, total, size, from };
    },
  );

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
           where a.id = $1::bigint and ${HOST_ACCOUNT}`,
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
