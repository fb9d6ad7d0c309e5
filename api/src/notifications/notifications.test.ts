import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let owner: string;
let manager: string;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.signIn('owner@hostdash.test');
  manager = await api.signIn('manager@hostdash.test');
});
afterAll(() => api.close());

interface NotificationList {
  items: Array<{
    id: string;
    title: string;
    body: string;
    created_at: string;
    link: string | null;
    read: boolean;
  }>;
  total: number;
  unread: number;
}

describe('a notification leads somewhere and is read (issue 12)', () => {
  it('links each seeded notice to the page it is about, inside the dashboard, in words a host reads', async () => {
    const { body } = await api.get<NotificationList>('/user/notifications/load', owner);
    const byTitle = Object.fromEntries(body.items.map((item) => [item.title, item]));
    expect(byTitle['Risk tolerance updated']).toMatchObject({
      link: '/protect',
      body: 'Olivia Hart changed the risk tolerance from Strict to Balanced.',
    });
    for (const item of body.items) expect(item.link ?? '/').toMatch(/^\/([^/\\]|$)/);
    const vendor = await api.get<NotificationList>(
      '/user/notifications/load',
      await api.signIn('vendor@hostdash.test'),
    );
    expect(vendor.body.items.map((item) => item.link)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/building\/\d+\/marina-lofts$/)]),
    );
  });

  it('marks the ones named, or all, as read — only the caller’s own', async () => {
    const session = await api.signIn('manager@hostdash.test');
    const before = await api.get<NotificationList>('/user/notifications/load', session);
    expect(before.body.unread).toBe(2);
    const [first] = before.body.items;
    const [ownersNotice] = await api.db.query<{ id: string }>(
      `select n.id::text from notifications n join users u on u.id = n.user_id
       where u.email = 'owner@hostdash.test' limit 1`,
    );
    expect(
      await api.post('/user/notifications/read', { ids: [first!.id, ownersNotice!.id] }, session),
    ).toMatchObject({ status: 200, body: { ok: true } });
    const after = await api.get<NotificationList>('/user/notifications/load', session);
    expect(after.body.unread).toBe(1);
    expect(after.body.items.find((item) => item.id === first!.id)?.read).toBe(true);
    const [stillUnread] = await api.db.query<{ read: boolean }>(
      'select read_at is not null as read from notifications where id = $1::bigint',
      [ownersNotice!.id],
    );
    expect(stillUnread?.read).toBe(false);

    await api.post('/user/notifications/read', {}, session);
    expect((await api.get<NotificationList>('/user/notifications/load', session)).body.unread).toBe(
      0,
    );
    expect(await api.post('/user/notifications/read', { ids: [] }, session)).toMatchObject({
      status: 400,
      body: { field: 'ids', rule: 'minItems' },
    });
    await api.db.query(
      `update notifications set read_at = null where user_id = (select id from users where email = 'manager@hostdash.test')`,
    );
  });
});

describe('GET /user/notifications/load', () => {
  it('lists the caller’s own notifications, newest first', async () => {
    const response = await api.get<NotificationList>('/user/notifications/load', owner);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(5);
    expect(response.body.items).toHaveLength(5);
    expect(response.body.items[0]).toEqual({
      id: expect.any(String),
      title: expect.stringMatching(/arriving tomorrow/),
      body: expect.any(String),
      created_at: expect.any(String),
      link: '/risks',
      read: false,
    });
    expect(response.body.unread).toBe(5);
    expect(response.body.items.map((item) => item.title)).toContain('Import from Guesty finished');
    const times = response.body.items.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const managers = await api.get<NotificationList>('/user/notifications/load', manager);
    expect(managers.body.total).toBe(2);
    expect(managers.body.items.map((item) => item.title)).not.toContain(
      'Import from Guesty finished',
    );
  });

  it('takes a limit from 1 to 50 (10 by default) and still counts them all', async () => {
    const two = await api.get<NotificationList>('/user/notifications/load?limit=2', owner);
    expect(two.body.items).toHaveLength(2);
    expect(two.body.total).toBe(5);
    await api.db.query(
      `insert into notifications (user_id, title, body) select 1, 'Bulk ' || n, 'Body' from generate_series(1, 12) as n`,
    );
    const byDefault = await api.get<NotificationList>('/user/notifications/load', owner);
    expect(byDefault.body.items).toHaveLength(10);
    expect(byDefault.body.total).toBe(17);
    await api.db.query(`delete from notifications where title like 'Bulk %'`);

    expect(await api.get('/user/notifications/load?limit=0', owner)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: '"limit" must be 1 or more.' },
    });
    expect((await api.get('/user/notifications/load?limit=51', owner)).body).toMatchObject({
      error: 'invalid_request',
      message: '"limit" must be 50 or less.',
      field: 'limit',
      in: 'query',
      rule: 'maximum',
    });
    expect((await api.get('/user/notifications/load?limit=ten', owner)).body).toMatchObject({
      error: 'invalid_request',
      message: '"limit" must be a whole number.',
    });
  });

  it('needs a session', async () => {
    expect(await api.get('/user/notifications/load')).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    });
  });
});

describe('POST /user/notifications/remove/{id}', () => {
  it('removes one of the caller’s notifications', async () => {
    const before = await api.get<NotificationList>('/user/notifications/load', owner);
    const target = before.body.items[1];
    if (!target) throw new Error('no notification');
    expect(
      await api.post(`/user/notifications/remove/${target.id}`, undefined, owner),
    ).toMatchObject({ status: 200, body: { ok: true } });
    const after = await api.get<NotificationList>('/user/notifications/load', owner);
    expect(after.body.total).toBe(before.body.total - 1);
    expect(after.body.items.map((item) => item.id)).not.toContain(target.id);
    // Removing it twice: it no longer exists for the caller.
    expect(
      (await api.post(`/user/notifications/remove/${target.id}`, undefined, owner)).status,
    ).toBe(404);
  });

  it('is 404 for someone else’s notification and for one that does not exist, and touches nothing', async () => {
    const owners = await api.get<NotificationList>('/user/notifications/load', owner);
    const theirs = owners.body.items[0];
    if (!theirs) throw new Error('no notification');
    const response = await api.post(`/user/notifications/remove/${theirs.id}`, undefined, manager);
    expect(response).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: 'That notification does not exist.' },
    });
    expect((await api.get<NotificationList>('/user/notifications/load', owner)).body.total).toBe(
      owners.body.total,
    );

    expect((await api.post('/user/notifications/remove/999999', undefined, owner)).status).toBe(
      404,
    );
    expect(await api.post('/user/notifications/remove/abc', undefined, owner)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', message: '"id" must be a numeric id.' },
    });
  });
});
