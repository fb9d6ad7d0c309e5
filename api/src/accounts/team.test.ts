// The owner's team on the real database: the team as the owner (and staff) load it, an invite from
// the outbox's mail to a signed-in vendor on their building, the link working once and for 7 days,
// the refusals by field, (de)activation ending sessions, a vendor's buildings, and who may call
// what (anonymous, owner, manager, vendor, another account's owner, staff).
import { signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let sessions: Record<Role, string>;
const ids: Record<string, string> = {};
const logLines: string[] = [];
/** A building of the owner's account (granted to the demo vendor) and one of another account. */
let otherAccountSlug: string;

interface Member {
  id: string;
  email: string;
  subtype: string;
  is_owner: boolean;
  is_active: boolean;
  last_sign_in_at: string | null;
  vendor_buildings: Array<{ slug: string; name: string }>;
}
interface Team {
  account: { id: string; name: string };
  members: Member[];
  invites: Array<{ id: string; email: string; subtype: string; buildings: unknown[] }>;
  buildings: Array<{ slug: string; name: string }>;
}

beforeAll(async () => {
  api = await startTestApi({
    config: { logLevel: 'debug' },
    logger: { stream: { write: (line) => logLines.push(line) } },
  });
  sessions = await signInRoles(api);
  for (const role of ['owner', 'manager', 'vendor', 'admin', 'newhost']) {
    const [user] = await api.db.query<{ id: string; account_id: string }>(
      'select id::text as id, account_id::text as account_id from users where email = $1',
      [`${role}@hostdash.test`],
    );
    ids[role] = user?.id ?? '';
    ids[`${role}Account`] = user?.account_id ?? '';
  }
  // Another account's building, of the same name as none of the owner's.
  await api.db.query(
    `insert into buildings (account_id, name, slug, address, city, country)
     values ($1::bigint, 'Okafor Quay', 'okafor-quay', '1 Quay Road', 'Lagos', 'NG')`,
    [ids.newhostAccount],
  );
  otherAccountSlug = 'okafor-quay';
});
afterAll(() => api.close());

const invite = (body: Record<string, unknown>, session = sessions.owner) =>
  api.post<Record<string, unknown>>('/user/accounts/invite', body, session);

/** The link of the newest mail to `email` in the outbox, and the token at its end. */
async function mailedLink(email: string): Promise<{ link: string; token: string; body: string }> {
  const [mail] = await api.db.query<{ body: string }>(
    'select body from mail_outbox where to_address = $1 order by id desc limit 1',
    [email],
  );
  const link = /https?:\/\/\S+\/accept-invite\/(\S+)/.exec(mail?.body ?? '');
  if (!link?.[1]) throw new Error(`no invite link mailed to ${email}`);
  return { link: link[0], token: link[1], body: mail?.body ?? '' };
}

describe('GET /user/accounts/load', () => {
  it('gives the owner her account’s people, the owner first and marked, and its buildings', async () => {
    const response = await api.get<Team>('/user/accounts/load', sessions.owner);
    expect(response.status).toBe(200);
    const team = response.body;
    expect(team.account.id).toBe(ids.ownerAccount);
    expect(team.members.map((member) => member.email)).toEqual([
      'owner@hostdash.test',
      'vendor@hostdash.test',
      'manager@hostdash.test',
    ]);
    expect(team.members[0]).toMatchObject({ is_owner: true, subtype: 'owner' });
    expect(team.members.filter((member) => member.is_owner)).toHaveLength(1);
    const vendor = team.members.find((member) => member.subtype === 'vendor');
    const [grants] = await api.db.query<{ count: number }>(
      'select count(*)::int as count from vendor_grants where user_id = $1::bigint',
      [ids.vendor],
    );
    expect(vendor?.vendor_buildings).toHaveLength(grants?.count ?? -1);
    expect(vendor?.vendor_buildings).toContainEqual({ slug: 'marina-lofts', name: 'Marina Lofts' });
    // Signed in by this test: a last sign-in.
    expect(vendor?.last_sign_in_at).toEqual(expect.any(String));
    expect(team.buildings.map((building) => building.slug)).toContain('marina-lofts');
    expect(team.buildings.map((building) => building.slug)).not.toContain(otherAccountSlug);
  });

  it('gives another owner only their own account', async () => {
    const response = await api.get<Team>('/user/accounts/load', sessions.newhost);
    expect(response.status).toBe(200);
    expect(response.body.members.map((member) => member.email)).toEqual(['newhost@hostdash.test']);
    expect(response.body.buildings).toEqual([{ slug: otherAccountSlug, name: 'Okafor Quay' }]);
    const other = await api.get(
      `/user/accounts/load?account_id=${ids.ownerAccount}`,
      sessions.newhost,
    );
    expect(other.status).toBe(404);
  });

  it('lets staff load any account’s team', async () => {
    const response = await api.get<Team>(
      `/user/accounts/load?account_id=${ids.ownerAccount}`,
      sessions.admin,
    );
    expect(response.status).toBe(200);
    expect(response.body.members).toHaveLength(3);
    expect((await api.get('/user/accounts/load?account_id=999999', sessions.admin)).status).toBe(
      404,
    );
  });

  it('refuses the manager and the vendor, naming the owner to ask', async () => {
    for (const role of ['manager', 'vendor'] as const) {
      const response = await api.get('/user/accounts/load', sessions[role]);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: 'forbidden',
        message: 'The team is managed by the account owner: ask Olivia Hart, the account owner.',
      });
    }
    expect((await api.get('/user/accounts/load')).status).toBe(401);
  });
});

