// The audit module on the real database: entries as written, found by target, actor or action,
// newest first, and kept (the table refuses changes).
import { startTestApi, type TestApi } from '../testing/testApi';
import { auditFor, writeAudit } from './audit';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function userId(email: string): Promise<string> {
  const [row] = await api.db.query<{ id: string }>(
    'select id::text as id from users where email = $1',
    [email],
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

it('writes entries in the transaction of the change, and finds them newest first', async () => {
  const admin = await userId('admin@hostdash.test');
  const owner = await userId('owner@hostdash.test');
  const manager = await userId('manager@hostdash.test');
  await api.db.transaction(async (tx) => {
    await writeAudit(tx, { actorUserId: admin, action: 'flag.change', detail: { enabled: true } });
    await writeAudit(tx, {
      actorUserId: owner,
      action: 'team.deactivate',
      targetUserId: manager,
      targetAccountId: '1',
    });
  });
  // A change that fails takes its entry with it.
  await expect(
    api.db.transaction(async (tx) => {
      await writeAudit(tx, { actorUserId: admin, action: 'flag.change', detail: { lost: true } });
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');

  expect(await auditFor(api.db, { targetUserId: manager })).toEqual([
    {
      id: expect.any(String),
      action: 'team.deactivate',
      actor: { id: owner, name: 'Olivia Hart', email: 'owner@hostdash.test' },
      target_user_id: manager,
      target_account_id: '1',
      detail: {},
      created_at: expect.any(String),
    },
  ]);
  expect(await auditFor(api.db, { actionPrefix: 'flag.' })).toEqual([
    expect.objectContaining({ detail: { enabled: true }, target_user_id: null }),
  ]);
  expect(await auditFor(api.db, { actorUserId: owner, targetAccountId: '1' })).toHaveLength(1);
  expect(await auditFor(api.db, { limit: 1 })).toHaveLength(1);
});

it('keeps every entry: no update, no delete', async () => {
  await expect(api.db.query(`update admin_audit set action = 'user.activate'`)).rejects.toThrow(
    /kept/,
  );
  await expect(api.db.query('delete from admin_audit')).rejects.toThrow(/kept/);
});

it("keeps each user's last sign-in as their sessions begin", async () => {
  const [before] = await api.db.query<{ at: string | null }>(
    `select last_sign_in_at as at from users where email = 'vendor@hostdash.test'`,
  );
  // The seed's past sign-ins (seedSignIns.ts) end before now.
  expect(Date.parse(before?.at ?? '1970-01-01')).toBeLessThan(Date.now() - 60_000);
  await api.signIn('vendor@hostdash.test');
  const [after] = await api.db.query<{ at: string | null }>(
    `select last_sign_in_at as at from users where email = 'vendor@hostdash.test'`,
  );
  expect(Date.parse(after?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
});
