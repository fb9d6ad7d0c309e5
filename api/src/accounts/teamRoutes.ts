// The owner's team (`/accounts`, issue 14, spec rule 3): list the account's people and open
// invites, invite a manager or a vendor by mail (a one-time link, kept only as a hash, for 7
// days), accept an invite (a password; the new user is signed in like /login), (de)activate a
// teammate, change a vendor's buildings, cancel an invite. Only the account's owner (subtype owner
// or admin) or Hostdash staff manage a team: managers and vendors 403, another account's people
// 404. The invite's token and link never reach a log or an answer: only the mail has them.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { normaliseEmail } from '../auth/authRoutes';
import { SignedInSchema } from '../auth/authSchemas';
import { isAdmin, requireUser, signInNewUser, type Caller } from '../auth/caller';
import { hashPassword } from '../auth/passwords';
import { endEverySession } from '../auth/sessions';
import { hashToken, newToken, tokenFingerprint } from '../auth/tokens';
import { writeAudit } from '../admin/audit';
import type { AppContext } from '../context';
import { SignupLookupSchema } from '../onboarding/onboardingSchemas';
import { signupLinkByToken, usableSignupLink } from '../onboarding/signupLinks';
import type { Sql } from '../db/database';
import { ApiError, badRequest, forbidden, notFound, refusedField } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { teamInviteMail } from '../mail/templates/teamInviteMail';
import {
  ApiErrorSchema,
  errors,
  Id,
  Ok,
  query,
  ref,
  SESSION,
  stringEnum,
  trimEmail,
  type Api,
} from '../http/schemas';
import {
  accountBuildingIds,
  accountBuildings,
  checkBuildingsFor,
  INVITE_NOT_FOUND,
  INVITE_TTL_MS,
  inviteById,
  openInvites,
  requireTeamManager,
  teamAccount,
  teamMember,
  teamMembers,
  TEAMMATE_NOT_FOUND,
} from './team';
import {
  AcceptInviteBody,
  InviteBody,
  InviteLookupSchema,
  TEAM_ACTIONS,
  TeamInviteSchema,
  TeamMemberSchema,
  TeamSchema,
  TeamUpdateBody,
  TokenParams,
  type InvitedSubtype,
  type TeamMember,
} from './teamSchemas';

const emailTaken = (): ApiError =>
  new ApiError(409, 'email_taken', 'There is already a Hostdash user with this email.');

const INVITE_LINK_ERRORS = {
  not_found: () =>
    new ApiError(
      404,
      'invite_not_found',
      'This invite link is not valid. Check that it was copied whole, or ask for a new invite.',
    ),
  expired: () =>
    new ApiError(
      410,
      'invite_expired',
      'This invite has expired (an invite works for 7 days). Ask the account owner to invite you again.',
    ),
  used: () =>
    new ApiError(
      410,
      'invite_used',
      'This invite has already been used. Sign in with the password you chose, or reset it.',
    ),
  cancelled: () =>
    new ApiError(
      410,
      'invite_cancelled',
      'This invite was withdrawn by the account owner. Ask them for a new one if you need access.',
    ),
} as const;

/**
 * For the routes whose path holds an invite token: the request is logged by its route pattern
 * (`/user/accounts/acceptInvite/:token`), never its URL, which would put the token in the log.
 */
const TOKEN_IN_PATH = {
  logSerializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: request.routeOptions.url,
      remoteAddress: request.ip,
    }),
  },
};

/** 410 of an invite link that worked once. */
const LINK_GONE = Type.Unsafe<Static<typeof ApiErrorSchema>>({
  $ref: `${ApiErrorSchema.$id}#`,
  description:
    'The link no longer works: `invite_expired`, `invite_used`, `invite_cancelled`, `signup_link_expired` or `signup_link_used`.',
});

interface InviteByToken {
  email: string;
  name: string;
  subtype: InvitedSubtype;
  account_name: string;
  expires_at: string;
  state: 'usable' | 'used' | 'cancelled' | 'expired';
}

async function inviteByToken(sql: Sql, token: string): Promise<InviteByToken | null> {
  const [row] = await sql.query<InviteByToken>(
    `select i.email, i.name, i.subtype, a.name as account_name, i.expires_at,
       case when i.used_at is not null then 'used' when i.cancelled_at is not null then 'cancelled'
            when i.expires_at <= now() then 'expired' else 'usable' end as state
     from team_invites i join accounts a on a.id = i.account_id
     where i.token_hash = $1`,
    [hashToken(token)],
  );
  return row ?? null;
}

/** The invite a link names if it can still be used; else 404 or 410 saying why. */
function usable(invite: InviteByToken | null): InviteByToken {
  if (!invite) throw INVITE_LINK_ERRORS.not_found();
  if (invite.state !== 'usable') throw INVITE_LINK_ERRORS[invite.state]();
  return invite;
}

