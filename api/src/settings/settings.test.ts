// The person's own settings on the real database: the profile and its email change, the password
// change and what it ends, the notification preferences, and the mails those preferences decide
// (a stay turning red, an import finishing).
import { auditFor } from '../admin/audit';
import { hashPassword } from '../auth/passwords';
import { saveConnection, enqueueImport } from '../imports/importTasks';
import { runNextImport } from '../imports/importWorker';
import { generatePortfolio, testAdapter } from '../imports/testing/testAdapter';
import { SCREENING_ACTOR } from '../protect/protectLog';
import { screenReservations } from '../protect/screening';
import { alertRiskyStays } from '../pms/sync/stayAlerts';
import { silentLog } from '../testing/logs';
import { startTestApi, type TestApi } from '../testing/testApi';
import { wantsMail } from './preferences';

const SHELL = 'https://dash.example.test';
let api: TestApi;
const logLines: string[] = [];
beforeAll(async () => {
  api = await startTestApi({
    config: { logLevel: 'info', shellOrigin: SHELL },
    logger: { stream: { write: (line) => logLines.push(line) } },
  });
});
afterAll(() => api.close());
afterEach(async () => {
  await api.db.query('delete from throttles');
});

interface Mail {
  to_address: string;
  subject: string;
  body: string;
}
const mailsTo = (address: string) =>
  api.db.query<Mail>(
    'select to_address, subject, body from mail_outbox where to_address = $1 order by id',
    [address],
  );

let people = 0;
/** A new person of `accountId` (account 1 unless given) with a password of their own. */
async function newPerson(
  subtype: string,
  { accountId = '1', password = 'their-own-password' } = {},
): Promise<{ id: string; email: string; name: string; password: string }> {
  people += 1;
  const email = `settings.${subtype}.${people}@example.com`;
  const name = `Person ${people}`;
  const [row] = await api.db.query<{ id: string }>(
    `insert into users (account_id, name, email, subtype, password_hash)
     values ($1::bigint, $2, $3, $4, $5) returning id::text as id`,
    [accountId, name, email, subtype, await hashPassword(password)],
  );
  return { id: row!.id, email, name, password };
}

const DEFAULTS_FOR_MANAGER = {
  mail_on_red_reservation: true,
  mail_on_import_finished: true,
  in_app_on_verification_change: true,
  in_app_on_risky_booking: true,
};

