// The outbox's delivery on the real database: a team invite and a password reset become files a
// person can open, each once; a delivered mail keeps no body (no working link) and its record goes
// after 30 days; a transport that fails leaves the mail waiting, body and all, to be tried again
// later; the worker's log names no address, subject nor link.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { deleteExpiredRows } from '../db/maintenance';
import { signInRoles } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';
import { fileTransport, mailFileName, type MailTransport } from './fileTransport';
import { deliverWaitingMail, retryDelayMs, startMailDelivery } from './mailDelivery';

let api: TestApi;
let owner: string;
let mailDir: string;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner } = await signInRoles(api));
});
afterAll(() => api.close());

beforeEach(async () => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-mail-'));
  // Whatever the seed or an earlier test left waiting is not this test's mail.
  await api.db.query(
    'update mail_outbox set delivered_at = now(), body = null where delivered_at is null',
  );
});
afterEach(() => rmSync(mailDir, { recursive: true, force: true }));

const mailFiles = () => readdirSync(mailDir).filter((name) => name.endsWith('.eml'));

async function inviteVendor(email: string): Promise<void> {
  const response = await api.post(
    '/user/accounts/invite',
    { email, name: 'Vera Door', subtype: 'vendor', building_slugs: ['marina-lofts'] },
    owner,
  );
  expect(response.status).toBe(201);
}

async function outboxRow(email: string) {
  const [row] = await api.db.query<{
    id: string;
    subject: string;
    body: string | null;
    delivered_at: string | null;
    attempts: number;
    last_error: string | null;
    next_attempt_at: string;
  }>(
    `select id::text as id, subject, body, delivered_at, attempts, last_error, next_attempt_at
     from mail_outbox where to_address = $1 order by id desc limit 1`,
    [email],
  );
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}

describe('deliverWaitingMail with the file transport', () => {
  it('writes an invite as a mail file with its link, marks it delivered, and writes it once', async () => {
    await inviteVendor('vera.door@example.test');
    const row = await outboxRow('vera.door@example.test');
    expect(row.delivered_at).toBeNull();

    expect(await deliverWaitingMail(api.db, fileTransport(mailDir))).toEqual({
      delivered: 1,
      failed: 0,
    });
    const file = mailFileName({ id: row.id, to: 'vera.door@example.test' });
    expect(mailFiles()).toEqual([file]);
    const text = readFileSync(path.join(mailDir, file), 'utf8');
    expect(text).toMatch(/^To: vera\.door@example\.test\r$/m);
    expect(text).toMatch(/^Subject: Olivia Hart invited you to .+ on Hostdash\r$/m);
    expect(text).toMatch(/\r\n\r\nHello Vera Door,\r\n/);
    expect(text).toMatch(/http:\/\/localhost:3000\/accept-invite\/\S+/);
    expect((await outboxRow('vera.door@example.test')).delivered_at).not.toBeNull();

    expect(await deliverWaitingMail(api.db, fileTransport(mailDir))).toEqual({
      delivered: 0,
      failed: 0,
    });
    expect(mailFiles()).toHaveLength(1);
  });

  it('delivers a password reset mail the same way', async () => {
    expect(
      (await api.post('/user/auth/password/reset', { email: 'manager@hostdash.test' })).status,
    ).toBe(200);
    await deliverWaitingMail(api.db, fileTransport(mailDir));
    const [file] = mailFiles();
    expect(file).toMatch(/-manager@hostdash\.test\.eml$/);
    expect(readFileSync(path.join(mailDir, file!), 'utf8')).toMatch(/\/account\/reset\/\S+/);
  });

  it('hands two rounds at once each mail only once', async () => {
    for (const name of ['ana', 'ben', 'cy']) await inviteVendor(`${name}@example.test`);
    const delivered: string[] = [];
    const counting: MailTransport = {
      name: 'counting',
      deliver: async (mail) => {
        delivered.push(mail.to);
      },
    };
    const rounds = await Promise.all([
      deliverWaitingMail(api.db, counting),
      deliverWaitingMail(api.db, counting),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.delivered, 0)).toBe(3);
    expect(delivered.sort()).toEqual(['ana@example.test', 'ben@example.test', 'cy@example.test']);
  });

  it('asked to stop (the API shutting down), ends its round after the mail under way and lets the rest go', async () => {
    for (const name of ['dee', 'eli', 'fay']) await inviteVendor(`${name}@example.test`);
    let stopping = false;
    const delivered: string[] = [];
    const stopsAfterOne: MailTransport = {
      name: 'stops-after-one',
      deliver: async (mail) => {
        delivered.push(mail.to);
        stopping = true;
      },
    };
    expect(await deliverWaitingMail(api.db, stopsAfterOne, 20, () => stopping)).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect((await outboxRow(delivered[0]!)).delivered_at).not.toBeNull();
    // The others were neither marked nor kept locked: the next round (here or another API's) has them.
    stopping = false;
    expect(await deliverWaitingMail(api.db, stopsAfterOne, 20, () => false)).toEqual({
      delivered: 2,
      failed: 0,
    });
    expect(delivered.sort()).toEqual(['dee@example.test', 'eli@example.test', 'fay@example.test']);
  });

  it('keeps a mail the transport refused, with why, and tries it again only after a wait', async () => {
    await inviteVendor('wait.later@example.test');
    const refusing: MailTransport = {
      name: 'refusing',
      deliver: async () => {
        throw new Error('disk full');
      },
    };
    expect(await deliverWaitingMail(api.db, refusing)).toEqual({ delivered: 0, failed: 1 });
    const failed = await outboxRow('wait.later@example.test');
    expect(failed).toMatchObject({ delivered_at: null, attempts: 1, last_error: 'disk full' });
    expect(Date.parse(failed.next_attempt_at)).toBeGreaterThan(Date.now());

    // Not due yet: the next round leaves it.
    expect(await deliverWaitingMail(api.db, fileTransport(mailDir))).toEqual({
      delivered: 0,
      failed: 0,
    });
    await api.db.query('update mail_outbox set next_attempt_at = now() where id = $1::bigint', [
      failed.id,
    ]);
    expect(await deliverWaitingMail(api.db, fileTransport(mailDir))).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(await outboxRow('wait.later@example.test')).toMatchObject({
      attempts: 2,
      last_error: null,
    });
  });

  it('keeps no body once the mail is handed over: the record stays, the link does not', async () => {
    await inviteVendor('no.copy@example.test');
    const waiting = await outboxRow('no.copy@example.test');
    const link = /https?:\/\/\S+\/accept-invite\/\S+/.exec(waiting.body ?? '')?.[0];
    expect(link).toBeDefined();

    await deliverWaitingMail(api.db, fileTransport(mailDir));
    // The person has the link, in the file (the mail they received) …
    expect(readFileSync(path.join(mailDir, mailFiles()[0]!), 'utf8')).toContain(link);
    // … and the outbox no longer has it anywhere: what was sent, to whom and when, only.
    const delivered = await outboxRow('no.copy@example.test');
    expect(delivered).toMatchObject({ body: null, attempts: 1 });
    expect(delivered.delivered_at).not.toBeNull();
    expect(delivered.subject).toMatch(/invited you to/);
    const [anywhere] = await api.db.query<{ count: number }>(
      `select count(*)::int as count from mail_outbox where mail_outbox::text like '%' || $1 || '%'`,
      [new URL(link!).pathname],
    );
    expect(anywhere?.count).toBe(0);
  });

  it('keeps the body of a mail the transport refused: it is still to be sent', async () => {
    await inviteVendor('still.waiting@example.test');
    const refusing: MailTransport = {
      name: 'refusing',
      deliver: async () => {
        throw new Error('connection refused');
      },
    };
    await deliverWaitingMail(api.db, refusing);
    const failed = await outboxRow('still.waiting@example.test');
    expect(failed).toMatchObject({ delivered_at: null, attempts: 1 });
    expect(failed.body).toMatch(/\/accept-invite\/\S+/);
  });

  it('the database refuses a delivered mail that keeps its body, and a waiting one without', async () => {
    await inviteVendor('constraint@example.test');
    const { id } = await outboxRow('constraint@example.test');
    await expect(
      api.db.query('update mail_outbox set delivered_at = now() where id = $1::bigint', [id]),
    ).rejects.toThrow(/mail_outbox_body_until_delivered/);
    await expect(
      api.db.query('update mail_outbox set body = null where id = $1::bigint', [id]),
    ).rejects.toThrow(/mail_outbox_body_until_delivered/);
  });

  it('creates MAIL_DIR when it is not there yet', async () => {
    const nested = path.join(mailDir, 'not', 'yet');
    await inviteVendor('new.folder@example.test');
    await deliverWaitingMail(api.db, fileTransport(nested));
    expect(existsSync(nested) && readdirSync(nested)).toHaveLength(1);
  });
});