describe('inviting a vendor, from the mail to their building', () => {
  const email = 'new.vendor@example.com';
  let token: string;

  it('writes the invite and a mail with a link, never answering or logging the link', async () => {
    logLines.length = 0;
    const response = await invite({
      email: ` New.Vendor@example.com `,
      name: 'Nadia Vendor',
      subtype: 'vendor',
      building_slugs: ['marina-lofts'],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      email,
      name: 'Nadia Vendor',
      subtype: 'vendor',
      buildings: [{ slug: 'marina-lofts', name: 'Marina Lofts' }],
      invited_by: 'Olivia Hart',
    });
    const invitedAt = Date.parse(response.body.invited_at as string);
    const expiresAt = Date.parse(response.body.expires_at as string);
    expect(expiresAt - invitedAt).toBe(7 * 24 * 60 * 60 * 1000);

    const mail = await mailedLink(email);
    token = mail.token;
    expect(mail.link).toBe(`${api.config.shellOrigin}/accept-invite/${token}`);
    expect(mail.body).toContain('Marina Lofts');
    expect(JSON.stringify(response.body)).not.toContain(token);
    expect(logLines.join('\n')).not.toContain(token);
    expect(logLines.join('\n')).toContain('team_invite_sent');
    // Only the token's hash is kept.
    const stored = await api.db.query('select 1 from team_invites where token_hash = $1', [token]);
    expect(stored).toEqual([]);

    const team = await api.get<Team>('/user/accounts/load', sessions.owner);
    expect(team.body.invites.map((open) => open.email)).toContain(email);
  });

  it('tells the link’s holder whom it is for', async () => {
    logLines.length = 0;
    const response = await api.get(`/user/accounts/signupLinkTokenLookup/${token}`);
    expect(logLines.join('\n')).not.toContain(token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      kind: 'invite',
      email,
      name: 'Nadia Vendor',
      account_name: expect.any(String),
      subtype: 'vendor',
      expires_at: expect.any(String),
    });
  });

  it('refuses a short password or a blank name by field, leaving the invite usable', async () => {
    const response = await api.post(`/user/accounts/acceptInvite/${token}`, { password: 'short' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'password', rule: 'minLength' });
    const blank = await api.post(`/user/accounts/acceptInvite/${token}`, {
      password: 'a-good-password',
      name: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ field: 'name', rule: 'pattern' });
    expect((await api.get(`/user/accounts/signupLinkTokenLookup/${token}`)).status).toBe(200);
  });

  it('makes the vendor with their building and signs them in, as /login answers', async () => {
    logLines.length = 0;
    const response = await api.post<{
      user: Record<string, unknown>;
      sessionId: string;
      expiresAt: string;
    }>(`/user/accounts/acceptInvite/${token}`, {
      password: 'a-good-password',
      name: ' Nadia Okafor-Vendor ',
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['expiresAt', 'sessionId', 'user']);
    expect(response.body.user).toMatchObject({
      email,
      name: 'Nadia Okafor-Vendor',
      type: 'user',
      subtype: 'vendor',
      is_active: true,
      account_id: ids.ownerAccount,
      account_owner: 'Olivia Hart',
      vendor_buildings: [
        { account_id: ids.ownerAccount, slug: 'marina-lofts', name: 'Marina Lofts' },
      ],
    });
    expect(logLines.join('\n')).not.toContain(token);
    expect(logLines.join('\n')).toContain('/user/accounts/acceptInvite/:token');
    // The session works, and it is a vendor's: their building's page answers.
    const me = await api.get('/loadAuth', response.body.sessionId);
    expect(me.body).toMatchObject({ email, subtype: 'vendor' });
    const building = await api.get(
      `/listing/building/${ids.ownerAccount}/marina-lofts`,
      response.body.sessionId,
    );
    expect(building.status).toBe(200);
    // The password they chose signs them in.
    expect(await api.signIn(email, 'a-good-password')).toEqual(expect.any(String));
    const team = await api.get<Team>('/user/accounts/load', sessions.owner);
    expect(team.body.invites.map((open) => open.email)).not.toContain(email);
    expect(team.body.members.map((member) => member.email)).toContain(email);
  });

  it('works once: a second accept and a lookup say it was used', async () => {
    const again = await api.post(`/user/accounts/acceptInvite/${token}`, {
      password: 'another-password',
    });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ error: 'invite_used' });
    const lookup = await api.get(`/user/accounts/signupLinkTokenLookup/${token}`);
    expect(lookup.status).toBe(410);
    expect(lookup.body).toMatchObject({ error: 'invite_used' });
    // The first password still signs in.
    expect(await api.signIn(email, 'a-good-password')).toEqual(expect.any(String));
  });
});