describe('GET and POST /user/profile', () => {
  it('answers the signed-in person with their preferences, defaults filled in by role', async () => {
    const manager = await newPerson('manager');
    const session = await api.signIn(manager.email, manager.password);
    const profile = await api.get('/user/profile', session);
    expect(profile).toMatchObject({
      status: 200,
      body: {
        id: manager.id,
        name: manager.name,
        email: manager.email,
        second_step: false,
        notification_preferences: DEFAULTS_FOR_MANAGER,
      },
    });
    const vendor = await newPerson('vendor');
    const vendorProfile = await api.get(
      '/user/profile',
      await api.signIn(vendor.email, vendor.password),
    );
    expect(vendorProfile.body.notification_preferences).toEqual({
      ...DEFAULTS_FOR_MANAGER,
      mail_on_red_reservation: false,
    });
  });

  it('renames the person (trimmed), audited, without asking for the password', async () => {
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    const renamed = await api.post('/user/profile', { name: '  Ana Lima  ' }, session);
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Ana Lima', email: person.email } });
    const [entry] = await auditFor(api.db, { targetUserId: person.id });
    expect(entry).toMatchObject({
      action: 'user.update_profile',
      actor: { id: person.id },
      target_account_id: '1',
      detail: { name: { from: person.name, to: 'Ana Lima' } },
    });
  });

  it('refuses a blank or too long name and any other field', async () => {
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    for (const body of [{ name: '   ' }, { name: 'x'.repeat(121) }, { nickname: 'Ana' }]) {
      const answer = await api.post('/user/profile', body, session);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'invalid_request', in: 'body' });
    }
    expect((await api.post('/user/profile', { name: 'x'.repeat(120) }, session)).status).toBe(200);
  });

  it('changes the email (lower-cased) only with the current password, and tells the old address', async () => {
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    const newEmail = `Moved.${person.id}@Example.com`;

    const missing = await api.post('/user/profile', { email: newEmail }, session);
    expect(missing).toMatchObject({
      status: 400,
      body: { error: 'current_password_required', field: 'current_password', in: 'body' },
    });
    const wrong = await api.post(
      '/user/profile',
      { email: newEmail, current_password: 'not-their-password' },
      session,
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: 'wrong_password', field: 'current_password', in: 'body' },
    });
    expect((await api.get('/user/profile', session)).body.email).toBe(person.email);

    const moved = await api.post(
      '/user/profile',
      { email: ` ${newEmail} `, current_password: person.password },
      session,
    );
    expect(moved).toMatchObject({ status: 200, body: { email: newEmail.toLowerCase() } });
    expect(await api.signIn(newEmail.toLowerCase(), person.password)).toEqual(expect.any(String));
    const [told] = await mailsTo(person.email);
    expect(told?.subject).toBe('The email of your Hostdash account was changed');
    expect(told?.body).toContain(newEmail.toLowerCase());
    const [entry] = await auditFor(api.db, { targetUserId: person.id });
    expect(entry?.detail).toEqual({
      email: { from: person.email, to: newEmail.toLowerCase() },
    });
    // The same email again is no change: no password needed.
    expect(
      (await api.post('/user/profile', { email: newEmail.toLowerCase() }, session)).status,
    ).toBe(200);
  });

  it('counts wrong passwords like failed sign-ins', async () => {
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    const body = { email: `x.${person.id}@example.com`, current_password: 'wrong-password' };
    // The test API allows 3 failures per email and client before it waits.
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await api.post('/user/profile', body, session)).status).toBe(400);
    const throttled = await api.post('/user/profile', body, session);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ error: 'too_many_attempts' });
    expect(throttled.headers['retry-after']).toMatch(/^[0-9]+$/);
  });

  it('answers 409 email_taken when another user has the email', async () => {
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    const taken = await api.post(
      '/user/profile',
      { email: 'OWNER@hostdash.test', current_password: person.password },
      session,
    );
    expect(taken).toMatchObject({ status: 409, body: { error: 'email_taken', field: 'email' } });
    expect((await api.get('/user/profile', session)).body.email).toBe(person.email);
  });

  it('is for signed-in, active people', async () => {
    expect((await api.get('/user/profile')).status).toBe(401);
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    await api.db.query('update users set is_active = false where id = $1::bigint', [person.id]);
    const refused = await api.post('/user/profile', { name: 'Still here' }, session);
    expect(refused).toMatchObject({ status: 403, body: { error: 'account_deactivated' } });
  });
});

