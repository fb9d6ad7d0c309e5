import { TOLERANCE_WORDS } from '../notifications/notify';
import type { ReservationDetail } from '../reservations/reservationQueries';
import { RESERVATION_NOT_FOUND, signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';
import type { AccountLogItem, LogItem, LogPage } from './protectLog';

let api: TestApi;
let sessions: Record<Role, string>;
beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
});
afterAll(() => api.close());

/** A coming reservation of account 1 in the given verification status (ids differ per call). */
async function reservationIn(status: string, skip = 0): Promise<string> {
  const [row] = await api.db.query<{ id: string }>(
    `select id::text as id from reservations
     where account_id = 1 and status = 'CONFIRMED' and check_in_date > current_date and verification_status = $1
     order by id offset $2 limit 1`,
    [status, skip],
  );
  if (!row) throw new Error(`no reservation in ${status}`);
  return row.id;
}

const change = (id: string, body: unknown, role: Role = 'owner', supervised = '') =>
  api.post<ReservationDetail & { error?: string; message?: string }>(
    `/reservation/changeVerification/${id}/${supervised}`,
    body,
    sessions[role],
  );
const logOf = (id: string, query = '', role: Role = 'owner') =>
  api.get<LogPage<LogItem>>(`/reservation/protectLog/${id}${query}`, sessions[role]);

describe('POST /reservation/changeVerification/{id}', () => {
  it('changes the status, logs who, from, to, supervised and the note, and re-screens', async () => {
    const id = await reservationIn('pending');
    const before = (await api.get<ReservationDetail>(`/reservation/get/${id}`, sessions.owner))
      .body;
    expect(before.risk.factors.map((factor) => factor.code)).toContain('id_not_verified');

    const response = await change(
      id,
      { status: 'verified', note: '  Called the guest: ID matches.  ' },
      'manager',
      '?supervised=1',
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      verification_status: 'verified',
      version: before.version + 1,
    });
    expect(response.body.risk.score).toBe(before.risk.score - 20);
    expect(response.body.risk.factors.map((factor) => factor.code)).not.toContain(
      'id_not_verified',
    );

    // Newest first; a held Stargate message of the stay's listing may have gone out too.
    const [recalculated, changed] = (await logOf(id)).body.items.filter(
      (entry) => entry.event !== 'message_released',
    );
    expect(changed).toMatchObject({
      event: 'verification_changed',
      actor_name: 'Marcus Reed',
      supervised: true,
      note: 'Called the guest: ID matches.',
      details: { from: 'pending', to: 'verified' },
    });
    expect(recalculated).toMatchObject({
      event: 'risk_recalculated',
      actor_name: 'Hostdash Protect',
      supervised: false,
      details: {
        before: { score: before.risk.score },
        after: { score: before.risk.score - 20 },
        removed: ['id_not_verified'],
        trigger: 'verification_changed',
      },
    });
    const [actor] = await api.db.query<{ actor_user_id: string }>(
      `select actor_user_id::text from protect_log where id = $1::bigint`,
      [changed?.id],
    );
    const [marcus] = await api.db.query<{ id: string }>(
      `select id::text from users where email = 'manager@hostdash.test'`,
    );
    expect(actor?.actor_user_id).toBe(marcus?.id);
  });

  it('records an unsupervised change, and no recalculation when the risk did not move', async () => {
    const id = await reservationIn('pending', 1);
    const response = await change(id, { status: 'incomplete' }, 'owner', '?supervised=0');
    expect(response.status).toBe(200);
    const items = (await logOf(id)).body.items;
    expect(items[0]).toMatchObject({
      event: 'verification_changed',
      supervised: false,
      note: null,
      details: { from: 'pending', to: 'incomplete' },
    });
    // pending and incomplete weigh the same: the score and colour did not move.
    expect(items.filter((item) => item.event === 'risk_recalculated')).toHaveLength(0);
    // Defaults to supervised.
    await change(id, { status: 'review' });
    expect(
      (await logOf(id)).body.items.find((i) => i.event === 'verification_changed'),
    ).toMatchObject({ supervised: true, details: { from: 'incomplete', to: 'review' } });
  });

  it('refuses the same status, an unknown status, a long note and other people', async () => {
    const id = await reservationIn('verified');
    expect(await change(id, { status: 'verified' })).toMatchObject({
      status: 400,
      body: {
        error: 'unchanged',
        message: 'The verification is already "verified": nothing to change.',
      },
    });
    expect((await change(id, { status: 'approved' })).body).toMatchObject({
      error: 'invalid_request',
      message: '"status" must be one of: pending, incomplete, review, verified, declined.',
    });
    expect((await change(id, {})).body).toMatchObject({
      error: 'invalid_request',
      message: '"status" is required.',
    });
    expect((await change(id, { status: 'declined', note: 'x'.repeat(1001) })).body).toMatchObject({
      error: 'invalid_request',
      message: '"note" must be at most 1000 characters long.',
    });
    expect((await change(id, { status: 'declined' }, 'owner', '?supervised=2')).status).toBe(400);
    expect((await change(id, { status: 'declined' }, 'vendor')).status).toBe(403);
    expect((await change(id, { status: 'declined' }, 'newhost')).body).toEqual(
      RESERVATION_NOT_FOUND,
    );
    const [row] = await api.db.query<{ verification_status: string }>(
      'select verification_status from reservations where id = $1::bigint',
      [id],
    );
    expect(row?.verification_status).toBe('verified');
  });
  it('refuses to decline a guest without a note (blank counts as none), and changes nothing', async () => {
    const id = await reservationIn('review', 1);
    for (const body of [{ status: 'declined' }, { status: 'declined', note: '   ' }])
      expect(await change(id, body)).toMatchObject({
        status: 400,
        body: {
          error: 'note_required',
          message: 'Say why you are declining this guest: a note is required.',
        },
      });
    const [row] = await api.db.query<{ verification_status: string }>(
      'select verification_status from reservations where id = $1::bigint',
      [id],
    );
    expect(row?.verification_status).toBe('review');
    expect(
      (await logOf(id)).body.items.filter((item) => item.event === 'verification_changed'),
    ).toHaveLength(0);

    const declined = await change(id, {
      status: 'declined',
      note: 'The ID photo is not the guest.',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.verification_status).toBe('declined');
  });
});

