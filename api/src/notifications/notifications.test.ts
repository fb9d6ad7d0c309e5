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
  items: Array<{ id: string; title: string; body: string; created_at: string }>;
  total: number;
}

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
    });
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
    expect((await api.get('/user/notifications/load?limit=51', owner)).body).toEqual({
      error: 'invalid_request',
      message: '"limit" must be 50 or less.',
    });
    expect((await api.get('/user/notifications/load?limit=ten', owner)).body).toEqual({
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