describe('invite links', () => {
  it('expire after their 7 days', async () => {
    const email = 'late.manager@example.com';
    expect((await invite({ email, name: 'Late Manager', subtype: 'manager' })).status).toBe(201);
    const { token } = await mailedLink(email);
    await api.db.query(
      `update team_invites set expires_at = now() - interval '1 second' where email = $1`,
      [email],
    );
    const lookup = await api.get(`/user/accounts/signupLinkTokenLookup/${token}`);
    expect(lookup.status).toBe(410);
    expect(lookup.body).toMatchObject({ error: 'invite_expired' });
    const accept = await api.post(`/user/accounts/acceptInvite/${token}`, {
      password: 'a-good-password',
    });
    expect(accept.status).toBe(410);
    expect(accept.body).toMatchObject({ error: 'invite_expired' });
    expect(await api.db.query('select 1 from users where email = $1', [email])).toEqual([]);
  });

  it('make one user of two accepts at once: the other is told it was used', async () => {
    const email = 'racing.manager@example.com';
    expect((await invite({ email, name: 'Racing Manager', subtype: 'manager' })).status).toBe(201);
    const { token } = await mailedLink(email);
    const answers = await Promise.all(
      ['first-password', 'second-password'].map((password) =>
        api.post(`/user/accounts/acceptInvite/${token}`, { password }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    expect(answers.find((answer) => answer.status === 410)?.body).toMatchObject({
      error: 'invite_used',
    });
    expect(await api.db.query('select 1 from users where email = $1', [email])).toHaveLength(1);
  });

  it('are not found when never issued', async () => {
    const lookup = await api.get('/user/accounts/signupLinkTokenLookup/never-issued');
    expect(lookup.status).toBe(404);
    expect(lookup.body).toMatchObject({ error: 'invite_not_found' });
    const accept = await api.post('/user/accounts/acceptInvite/never-issued', {
      password: 'a-good-password',
    });
    expect(accept.status).toBe(404);
  });

  it('stop working when the owner invites the email again or withdraws the invite', async () => {
    const email = 'twice@example.com';
    await invite({ email, name: 'Twice', subtype: 'manager' });
    const first = await mailedLink(email);
    const second = await invite({ email, name: 'Twice', subtype: 'manager' });
    const latest = await mailedLink(email);
    expect(latest.token).not.toBe(first.token);
    const replaced = await api.get(`/user/accounts/signupLinkTokenLookup/${first.token}`);
    expect(replaced.body).toMatchObject({ error: 'invite_cancelled' });
    expect(replaced.status).toBe(410);

    const inviteId = second.body.id as string;
    // Not the manager's, nor another account's to withdraw.
    expect(
      (await api.post(`/user/accounts/invite/${inviteId}/cancel`, undefined, sessions.manager))
        .status,
    ).toBe(403);
    expect(
      (await api.post(`/user/accounts/invite/${inviteId}/cancel`, undefined, sessions.newhost))
        .status,
    ).toBe(404);
    const cancel = await api.post(
      `/user/accounts/invite/${inviteId}/cancel`,
      undefined,
      sessions.owner,
    );
    expect(cancel).toMatchObject({ status: 200, body: { ok: true } });
    expect((await api.get(`/user/accounts/signupLinkTokenLookup/${latest.token}`)).status).toBe(
      410,
    );
    const team = await api.get<Team>('/user/accounts/load', sessions.owner);
    expect(team.body.invites.map((open) => open.email)).not.toContain(email);
  });
});

describe('refused invites', () => {
  it('409 when the email already has a user, in any account', async () => {
    for (const email of ['manager@hostdash.test', 'NewHost@hostdash.test']) {
      const response = await invite({ email, name: 'Someone', subtype: 'manager' });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ error: 'email_taken' });
    }
  });

  it('400 for a vendor without buildings, naming the field', async () => {
    for (const building_slugs of [undefined, []]) {
      const response = await invite({
        email: 'nobuilding@example.com',
        name: 'No Building',
        subtype: 'vendor',
        ...(building_slugs ? { building_slugs } : {}),
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ field: 'building_slugs', rule: 'required' });
    }
  });

  it('400 for another account’s building or one that does not exist', async () => {
    for (const slug of [otherAccountSlug, 'no-such-building']) {
      const response = await invite({
        email: 'elsewhere@example.com',
        name: 'Elsewhere',
        subtype: 'vendor',
        building_slugs: ['marina-lofts', slug],
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        field: 'building_slugs',
        rule: 'exists',
        message: `"${slug}" is not a building of this account.`,
      });
    }
    expect(
      await api.db.query('select 1 from team_invites where email = $1', ['elsewhere@example.com']),
    ).toEqual([]);
  });

  it('400 by field for a bad email, an unknown subtype, buildings for a manager', async () => {
    const cases = [
      [{ email: 'not-an-email', name: 'X', subtype: 'manager' }, 'email'],
      [{ email: 'x@example.com', name: 'X', subtype: 'owner' }, 'subtype'],
      [{ email: 'x@example.com', name: '', subtype: 'manager' }, 'name'],
      [
        { email: 'x@example.com', name: 'X', subtype: 'manager', building_slugs: ['marina-lofts'] },
        'building_slugs',
      ],
    ] as const;
    for (const [body, field] of cases) {
      const response = await invite(body);
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      expect(response.body).toMatchObject({ field });
    }
  });

  it('lets staff invite into a named account, and nobody else into another', async () => {
    const asAdmin = await invite(
      {
        email: 'staff.invited@example.com',
        name: 'Staff Invited',
        subtype: 'vendor',
        building_slugs: [otherAccountSlug],
        account_id: ids.newhostAccount,
      },
      sessions.admin,
    );
    expect(asAdmin.status).toBe(201);
    const asOwner = await invite({
      email: 'sneaky@example.com',
      name: 'Sneaky',
      subtype: 'manager',
      account_id: ids.newhostAccount,
    });
    expect(asOwner.status).toBe(404);
  });
});

describe('POST /user/accounts/update/{userId}/{action}', () => {
  const update = (userId: string, action: string, session: string, body?: unknown) =>
    api.post<Member & Record<string, unknown>>(
      `/user/accounts/update/${userId}/${action}`,
      body,
      session,
    );

  it('deactivating ends every session of the teammate at once; activating lets them sign in', async () => {
    const managerSession = await api.signIn('manager@hostdash.test');
    expect((await api.get('/listing/load', managerSession)).status).toBe(200);
    const response = await update(ids.manager ?? '', 'deactivate', sessions.owner);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: ids.manager, is_active: false });
    expect(
      await api.db.query(
        'select 1 from sessions where user_id = $1::bigint and revoked_at is null',
        [ids.manager],
      ),
    ).toEqual([]);
    expect((await api.get('/listing/load', managerSession)).status).toBe(403);
    expect(
      (await api.get<{ is_active: boolean }>('/loadAuth', managerSession)).body.is_active,
    ).toBe(false);

    const activated = await update(ids.manager ?? '', 'activate', sessions.owner);
    expect(activated.body).toMatchObject({ is_active: true });
    // Nothing revived: the old session is gone, a new sign-in works.
    expect((await api.get('/listing/load', managerSession)).status).toBe(401);
    sessions.manager = await api.signIn('manager@hostdash.test');
    expect((await api.get('/listing/load', sessions.manager)).status).toBe(200);
    // Both changes are in the audit log: who, what, on whom.
    const audit = await api.db.query<{ action: string; actor: string }>(
      `select action, actor_user_id::text as actor from admin_audit
       where target_user_id = $1::bigint and action like 'team.%' order by id`,
      [ids.manager],
    );
    expect(audit).toEqual([
      { action: 'team.deactivate', actor: ids.owner },
      { action: 'team.activate', actor: ids.owner },
    ]);
  });

  it('replaces a vendor’s buildings with buildings of their account', async () => {
    const slugs = ['alfama-terraces', 'marina-lofts'];
    const response = await update(ids.vendor ?? '', 'set_buildings', sessions.owner, {
      building_slugs: slugs,
    });
    expect(response.status).toBe(200);
    expect(response.body.vendor_buildings.map((building) => building.slug).sort()).toEqual(slugs);
    const refused = await update(ids.vendor ?? '', 'set_buildings', sessions.owner, {
      building_slugs: [otherAccountSlug],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'building_slugs', rule: 'exists' });
    const empty = await update(ids.vendor ?? '', 'set_buildings', sessions.owner, {
      building_slugs: [],
    });
    expect(empty.body).toMatchObject({ field: 'building_slugs', rule: 'required' });
    const back = await update(ids.vendor ?? '', 'set_buildings', sessions.owner, {
      building_slugs: ['marina-lofts'],
    });
    expect(back.body.vendor_buildings).toEqual([{ slug: 'marina-lofts', name: 'Marina Lofts' }]);
    expect(
      await api.db.query(
        'select b.slug from vendor_grants g join buildings b on b.id = g.building_id where g.user_id = $1::bigint',
        [ids.vendor],
      ),
    ).toEqual([{ slug: 'marina-lofts' }]);
    const manager = await update(ids.manager ?? '', 'set_buildings', sessions.owner, {
      building_slugs: ['marina-lofts'],
    });
    expect(manager.status).toBe(400);
    expect(manager.body).toMatchObject({ error: 'not_a_vendor' });
  });

  it('never touches the caller themselves, the account owner, or an unknown action', async () => {
    const self = await update(ids.owner ?? '', 'deactivate', sessions.owner);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: 'cannot_change_self' });
    const owner = await update(ids.owner ?? '', 'deactivate', sessions.admin);
    expect(owner.status).toBe(403);
    const unknown = await update(ids.manager ?? '', 'promote', sessions.owner);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ in: 'path', field: 'action' });
    const staffUser = await update(ids.admin ?? '', 'deactivate', sessions.admin);
    expect(staffUser.status).toBe(404);
  });

  it('is for the owner and staff only: the team 403, another account 404, no session 401', async () => {
    const manager = ids.manager ?? '';
    const statuses: Array<[Role | 'anonymous', number]> = [];
    for (const role of ['anonymous', 'owner', 'manager', 'vendor', 'newhost', 'admin'] as const) {
      const response = await update(
        manager,
        'activate',
        role === 'anonymous' ? '' : sessions[role],
      );
      statuses.push([role, response.status]);
    }
    expect(statuses).toEqual([
      ['anonymous', 401],
      ['owner', 200],
      ['manager', 403],
      ['vendor', 403],
      ['newhost', 404],
      ['admin', 200],
    ]);
  });
});