describe('GET /reservation/protectLog/{id}', () => {
  it('pages the history newest first, 100 at most', async () => {
    const id = await reservationIn('review');
    for (let index = 0; index < 6; index += 1)
      await change(id, { status: index % 2 === 0 ? 'verified' : 'review', note: `step ${index}` });
    const all = (await logOf(id)).body;
    expect(all.size).toBe(100);
    expect(all.from).toBe(0);
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThanOrEqual(13); // screened + 6 changes + 6 recalculations
    const order = all.items.map((item) => [item.at, Number(item.id)] as const);
    const sorted = [...order].sort((a, b) => b[0].localeCompare(a[0]) || b[1] - a[1]);
    expect(order).toEqual(sorted);
    expect(all.items[all.items.length - 1]?.event).toBe('screened');
    expect(all.items.find((item) => item.event === 'verification_changed')?.note).toBe('step 5');

    const page = (await logOf(id, '?size=4&from=4')).body;
    expect(page).toMatchObject({ total: all.total, size: 4, from: 4 });
    expect(page.items).toEqual(all.items.slice(4, 8));
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(
      ['id', 'at', 'event', 'actor_name', 'supervised', 'note', 'details'].sort(),
    );
    expect((await logOf(id, '?size=101')).status).toBe(400);
    expect((await logOf(id, '', 'vendor')).status).toBe(403);
    expect((await logOf(id, '', 'newhost')).body).toEqual(RESERVATION_NOT_FOUND);
  });

  it('has the seeded history: screenings, changes by Olivia Hart, released messages', async () => {
    const [counts] = await api.db.query<Record<string, number>>(
      `select count(*) filter (where event = 'screened')::int as screened,
              count(*) filter (where event = 'verification_changed' and actor_name = 'Olivia Hart')::int as changes,
              count(*) filter (where event = 'message_released')::int as released,
              count(*) filter (where event = 'tolerance_changed')::int as tolerance
       from protect_log where account_id = 1`,
    );
    expect(counts?.screened).toBeGreaterThan(1000);
    expect(counts?.changes).toBeGreaterThan(10);
    expect(counts?.released).toBeGreaterThan(10);
    expect(counts?.tolerance).toBeGreaterThanOrEqual(1);
    // Each release in the log is a Stargate delivery that was released; others wait for their guest.
    const [relay] = await api.db.query<Record<string, number>>(
      `select count(*) filter (where d.state = 'released')::int as released,
              count(*) filter (where d.state = 'held')::int as held,
              count(*) filter (where d.state = 'released' and not exists (
                select 1 from protect_log p where p.event = 'message_released'
                  and p.details->>'delivery_id' = d.id::text))::int as unlogged,
              count(*) filter (where d.state = 'held' and r.verification_status = 'verified')::int as stuck
       from stargate_deliveries d join reservations r on r.id = d.reservation_id
       where d.account_id = 1`,
    );
    expect(relay).toMatchObject({ released: counts?.released, unlogged: 0, stuck: 0 });
    expect(relay?.held).toBeGreaterThan(10);
  });
});