describe('POST /user/auth/password/change', () => {
  const change = (session: string, current: string, next: string) =>
    api.post(
      '/user/auth/password/change',
      { current_password: current, new_password: next },
      session,
    );

  it('keeps this session, ends every other, and the new password is the one that signs in', async () => {
    const person = await newPerson('vendor');
    const here = await api.signIn(person.email, person.password);
    const elsewhere = await api.signIn(person.email, person.password);
    const newPassword = 'a-brand-new-passphrase';

    const changed = await change(here, person.password, newPassword);
    expect(changed).toMatchObject({
      status: 200,
      body: {
        message:
          'Your password has been changed. Every other session of yours has been signed out.',
      },
    });
    expect((await api.get('/user/profile', here)).status).toBe(200);
    expect((await api.get('/user/profile', elsewhere)).status).toBe(401);
    const [ended] = await api.db.query<{ revoked_reason: string }>(
      `select revoked_reason from sessions where user_id = $1::bigint and revoked_at is not null`,
      [person.id],
    );
    expect(ended?.revoked_reason).toBe('password_changed');

    const oldSignIn = await api.post('/login', { email: person.email, password: person.password });
    expect(oldSignIn.status).toBe(401);
    expect(await api.signIn(person.email, newPassword)).toEqual(expect.any(String));

    const [audit] = await auditFor(api.db, { targetUserId: person.id });
    expect(audit).toMatchObject({ action: 'user.change_password', detail: {} });

    // The mail says it happened and where to go if it was not them: no password, no session, no
    // reset token.
    const mails = await mailsTo(person.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Hostdash password was changed');
    for (const secret of [person.password, newPassword, here, elsewhere])
      expect(mails[0]?.body).not.toContain(secret);
    expect(mails[0]?.body).toContain(`${SHELL}/account/reset\n`);
    const log = logLines.join('\n');
    for (const secret of [person.password, newPassword]) expect(log).not.toContain(secret);
  });

  it('ends reset links not yet used', async () => {
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    await api.post('/user/auth/password/reset', { email: person.email });
    await change(session, person.password, 'another-new-passphrase');
    const open = await api.db.query(
      'select 1 from password_reset_tokens where user_id = $1::bigint and used_at is null',
      [person.id],
    );
    expect(open).toHaveLength(0);
  });

  it('refuses a wrong current password as a field error, changing nothing', async () => {
    const person = await newPerson('manager');
    const here = await api.signIn(person.email, person.password);
    const elsewhere = await api.signIn(person.email, person.password);
    const wrong = await change(here, 'not-the-password', 'a-brand-new-passphrase');
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: 'wrong_password', field: 'current_password', in: 'body' },
    });
    expect((await api.get('/user/profile', elsewhere)).status).toBe(200);
    expect(await api.signIn(person.email, person.password)).toEqual(expect.any(String));
    expect(await mailsTo(person.email)).toHaveLength(0);
  });

  it('applies the password rules of a reset', async () => {
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    const short = await change(session, person.password, 'short');
    expect(short).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', field: 'new_password', rule: 'minLength' },
    });
  });
});

describe('GET and POST /user/notificationPreferences', () => {
  it('answers the defaults, changes only what is sent, and refuses anything else', async () => {
    const person = await newPerson('manager');
    const session = await api.signIn(person.email, person.password);
    expect(await api.get('/user/notificationPreferences', session)).toMatchObject({
      status: 200,
      body: DEFAULTS_FOR_MANAGER,
    });
    expect(await wantsMail(api.db, person.id, 'mail_on_red_reservation')).toBe(true);

    const changed = await api.post(
      '/user/notificationPreferences',
      { mail_on_red_reservation: false },
      session,
    );
    expect(changed).toMatchObject({
      status: 200,
      body: { ...DEFAULTS_FOR_MANAGER, mail_on_red_reservation: false },
    });
    const again = await api.post(
      '/user/notificationPreferences',
      { mail_on_import_finished: false },
      session,
    );
    expect(again.body).toEqual({
      mail_on_red_reservation: false,
      mail_on_import_finished: false,
      in_app_on_verification_change: true,
      in_app_on_risky_booking: true,
    });
    expect(await wantsMail(api.db, person.id, 'mail_on_red_reservation')).toBe(false);

    // An unknown key is refused by name, not dropped: a misspelt preference must not look saved.
    const unknown = await api.post(
      '/user/notificationPreferences',
      { mail_on_red_reservation: true, mail_on_everything: true },
      session,
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_request',
        message: '"mail_on_everything" is not allowed here.',
        field: 'mail_on_everything',
        in: 'body',
        rule: 'additionalProperties',
      },
    });
    const notBoolean = await api.post(
      '/user/notificationPreferences',
      { mail_on_red_reservation: 'yes' },
      session,
    );
    expect(notBoolean).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', field: 'mail_on_red_reservation', rule: 'type' },
    });
    expect((await api.get('/user/notificationPreferences', session)).body).toEqual(again.body);
  });
});