// Every team route × every kind of caller, with a request each allowed caller may make safely.
describe('who may call what', () => {
  const ROLES_IN_ORDER = ['anonymous', 'owner', 'manager', 'vendor', 'newhost', 'admin'] as const;
  const matrix: Array<[string, () => Promise<(session?: string) => Promise<number>>, number[]]> = [
    [
      'GET /user/accounts/load',
      async () => async (session) => (await api.get('/user/accounts/load', session)).status,
      [401, 200, 403, 403, 200, 200],
    ],
    [
      'POST /user/accounts/invite (an email already taken)',
      async () => async (session) =>
        (
          await api.post(
            '/user/accounts/invite',
            { email: 'vendor@hostdash.test', name: 'V', subtype: 'manager' },
            session,
          )
        ).status,
      [401, 409, 403, 403, 409, 409],
    ],
    [
      'POST /user/accounts/invite/{id}/cancel (an invite of account 1)',
      async () => {
        const made = await invite({ email: 'matrix@example.com', name: 'M', subtype: 'manager' });
        return async (session) =>
          (
            await api.post(
              `/user/accounts/invite/${String(made.body.id)}/cancel`,
              undefined,
              session,
            )
          ).status;
      },
      [401, 200, 403, 403, 404, 200],
    ],
    [
      'POST /user/accounts/update/{userId}/activate (the vendor of account 1)',
      async () => async (session) =>
        (await api.post(`/user/accounts/update/${ids.vendor}/activate`, undefined, session)).status,
      [401, 200, 403, 403, 404, 200],
    ],
    [
      'GET /user/accounts/signupLinkTokenLookup/{token} (never issued)',
      async () => async (session) =>
        (await api.get('/user/accounts/signupLinkTokenLookup/nope', session)).status,
      [404, 404, 404, 404, 404, 404],
    ],
    [
      'POST /user/accounts/acceptInvite/{token} (never issued)',
      async () => async (session) =>
        (await api.post('/user/accounts/acceptInvite/nope', { password: 'long-enough' }, session))
          .status,
      [404, 404, 404, 404, 404, 404],
    ],
  ];

  it.each(matrix)('%s', async (_name, prepare, expected) => {
    const call = await prepare();
    const got: number[] = [];
    for (const role of ROLES_IN_ORDER)
      got.push(await call(role === 'anonymous' ? undefined : sessions[role]));
    expect(Object.fromEntries(ROLES_IN_ORDER.map((role, index) => [role, got[index]]))).toEqual(
      Object.fromEntries(ROLES_IN_ORDER.map((role, index) => [role, expected[index]])),
    );
  });
});