describe('the hourly maintenance', () => {
  it('forgets a delivered mail after 30 days, and never a waiting one, however old', async () => {
    for (const name of ['old.sent', 'recent.sent', 'old.waiting'])
      await inviteVendor(`${name}@example.test`);
    const delivering: MailTransport = {
      name: 'delivering',
      deliver: async (mail) => {
        if (mail.to.endsWith('.waiting@example.test')) throw new Error('mailbox unavailable');
      },
    };
    await deliverWaitingMail(api.db, delivering);
    await api.db.query(
      `update mail_outbox set delivered_at = now() - interval '31 days'
       where to_address = 'old.sent@example.test'`,
    );
    await api.db.query(
      `update mail_outbox set delivered_at = now() - interval '29 days'
       where to_address = 'recent.sent@example.test'`,
    );
    await api.db.query(
      `update mail_outbox set created_at = now() - interval '90 days'
       where to_address = 'old.waiting@example.test'`,
    );

    await deleteExpiredRows(api.db);
    const left = await api.db.query<{ to_address: string }>(
      `select to_address from mail_outbox
       where to_address in ('old.sent@example.test', 'recent.sent@example.test', 'old.waiting@example.test')
       order by to_address`,
    );
    expect(left.map((row) => row.to_address)).toEqual([
      'old.waiting@example.test',
      'recent.sent@example.test',
    ]);
  });
});

describe('retryDelayMs', () => {
  it('waits 30 seconds, then twice as long each time, at most an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(5)).toBe(480_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});

describe('startMailDelivery', () => {
  it('delivers on its own and logs neither the address nor the link', async () => {
    const lines: string[] = [];
    const { log } = Fastify({
      logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
    });
    await inviteVendor('quiet.log@example.test');
    const worker = startMailDelivery({
      db: api.db,
      transport: fileTransport(mailDir),
      log,
      intervalMs: 10,
    });
    try {
      while ((await outboxRow('quiet.log@example.test')).delivered_at === null)
        await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      await worker.stop();
    }
    expect(mailFiles()).toHaveLength(1);
    const logged = lines.join('');
    expect(logged).toContain('"event":"mail_delivered"');
    expect(logged).not.toMatch(/quiet\.log|accept-invite|Vera Door/);
  });
});