describe('the protect log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [entry] = await api.db.query<{ id: string }>(
      'select id::text as id from protect_log order by id limit 1',
    );
    await expect(
      api.db.query(`update protect_log set note = 'rewritten' where id = $1::bigint`, [entry?.id]),
    ).rejects.toThrow(/append-only: UPDATE/);
    await expect(
      api.db.query('delete from protect_log where id = $1::bigint', [entry?.id]),
    ).rejects.toThrow(/append-only: DELETE/);
    await expect(api.db.query('truncate protect_log')).rejects.toThrow(/append-only: TRUNCATE/);
    const [still] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from protect_log where id = $1::bigint and note is distinct from 'rewritten'`,
      [entry?.id],
    );
    expect(still?.n).toBe(1);
  });
});

describe('GET /protect/log (the account-wide history)', () => {
  it('lists every reservation and the account events, newest first, with guest and listing', async () => {
    await api.post('/protect/actions/setRiskTolerance?risk=high', undefined, sessions.owner);
    await api.post('/protect/actions/setRiskTolerance?risk=balanced', undefined, sessions.owner);
    const page = await api.get<LogPage<AccountLogItem>>('/protect/log?size=50', sessions.owner);
    expect(page.status).toBe(200);
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>(
      'select count(*)::int as n from protect_log where account_id = 1',
    );
    expect(page.body).toMatchObject({ total: n, size: 50, from: 0 });
    const [latest, previous] = page.body.items;
    expect(latest).toMatchObject({
      event: 'tolerance_changed',
      reservation_id: null,
      guest_name: null,
      listing_nickname: null,
      actor_name: 'Olivia Hart',
      details: { from: 'high', to: 'balanced' },
    });
    expect(previous?.details).toEqual({ from: 'balanced', to: 'high' });
    const withReservation = page.body.items.find((item) => item.reservation_id !== null);
    expect(withReservation).toMatchObject({
      guest_name: expect.any(String),
      listing_nickname: expect.any(String),
    });
    expect(page.body.items.every((item) => item.account_id === '1')).toBe(true);
    const times = page.body.items.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());

    const deep = await api.get<LogPage<AccountLogItem>>(
      '/protect/log?size=10&from=20',
      sessions.owner,
    );
    expect(deep.body.items.map((item) => item.id)).toEqual(
      page.body.items.slice(20, 30).map((item) => item.id),
    );
  });

  it('is per account, for its owner; admins see all (or one); managers and vendors none', async () => {
    const mine = await api.get<LogPage<AccountLogItem>>('/protect/log', sessions.newhost);
    expect(mine.body.items.every((item) => item.account_id !== '1')).toBe(true);
    const all = await api.get<LogPage<LogItem>>('/protect/log', sessions.admin);
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>(
      'select count(*)::int as n from protect_log',
    );
    expect(all.body.total).toBe(n);
    const one = await api.get<LogPage<AccountLogItem>>('/protect/log?account_id=1', sessions.admin);
    expect(one.body.items.every((item) => item.account_id === '1')).toBe(true);
    expect((await api.get('/protect/log?account_id=1', sessions.newhost)).status).toBe(404);
    expect((await api.get('/protect/log', sessions.vendor)).status).toBe(403);
    expect((await api.get('/protect/log', sessions.manager)).status).toBe(403);
  });
});

describe('the risk tolerance', () => {
  const settings = (role: Role, query = '') =>
    api.get<{ risk_tolerance: string; levels: Array<Record<string, unknown>> }>(
      `/protect/settings${query}`,
      sessions[role],
    );
  const set = (risk: string, role: Role = 'owner', extra = '') =>
    api.post<{ risk_tolerance: string }>(
      `/protect/actions/setRiskTolerance?risk=${risk}${extra}`,
      undefined,
      sessions[role],
    );

  it('shows the level and what each level means, with its thresholds', async () => {
    const response = await settings('owner');
    expect(response.body).toEqual({
      risk_tolerance: 'balanced',
      levels: [
        {
          level: 'low',
          label: 'Strict',
          meaning: expect.any(String),
          thresholds: { yellow: 15, orange: 30, red: 50 },
        },
        {
          level: 'balanced',
          label: 'Balanced',
          meaning: expect.any(String),
          thresholds: { yellow: 25, orange: 45, red: 65 },
        },
        {
          level: 'high',
          label: 'Lenient',
          meaning: expect.any(String),
          thresholds: { yellow: 35, orange: 55, red: 75 },
        },
      ],
    });
    // The /protect page's call, for the owner only (the access table's `owner`): not managers.
    expect(await settings('manager')).toMatchObject({
      status: 403,
      body: {
        error: 'forbidden',
        message: 'The protect settings and log are for the account owner.',
      },
    });
    expect((await settings('vendor')).status).toBe(403);
  });

  it('previews a change: the coming stays by colour now and after, without changing anything', async () => {
    type Counts = Record<'green' | 'yellow' | 'orange' | 'red' | 'needs_attention', number>;
    const preview = (risk: string, role: Role = 'owner') =>
      api.get<{
        risk_tolerance: string;
        risk: string;
        stays: number;
        now: Counts;
        after: Counts;
        changed: number;
      }>(`/protect/tolerancePreview?risk=${risk}`, sessions[role]);
    const strict = (await preview('low')).body;
    const [truth] = await api.db.query<{ stays: number; red_now: number; red_after: number }>(
      `select count(*)::int as stays,
              count(*) filter (where risk_colour(r.risk_score, 'balanced') = 'red')::int as red_now,
              count(*) filter (where risk_colour(r.risk_score, 'low') = 'red')::int as red_after
       from reservations r
       where r.account_id = 1 and r.status = 'CONFIRMED' and r.check_in_date >= current_date`,
    );
    expect(strict).toMatchObject({
      risk_tolerance: 'balanced',
      risk: 'low',
      stays: truth?.stays,
      now: { red: truth?.red_now },
      after: { red: truth?.red_after },
    });
    const sum = (counts: Counts) => counts.green + counts.yellow + counts.orange + counts.red;
    expect(sum(strict.now)).toBe(strict.stays);
    expect(sum(strict.after)).toBe(strict.stays);
    // Strict flags earlier: more stays need attention, and some change colour.
    expect(strict.after.needs_attention).toBeGreaterThan(strict.now.needs_attention);
    expect(strict.changed).toBeGreaterThan(0);
    // The same tolerance changes nothing.
    const same = (await preview('balanced')).body;
    expect(same.changed).toBe(0);
    expect(same.after).toEqual(same.now);
    // Owner only, as the settings; and a level it knows.
    expect((await preview('low', 'manager')).status).toBe(403);
    expect((await preview('low', 'vendor')).status).toBe(403);
    expect((await preview('strict')).status).toBe(400);
    expect((await settings('owner')).body.risk_tolerance).toBe('balanced');
  });

  it('only the owner (or staff) may change it; a change is logged once', async () => {
    expect(await set('low', 'manager')).toMatchObject({
      status: 403,
      body: {
        error: 'forbidden',
        message: 'Only the account owner can change the risk tolerance.',
      },
    });
    expect((await set('low', 'vendor')).status).toBe(403);
    const count = async () =>
      (
        await api.db.query<{ n: number }>(
          `select count(*)::int as n from protect_log where account_id = 1 and event = 'tolerance_changed'`,
        )
      )[0]?.n;
    const before = await count();
    expect((await set('low')).body.risk_tolerance).toBe('low');
    expect((await set('low')).body.risk_tolerance).toBe('low'); // already: not logged again
    expect(await count()).toBe((before ?? 0) + 1);
    expect((await settings('owner')).body.risk_tolerance).toBe('low');
    // Staff change any account, naming it.
    expect((await set('balanced', 'admin', '&account_id=1')).body.risk_tolerance).toBe('balanced');
    expect((await set('high', 'newhost', '&account_id=1')).status).toBe(404);
    expect((await set('reckless')).body).toMatchObject({
      error: 'invalid_request',
      message: '"risk" must be one of: low, balanced, high.',
    });
    expect(
      (await api.post('/protect/actions/setRiskTolerance', undefined, sessions.owner)).body,
    ).toMatchObject({
      error: 'invalid_request',
      message: '"risk" is required.',
    });
  });
});

describe('notifications as things happen (issue 12)', () => {
  interface Notice {
    title: string;
    body: string;
    link: string | null;
    read: boolean;
  }
  const newest = async (role: Role): Promise<Notice | undefined> =>
    (await api.get<{ items: Notice[] }>('/user/notifications/load?limit=1', sessions[role])).body
      .items[0];

  it('tells the rest of the team when the owner changes the risk tolerance, in the words the page uses', async () => {
    const before = { owner: await newest('owner'), vendor: await newest('vendor') };
    const from = (await api.get<{ risk_tolerance: string }>('/protect/settings', sessions.owner))
      .body.risk_tolerance;
    const to = from === 'high' ? 'low' : 'high';
    const words = { low: 'Strict', balanced: 'Balanced', high: 'Lenient' } as const;
    await api.post(`/protect/actions/setRiskTolerance?risk=${to}`, undefined, sessions.owner);
    expect(await newest('manager')).toEqual({
      title: 'Risk tolerance updated',
      body: `Olivia Hart changed the risk tolerance from ${words[from as keyof typeof words]} to ${words[to]}. Risks shows every stay in its new colour.`,
      link: '/risks',
      read: false,
      id: expect.any(String),
      created_at: expect.any(String),
    });
    // Not the owner, who made it; not building staff, who see their buildings only.
    expect(await newest('owner')).toEqual(before.owner);
    expect(await newest('vendor')).toEqual(before.vendor);
  });

  it('tells the owner when a manager declines a guest, leading to the reservation; a verify tells nobody', async () => {
    const id = await reservationIn('review', 2);
    const [stay] = await api.db.query<{ guest_name: string; nickname: string }>(
      `select r.guest_name, l.nickname from reservations r join listings l on l.id = r.listing_id where r.id = $1::bigint`,
      [id],
    );
    const before = await newest('owner');
    expect((await change(id, { status: 'verified' }, 'manager')).status).toBe(200);
    expect(await newest('owner')).toEqual(before);

    expect(
      (
        await change(
          id,
          { status: 'declined', note: 'The ID does not match the selfie.' },
          'manager',
        )
      ).status,
    ).toBe(200);
    expect(await newest('owner')).toMatchObject({
      title: `A guest was declined at ${stay?.nickname}`,
      body: expect.stringMatching(
        new RegExp(
          `^Marcus Reed declined ${stay?.guest_name}, arriving [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\. The note says why\\.$`,
        ),
      ),
      link: `/reservation/${id}`,
      read: false,
    });
  });

  it('names the tolerance levels as the dashboard does (shared-auth LABELS.tolerance)', () => {
    // Through shared-auth's public entry (mapped to its source), as authorization.test.ts does.
    const { LABELS } = jest.requireActual('@hostdash/shared-auth') as {
      LABELS: { tolerance: Record<string, string> };
    };
    expect(TOLERANCE_WORDS).toEqual(LABELS.tolerance);
  });
});