/** A user of a team the caller manages, other than themselves and the owner; else 404/400/403. */
async function changeableTeammate(
  sql: Sql,
  caller: Caller,
  userId: string,
): Promise<TeamMember & { account_id: string }> {
  requireTeamManager(caller);
  const target = await teamMember(sql, userId);
  if (!target || (!isAdmin(caller) && target.account_id !== caller.account_id))
    throw notFound(TEAMMATE_NOT_FOUND);
  if (target.id === caller.id)
    throw badRequest('cannot_change_self', 'You cannot change your own access from the team page.');
  if (target.is_owner)
    throw forbidden(
      'The account owner is not changed from the team page. Hostdash support can help.',
    );
  return target;
}

export function registerTeamRoutes(app: Api, { db, config }: AppContext): void {
  app.get(
    '/user/accounts/load',
    {
      schema: {
        summary: 'The account’s team: its people, open invites and buildings (owner)',
        description:
          'The caller’s own account; staff may name any with `account_id`. Managers and vendors 403; another account’s id 404.',
        tags: ['team'],
        security: SESSION,
        querystring: query({
          account_id: Type.Optional(Id('Staff only: whose team (default: the caller’s own).')),
        }),
        response: { 200: ref(TeamSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      requireTeamManager(caller);
      const account = await teamAccount(db, caller, request.query.account_id);
      return {
        account,
        members: await teamMembers(db, account.id),
        invites: await openInvites(db, account.id),
        buildings: await accountBuildings(db, account.id),
      };
    },
  );

  app.post(
    '/user/accounts/invite',
    {
      preValidation: trimEmail,
      schema: {
        summary: 'Invite a manager or a vendor by mail (owner)',
        description:
          'Writes a mail with a one-time link (`/accept-invite/{token}`, valid for 7 days) to the outbox; the answer never has the link. A vendor needs `building_slugs` (buildings of the account); a manager gets none. Inviting the same email again replaces the open invite. 409 `email_taken` when the email already has a user.',
        tags: ['team'],
        security: SESSION,
        body: InviteBody,
        response: { 201: ref(TeamInviteSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(db, request);
      requireTeamManager(caller);
      const account = await teamAccount(db, caller, request.body.account_id);
      const { name, subtype, building_slugs: slugs } = request.body;
      const email = normaliseEmail(request.body.email);
      checkBuildingsFor(subtype, slugs);
      const buildingIds = slugs?.length ? await accountBuildingIds(db, account.id, slugs) : [];
      const [existing] = await db.query('select 1 from users where email = $1', [email]);
      if (existing) throw emailTaken();

      const token = newToken();
      const buildingNames = await db.query<{ name: string }>(
        'select name from buildings where id = any($1::bigint[]) order by lower(name), id',
        [buildingIds],
      );
      const mail = teamInviteMail({
        name,
        subtype,
        accountName: account.name,
        invitedBy: caller.name,
        buildings: buildingNames.map((building) => building.name),
        link: `${config.shellOrigin}/accept-invite/${token}`,
      });
      const inviteId = await db.transaction(async (tx) => {
        // The open invite of this email to this account, if any, is replaced: its link stops working.
        await tx.query(
          `update team_invites set cancelled_at = now()
           where account_id = $1::bigint and email = $2 and used_at is null and cancelled_at is null`,
          [account.id, email],
        );
        const [invite] = await tx.query<{ id: string }>(
          `insert into team_invites (account_id, email, name, subtype, token_hash, invited_by, expires_at)
           values ($1::bigint, $2, $3, $4, $5, $6::bigint, now() + $7::float8 * interval '1 millisecond')
           returning id::text as id`,
          [account.id, email, name, subtype, hashToken(token), caller.id, INVITE_TTL_MS],
        );
        if (!invite) throw new Error('The invite was not created.');
        await tx.query(
          `insert into team_invite_buildings (invite_id, building_id)
           select $1::bigint, unnest($2::bigint[])`,
          [invite.id, buildingIds],
        );
        await queueMail(tx, { ...mail, to: email, kind: 'team_invite', accountId: account.id });
        await writeAudit(tx, {
          actorUserId: caller.id,
          action: 'team.invite_sent',
          targetAccountId: account.id,
          detail: { invite_id: invite.id, email, subtype },
        });
        return invite.id;
      });
      // Never the link or the token; the fingerprint finds the invite's row.
      request.log.info(
        {
          event: 'team_invite_sent',
          inviteId,
          accountId: account.id,
          subtype,
          by: caller.id,
          token: tokenFingerprint(token),
        },
        'Team invite written to the outbox',
      );
      const invite = await inviteById(db, inviteId);
      if (!invite) throw new Error('The invite was not found after it was made.');
      reply.code(201);
      return invite;
    },
  );

  app.post(
    '/user/accounts/invite/:inviteId/cancel',
    {
      schema: {
        summary: 'Withdraw an invite not yet accepted (owner)',
        description:
          'Its link stops working (410 `invite_cancelled`). Withdrawing one already withdrawn answers the same; an accepted one is 400 `invite_used` (deactivate the teammate instead).',
        tags: ['team'],
        security: SESSION,
        params: Type.Object({ inviteId: Id() }),
        response: { 200: ref(Ok), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      requireTeamManager(caller);
      const { inviteId } = request.params;
      const [invite] = await db.query<{ account_id: string; used: boolean }>(
        `select account_id::text as account_id, used_at is not null as used
         from team_invites where id = $1::bigint`,
        [inviteId],
      );
      if (!invite || (!isAdmin(caller) && invite.account_id !== caller.account_id))
        throw notFound(INVITE_NOT_FOUND);
      if (invite.used)
        throw badRequest(
          'invite_used',
          'This invite has been accepted already: deactivate the teammate instead.',
        );
      await db.transaction(async (tx) => {
        await tx.query(
          'update team_invites set cancelled_at = coalesce(cancelled_at, now()) where id = $1::bigint',
          [inviteId],
        );
        await writeAudit(tx, {
          actorUserId: caller.id,
          action: 'team.invite_cancelled',
          targetAccountId: invite.account_id,
          detail: { invite_id: inviteId },
        });
      });
      request.log.info(
        { event: 'team_invite_cancelled', inviteId, by: caller.id },
        'Team invite withdrawn',
      );
      return { ok: true } as const;
    },
  );

  app.get(
    '/user/accounts/signupLinkTokenLookup/:token',
    {
      ...TOKEN_IN_PATH,
      schema: {
        summary: 'Whom an invite or sign-up link is for (public)',
        description:
          'A team invite answers `kind: invite`; a sign-up link (made by staff for a new host) `kind: signup`, with the company and the system to connect. 404 `invite_not_found` for a link that was never issued; 410 `invite_expired`, `invite_used` or `invite_cancelled` for an invite, `signup_link_expired` or `signup_link_used` for a sign-up link, that no longer works.',
        tags: ['team'],
        params: TokenParams,
        response: {
          200: Type.Union([ref(InviteLookupSchema), ref(SignupLookupSchema)]),
          ...errors(400, 404),
          410: LINK_GONE,
        },
      },
    },
    async (request) => {
      const found = await inviteByToken(db, request.params.token);
      if (!found) {
        const link = await signupLinkByToken(db, request.params.token);
        if (link) {
          const { email, name, company, pms, expires_at } = usableSignupLink(link);
          return { kind: 'signup' as const, email, name, company, pms, expires_at };
        }
      }
      const invite = usable(found);
      return {
        kind: 'invite' as const,
        email: invite.email,
        name: invite.name,
        account_name: invite.account_name,
        subtype: invite.subtype,
        expires_at: invite.expires_at,
      };
    },
  );

  app.post(
    '/user/accounts/acceptInvite/:token',
    {
      ...TOKEN_IN_PATH,
      schema: {
        summary: 'Accept an invite: choose a password and sign in (public)',
        description:
          'Makes the user in the inviting account with the invite’s subtype (a vendor with its buildings), named `name` if given (else as invited), and signs them in: the same answer as `POST /login`. The link works once: 410 `invite_used` after, `invite_expired` past its 7 days, `invite_cancelled` once withdrawn; 404 `invite_not_found` for a link never issued; 409 `email_taken` if the email got a user meanwhile.',
        tags: ['team'],
        params: TokenParams,
        body: AcceptInviteBody,
        response: {
          200: ref(SignedInSchema),
          ...errors(400, 404, 409),
          410: LINK_GONE,
        },
      },
    },
    async (request) => {
      const { token } = request.params;
      // Checked first, so a dead link costs no scrypt work; re-checked by the update below.
      usable(await inviteByToken(db, token));
      const passwordHash = await hashPassword(request.body.password);

      const accepted = await db.transaction(async (tx) => {
        // Spending the invite is the lock: of two accepts at once, one updates it, the other none.
        const [invite] = await tx.query<{
          id: string;
          account_id: string;
          email: string;
          name: string;
          subtype: InvitedSubtype;
        }>(
          `update team_invites set used_at = now()
           where token_hash = $1 and used_at is null and cancelled_at is null and expires_at > now()
           returning id::text as id, account_id::text as account_id, email, name, subtype`,
          [hashToken(token)],
        );
        if (!invite) return null;
        const [user] = await tx.query<{ id: string }>(
          `insert into users (account_id, name, email, type, subtype, password_hash)
           values ($1::bigint, $2, $3, 'user', $4, $5)
           on conflict (email) do nothing
           returning id::text as id`,
          [
            invite.account_id,
            request.body.name?.trim() || invite.name,
            invite.email,
            invite.subtype,
            passwordHash,
          ],
        );
        // Thrown inside: the invite stays unused.
        if (!user) throw emailTaken();
        await tx.query('update team_invites set used_by = $2::bigint where id = $1::bigint', [
          invite.id,
          user.id,
        ]);
        await tx.query(
          `insert into vendor_grants (user_id, building_id)
           select $1::bigint, ib.building_id
           from team_invite_buildings ib join buildings b on b.id = ib.building_id
           where ib.invite_id = $2::bigint and b.account_id = $3::bigint`,
          [user.id, invite.id, invite.account_id],
        );
        await writeAudit(tx, {
          actorUserId: user.id,
          action: 'team.invite_accepted',
          targetUserId: user.id,
          targetAccountId: invite.account_id,
          detail: { invite_id: invite.id },
        });
        return { inviteId: invite.id, ...(await signInNewUser(tx, user.id, config.sessionTtlMs)) };
      });
      if (!accepted) {
        // Lost the race, or expired between the check and the update: say which.
        usable(await inviteByToken(db, token));
        throw INVITE_LINK_ERRORS.not_found();
      }
      request.log.info(
        {
          event: 'team_invite_accepted',
          inviteId: accepted.inviteId,
          userId: accepted.user.id,
          accountId: accepted.user.account_id,
        },
        'Invite accepted; signed in',
      );
      return { user: accepted.user, ...accepted.session };
    },
  );

  app.post(
    '/user/accounts/update/:userId/:action',
    {
      // (de)activation sends no body: read as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        summary: 'Deactivate, reactivate a teammate or change a vendor’s buildings (owner)',
        description:
          '`deactivate` ends all of the user’s sessions, pending sign-ins and reset links at once; `activate` revives none of them (they sign in again); `set_buildings` replaces a vendor’s buildings with `building_slugs` (buildings of their account, at least one). Never the caller themselves (400) nor the account owner (403); another account’s user 404.',
        tags: ['team'],
        security: SESSION,
        params: Type.Object({
          userId: Id(),
          action: stringEnum(TEAM_ACTIONS),
        }),
        body: TeamUpdateBody,
        response: { 200: ref(TeamMemberSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      const { userId, action } = request.params;
      const target = await changeableTeammate(db, caller, userId);
      const slugs = request.body.building_slugs;

      if (action === 'set_buildings') {
        if (target.subtype !== 'vendor')
          throw badRequest(
            'not_a_vendor',
            'Only a vendor is given buildings: this teammate sees every building of the account.',
          );
        checkBuildingsFor('vendor', slugs);
        const buildingIds = await accountBuildingIds(db, target.account_id, slugs ?? []);
        await db.transaction(async (tx) => {
          await tx.query(
            'delete from vendor_grants where user_id = $1::bigint and building_id <> all($2::bigint[])',
            [target.id, buildingIds],
          );
          await tx.query(
            `insert into vendor_grants (user_id, building_id) select $1::bigint, unnest($2::bigint[])
             on conflict do nothing`,
            [target.id, buildingIds],
          );
          await writeAudit(tx, {
            actorUserId: caller.id,
            action: 'team.set_buildings',
            targetUserId: target.id,
            targetAccountId: target.account_id,
            detail: {
              from: target.vendor_buildings.map((building) => building.slug),
              to: slugs,
            },
          });
        });
        request.log.info(
          { event: 'vendor_buildings_set', userId: target.id, by: caller.id },
          'Vendor buildings changed',
        );
      } else {
        if (slugs !== undefined)
          throw refusedField(
            'building_slugs',
            'set_buildings_only',
            'Buildings are only sent with the set_buildings action.',
          );
        const active = action === 'activate';
        await db.transaction(async (tx) => {
          await tx.query('update users set is_active = $2::boolean where id = $1::bigint', [
            target.id,
            active,
          ]);
          // As the admin deactivation: every session, pending second step and reset link ends.
          if (!active) await endEverySession(tx, target.id);
          await writeAudit(tx, {
            actorUserId: caller.id,
            action: active ? 'team.activate' : 'team.deactivate',
            targetUserId: target.id,
            targetAccountId: target.account_id,
          });
        });
        request.log.info(
          {
            event: active ? 'teammate_activated' : 'teammate_deactivated',
            userId: target.id,
            by: caller.id,
          },
          'Teammate updated',
        );
      }
      const updated = await teamMember(db, target.id);
      if (!updated) throw notFound(TEAMMATE_NOT_FOUND);
      const { account_id: _accountId, ...member } = updated;
      return member;
    },
  );
}