describe('mails the preferences decide', () => {
  /** A new account with an owner, two managers, a vendor, and one stay screened orange. */
  async function accountWithStay() {
    const [account] = await api.db.query<{ id: string }>(
      `insert into accounts (name) values ('Red Stays') returning id::text as id`,
    );
    const accountId = account!.id;
    const owner = { ...(await newPerson('owner', { accountId })), accountId };
    const wantsIt = await newPerson('manager', { accountId });
    const optedOut = await newPerson('manager', { accountId });
    const vendor = await newPerson('vendor', { accountId });
    await api.post(
      '/user/notificationPreferences',
      { mail_on_red_reservation: false, in_app_on_verification_change: false },
      await api.signIn(optedOut.email, optedOut.password),
    );
    const [listing] = await api.db.query<{ id: string }>(
      `insert into listings (account_id, nickname, address, city, country, pms, timezone)
       values ($1::bigint, 'Casa Azul', 'Rua Azul 1', 'Lisbon', 'PT', 'hostaway', 'Europe/Lisbon')
       returning id::text as id`,
      [accountId],
    );
    // A failed card and party words: orange (45) while the ID is verified, red once declined.
    const [stay] = await api.db.query<{ id: string }>(
      `insert into reservations (account_id, listing_id, guest_name, check_in_date, check_out_date,
                                 source, verification_status, card_check, guest_message)
       values ($1::bigint, $2::bigint, 'Ana Sousa', current_date + 20, current_date + 23, 'direct',
               'verified', 'failed', 'A birthday party for a few friends')
       returning id::text as id`,
      [accountId, listing!.id],
    );
    const [screened] = await screenReservations(api.db, [stay!.id], {
      log: 'screened',
      actor: SCREENING_ACTOR,
      trigger: 'test',
    });
    expect(screened?.after_colour).toBe('orange');
    return { accountId, owner, wantsIt, optedOut, vendor, stayId: stay!.id };
  }

  it('a stay turning red mails the owner and managers whose preference is on, not the one who did it', async () => {
    const { owner, wantsIt, optedOut, vendor, stayId } = await accountWithStay();
    const declined = await api.post(
      `/reservation/changeVerification/${stayId}`,
      { status: 'declined', note: 'The ID photo does not match the selfie.' },
      await api.signIn(owner.email, owner.password),
    );
    expect(declined.status).toBe(200);
    const [now] = await api.db.query<{ colour: string }>(
      `select risk_colour(r.risk_score, a.risk_tolerance) as colour
       from reservations r join accounts a on a.id = r.account_id where r.id = $1::bigint`,
      [stayId],
    );
    expect(now?.colour).toBe('red');

    const mails = await mailsTo(wantsIt.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('A stay at Casa Azul turned red');
    expect(mails[0]?.body).toContain("Ana's stay at Casa Azul now screens red");
    expect(mails[0]?.body).toContain(`${SHELL}/reservation/${stayId}\n`);
    // The guest's first name only: the mail leaves Hostdash.
    expect(mails[0]?.body).not.toContain('Sousa');
    for (const person of [owner, optedOut, vendor]) expect(await mailsTo(person.email)).toEqual([]);

    // The bell notification of the decline follows its own preference.
    const notified = await api.db.query<{ user_id: string }>(
      `select user_id::text as user_id from notifications where link = $1 order by user_id`,
      [`/reservation/${stayId}`],
    );
    expect(notified.map((row) => row.user_id)).toEqual([wantsIt.id]);
  });

  it('rings the bell about a risky booking only for the owner and managers who want it (issue 33)', async () => {
    const { owner, wantsIt, optedOut, vendor, stayId } = await accountWithStay();
    await api.post(
      '/user/notificationPreferences',
      { in_app_on_risky_booking: false },
      await api.signIn(optedOut.email, optedOut.password),
    );
    // The booking came in by itself (a webhook): new to Hostdash, it screens orange.
    const alerted = await alertRiskyStays(api.db, owner.accountId, new Map([[stayId, null]]), {
      shellOrigin: SHELL,
    });
    expect(alerted).toEqual([stayId]);
    const notified = await api.db.query<{ user_id: string }>(
      `select user_id::text as user_id from notifications where link = $1 order by user_id::bigint`,
      [`/reservation/${stayId}`],
    );
    expect(notified.map((row) => row.user_id)).toEqual([owner.id, wantsIt.id]);
    expect(notified.map((row) => row.user_id)).not.toContain(vendor.id);
  });

  it('does not mail about a stay red already, and mails the owner when someone else turned it red', async () => {
    const { owner, wantsIt, optedOut, stayId } = await accountWithStay();
    const admin = await api.signIn('admin@hostdash.test');
    await api.db.query(
      `update reservations set verification_status = 'declined' where id = $1::bigint`,
      [stayId],
    );
    const rescreen = () =>
      api.post('/protect/webhook', { reservation: stayId, source: 'dashboard' }, admin);
    expect((await rescreen()).status).toBe(200);
    expect((await rescreen()).status).toBe(200); // red already: nothing new
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await mailsTo(wantsIt.email)).toHaveLength(1);
    expect(await mailsTo(optedOut.email)).toEqual([]);
  });

  it('a finished import mails the owner who wants it, with what was imported', async () => {
    const [account] = await api.db.query<{ id: string }>(
      `insert into accounts (name) values ('Imported Stays') returning id::text as id`,
    );
    const accountId = account!.id;
    const owner = await newPerson('owner', { accountId });
    const manager = await newPerson('manager', { accountId });
    await saveConnection(
      api.db,
      {
        accountId,
        pms: 'hostaway',
        credentials: { accountId: '12345', apiKey: 'sk-settings-test-credential' },
      },
      api.vault,
    );
    const log = silentLog;
    const importOnce = async () => {
      await api.db.query(
        `update import_tasks set state = 'failed', finished_at = now(), error_code = 'import_error',
           error_message = 'ended by the test' where state in ('queued', 'running')`,
      );
      await enqueueImport(api.db, { accountId, pms: 'hostaway', createdBy: owner.id });
      const adapter = testAdapter({ portfolio: generatePortfolio(3, 2), pageSize: 10 });
      const run = await runNextImport({
        db: api.db,
        adapters: () => adapter,
        log,
        vault: api.vault,
      });
      expect(run?.outcome).toBe('succeeded');
    };

    await importOnce();
    const mails = await mailsTo(owner.email);
    expect(mails).toEqual([
      expect.objectContaining({
        subject: 'Your Hostaway import finished',
        body: expect.stringContaining('Your Hostaway import finished: 3 listings, 6 reservations.'),
      }),
    ]);
    expect(mails[0]?.body).not.toContain('sk-settings-test-credential');
    // The high-risk stays of the import in one line, counted as the Risks page colours them.
    const [red] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from reservations r join accounts a on a.id = r.account_id
       where r.account_id = $1::bigint and r.pms = 'hostaway' and r.status = 'CONFIRMED'
         and r.check_out_date >= current_date
         and risk_colour(r.risk_score, a.risk_tolerance) = 'red'`,
      [accountId],
    );
    expect(mails[0]?.body).toContain(
      red?.n ? `${red.n} upcoming stay` : 'None of the upcoming stays is high risk.',
    );
    expect(await mailsTo(manager.email)).toEqual([]);

    await api.post(
      '/user/notificationPreferences',
      { mail_on_import_finished: false },
      await api.signIn(owner.email, owner.password),
    );
    await importOnce();
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });
});
