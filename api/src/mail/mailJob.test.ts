// The outbox's delivery job on the real database (docs/adr/0013-mail-delivery.md): to the file
// folder, a mail a person can open with its link written out, each once; to a real SMTP server
// started here, the text and HTML parts arrive, a server that says "later" (4xx) is tried again
// after the back-off and a refusal for good (5xx) is marked failed with the server's reason; a
// delivered mail keeps no body and is never sent again; the log names no address, subject or link.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { deleteExpiredRows } from '../db/maintenance';
import { enqueueJob } from '../jobs/jobs';
import { runMaintenance } from '../jobs/maintenanceJob';
import { deliverQueuedMail, makeMailJobsDue, settleWaitingMail } from '../testing/mailJobs';
import {
  mailHeader,
  mailParts,
  SMTP_TEST_PASSWORD,
  startSmtpTestServer,
  type SmtpTestServer,
} from '../testing/smtpTestServer';
import { startTestApi, type TestApi } from '../testing/testApi';
import { fileTransport, mailFileName } from './fileTransport';
import { failAbandonedMails, retryFailedMail } from './mailJob';
import { MAIL_QUEUE } from './outbox';
import { smtpTransport } from './smtpTransport';
import { MailDeliveryError, parseMailAddress, type MailTransport } from './transport';

let api: TestApi;
let owner: string;
let mailDir: string;
let smtp: SmtpTestServer;

const SENDER = parseMailAddress('Hostdash <no-reply@dash.example.test>')!;

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.signIn('owner@hostdash.test');
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
  await api.close();
});

beforeEach(async () => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-mail-'));
  await settleWaitingMail(api.db);
  smtp.received.length = 0;
});
afterEach(() => rmSync(mailDir, { recursive: true, force: true }));

const mailFiles = () => readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
const toServer = () => smtpTransport({ url: smtp.url, from: SENDER });

async function inviteVendor(email: string): Promise<void> {
  const response = await api.post(
    '/user/accounts/invite',
    { email, name: 'Vera Door', subtype: 'vendor', building_slugs: ['marina-lofts'] },
    owner,
  );
  expect(response.status).toBe(201);
}

interface OutboxRow {
  id: string;
  subject: string;
  body: string | null;
  html_body: string | null;
  kind: string;
  account_id: string | null;
  delivered_at: string | null;
  failed_at: string | null;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  server_reply: string | null;
}

async function outboxRow(email: string): Promise<OutboxRow> {
  const [row] = await api.db.query<OutboxRow>(
    `select id::text as id, subject, body, html_body, kind, account_id::text as account_id,
            delivered_at, failed_at, attempts, last_error, message_id, server_reply
     from mail_outbox where to_address = $1 order by id desc limit 1`,
    [email],
  );
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}

async function mailJobOf(mailId: string) {
  const [job] = await api.db.query<{
    state: string;
    attempts: number;
    last_error: string | null;
  }>(
    `select state, attempts, last_error from jobs where queue = $1 and key = $2
     order by id desc limit 1`,
    [MAIL_QUEUE, mailId],
  );
  return job;
}

/** The first link to `pathPrefix` in a mail file, found as the e2e suite's reader finds it. */
const linkIn = (mail: string, pathPrefix: string) =>
  new RegExp(`https?://\\S+${pathPrefix.replace(/[.?]/g, '\\$&')}\\S+`).exec(mail)?.[0];

describe('the mail job with the file transport', () => {
  it('writes an invite as a mail file, the text part first with its link written out, once', async () => {
    await inviteVendor('vera.door@example.test');
    const row = await outboxRow('vera.door@example.test');
    expect(row).toMatchObject({ kind: 'team_invite', delivered_at: null });
    expect(row.account_id).not.toBeNull();

    expect(await deliverQueuedMail(api, fileTransport(mailDir))).toEqual([
      expect.objectContaining({ queue: 'mail', outcome: 'succeeded' }),
    ]);
    const file = mailFileName({ id: row.id, to: 'vera.door@example.test' });
    expect(mailFiles()).toEqual([file]);
    const text = readFileSync(path.join(mailDir, file), 'utf8');
    expect(text).toMatch(/^To: vera\.door@example\.test\r$/m);
    expect(text).toMatch(/^Subject: Olivia Hart invited you to .+ on Hostdash\r$/m);
    expect(text).toMatch(new RegExp(`^Message-ID: <outbox-${row.id}@hostdash\\.local>\\r$`, 'm'));
    expect(text).toMatch(/^Content-Type: multipart\/alternative; boundary="[^"]+"\r$/m);
    expect(text.indexOf('text/plain')).toBeLessThan(text.indexOf('text/html'));
    expect(text).toMatch(/\r\n\r\nHello Vera Door,\r\n/);
    const link = linkIn(text, '/accept-invite/');
    expect(link).toMatch(/^http:\/\/localhost:3000\/accept-invite\/[\w-]+$/);
    expect(mailParts(text).html).toContain(`<a href="${link}"`);

    expect(await outboxRow('vera.door@example.test')).toMatchObject({
      message_id: `<outbox-${row.id}@hostdash.local>`,
      server_reply: null,
      attempts: 1,
    });
    expect(await deliverQueuedMail(api, fileTransport(mailDir))).toEqual([]);
    expect(mailFiles()).toHaveLength(1);
  });

  it('delivers a password reset mail the same way', async () => {
    expect(
      (await api.post('/user/auth/password/reset', { email: 'manager@hostdash.test' })).status,
    ).toBe(200);
    expect((await outboxRow('manager@hostdash.test')).kind).toBe('password_reset');
    await deliverQueuedMail(api, fileTransport(mailDir));
    const [file] = mailFiles();
    expect(file).toMatch(/-manager@hostdash\.test\.eml$/);
    expect(linkIn(readFileSync(path.join(mailDir, file!), 'utf8'), '/account/reset/')).toBeTruthy();
  });

  it('hands each mail over once when two workers run at the same time', async () => {
    for (const name of ['ana', 'ben', 'cy']) await inviteVendor(`${name}@example.test`);
    const delivered: string[] = [];
    const counting: MailTransport = {
      name: 'counting',
      deliver: async (mail) => {
        delivered.push(mail.to);
        return { messageId: `<${mail.id}@test>`, serverReply: null };
      },
    };
    const rounds = await Promise.all([
      deliverQueuedMail(api, counting),
      deliverQueuedMail(api, counting),
    ]);
    expect(rounds.flat().filter((tried) => tried.outcome === 'succeeded')).toHaveLength(3);
    expect(delivered.sort()).toEqual(['ana@example.test', 'ben@example.test', 'cy@example.test']);
  });

  it('keeps neither body once the mail is handed over: the record stays, the link does not', async () => {
    await inviteVendor('no.copy@example.test');
    const waiting = await outboxRow('no.copy@example.test');
    const link = linkIn(waiting.body ?? '', '/accept-invite/');
    expect(link).toBeDefined();
    expect(waiting.html_body).toContain(link);

    await deliverQueuedMail(api, fileTransport(mailDir));
    // The person has the link, in the file (the mail they received) …
    expect(readFileSync(path.join(mailDir, mailFiles()[0]!), 'utf8')).toContain(link);
    // … and the outbox no longer has it anywhere: what was sent, to whom and when, only.
    const delivered = await outboxRow('no.copy@example.test');
    expect(delivered).toMatchObject({ body: null, html_body: null, attempts: 1 });
    expect(delivered.delivered_at).not.toBeNull();
    expect(delivered.subject).toMatch(/invited you to/);
    const [anywhere] = await api.db.query<{ count: number }>(
      `select count(*)::int as count from mail_outbox where mail_outbox::text like '%' || $1 || '%'`,
      [new URL(link!).pathname],
    );
    expect(anywhere?.count).toBe(0);
  });

  it('keeps a mail the transport could not take, body and all, and tries it after the back-off', async () => {
    await inviteVendor('wait.later@example.test');
    const full: MailTransport = {
      name: 'full-disk',
      deliver: async (mail) => {
        // What the file system says names the file, and so the address.
        throw Object.assign(new Error(`ENOSPC: no space left, open '/mail/${mail.to}.eml'`), {
          code: 'ENOSPC',
        });
      },
    };
    expect(await deliverQueuedMail(api, full)).toEqual([
      expect.objectContaining({ outcome: 'retrying' }),
    ]);
    const refused = await outboxRow('wait.later@example.test');
    expect(refused).toMatchObject({
      delivered_at: null,
      failed_at: null,
      attempts: 1,
      last_error: 'Not sent: the mail transport failed (ENOSPC)',
    });
    expect(refused.body).toMatch(/\/accept-invite\/\S+/);
    expect(await mailJobOf(refused.id)).toMatchObject({
      state: 'queued',
      last_error: 'Not sent: the mail transport failed (ENOSPC)',
    });

    // Not due yet: the next round leaves it.
    expect(await deliverQueuedMail(api, fileTransport(mailDir))).toEqual([]);
    await makeMailJobsDue(api.db);
    expect(await deliverQueuedMail(api, fileTransport(mailDir))).toEqual([
      expect.objectContaining({ outcome: 'succeeded' }),
    ]);
    expect(await outboxRow('wait.later@example.test')).toMatchObject({
      attempts: 2,
      last_error: null,
      failed_at: null,
    });
  });

  it('creates MAIL_DIR when it is not there yet', async () => {
    const nested = path.join(mailDir, 'not', 'yet');
    await inviteVendor('new.folder@example.test');
    await deliverQueuedMail(api, fileTransport(nested));
    expect(existsSync(nested) && readdirSync(nested)).toHaveLength(1);
  });

  it('logs a mail by its id and kind: never its address, subject or link', async () => {
    const lines: string[] = [];
    const { log } = Fastify({
      logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
    });
    await inviteVendor('quiet.log@example.test');
    await inviteVendor('quiet.refused@example.test');
    const refusing: MailTransport = {
      name: 'refusing',
      deliver: async (mail) => {
        if (mail.to.startsWith('quiet.refused')) throw new Error(`no route to ${mail.to}`);
        return fileTransport(mailDir).deliver(mail);
      },
    };
    await deliverQueuedMail(api, refusing, log);
    const logged = lines.join('');
    expect(logged).toContain('"event":"mail"');
    expect(logged).toContain('"kind":"team_invite"');
    expect(logged).not.toMatch(/quiet\.|accept-invite|Vera Door|invited you/);
  });
});

describe('the mail job with a real SMTP server', () => {
  it('delivers the text and HTML parts, logged in, and records the Message-ID and the answer', async () => {
    await inviteVendor('smtp.ok@example.test');
    const row = await outboxRow('smtp.ok@example.test');
    const link = linkIn(row.body ?? '', '/accept-invite/');

    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'succeeded' }),
    ]);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({
      from: 'no-reply@dash.example.test',
      to: ['smtp.ok@example.test'],
    });
    expect(mailHeader(mail!.raw, 'Message-ID')).toBe(`<outbox-${row.id}@dash.example.test>`);
    expect(mailHeader(mail!.raw, 'From')).toBe('Hostdash <no-reply@dash.example.test>');
    expect(mailHeader(mail!.raw, 'Subject')).toMatch(/^Olivia Hart invited you to .+ on Hostdash$/);
    const { text, html } = mailParts(mail!.raw);
    expect(text).toContain('Hello Vera Door,');
    expect(text).toContain(`Accept the invite: ${link}`);
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('>Accept the invite</a>');

    expect(await outboxRow('smtp.ok@example.test')).toMatchObject({
      message_id: `<outbox-${row.id}@dash.example.test>`,
      server_reply: '250 2.0.0 Ok: queued as TEST1',
      body: null,
      html_body: null,
      attempts: 1,
      last_error: null,
      failed_at: null,
    });
  });

  it('tries again after the back-off when the server says "later" (451), then delivers once', async () => {
    await inviteVendor('smtp.later@example.test');
    const row = await outboxRow('smtp.later@example.test');
    smtp.refuseNext({ code: 451, message: '4.3.0 Mailbox busy, try again later' });

    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'retrying' }),
    ]);
    const refused = await outboxRow('smtp.later@example.test');
    expect(refused).toMatchObject({ delivered_at: null, failed_at: null, attempts: 1 });
    expect(refused.last_error).toMatch(/^The mail server refused the mail for now.*451/);
    expect(refused.body).not.toBeNull();
    expect(smtp.received).toHaveLength(0);

    await makeMailJobsDue(api.db);
    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'succeeded' }),
    ]);
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow('smtp.later@example.test')).toMatchObject({
      attempts: 2,
      last_error: null,
      message_id: `<outbox-${row.id}@dash.example.test>`,
    });
    expect(await mailJobOf(row.id)).toMatchObject({ state: 'succeeded', attempts: 2 });
  });

  it('marks a mail the server refuses for good (550) failed, with the reason, and never tries it again', async () => {
    await inviteVendor('smtp.unknown@example.test');
    const row = await outboxRow('smtp.unknown@example.test');
    smtp.refuseNext({ code: 550, message: '5.1.1 <smtp.unknown@example.test>: Mailbox unknown' });

    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'failed' }),
    ]);
    const failed = await outboxRow('smtp.unknown@example.test');
    expect(failed).toMatchObject({ delivered_at: null, attempts: 1 });
    expect(failed.failed_at).not.toBeNull();
    expect(failed.last_error).toBe(
      'The mail server refused the mail for good to RCPT: 550 5.1.1 <address>: Mailbox unknown',
    );
    expect(await mailJobOf(row.id)).toMatchObject({
      state: 'failed',
      last_error: failed.last_error,
    });

    await makeMailJobsDue(api.db);
    expect(await deliverQueuedMail(api, toServer())).toEqual([]);
    // Its job queued again (as an admin's retry would) finds the mail failed and sends nothing.
    await enqueueJob(api.db, { queue: MAIL_QUEUE, key: row.id, payload: { mailId: row.id } });
    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'failed' }),
    ]);
    expect(smtp.received).toHaveLength(0);

    // An admin's retry of the mail itself sends it (the address exists now).
    expect(await retryFailedMail(api.db, row.id)).toBe(true);
    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'succeeded' }),
    ]);
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow('smtp.unknown@example.test')).toMatchObject({
      failed_at: null,
      last_error: null,
      attempts: 2,
    });
    expect(await retryFailedMail(api.db, row.id)).toBe(false);
  });

  it('marks the mail failed when its tries run out on a server that keeps saying "later"', async () => {
    await inviteVendor('smtp.busy@example.test');
    const row = await outboxRow('smtp.busy@example.test');
    await api.db.query(
      `update jobs set max_attempts = 2 where queue = $1 and key = $2 and state = 'queued'`,
      [MAIL_QUEUE, row.id],
    );
    smtp.refuseNext(
      { code: 421, message: '4.7.0 Too many connections' },
      { code: 421, message: '4.7.0 Too many connections' },
    );
    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'retrying' }),
    ]);
    expect((await outboxRow('smtp.busy@example.test')).failed_at).toBeNull();
    await makeMailJobsDue(api.db);
    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'failed' }),
    ]);
    const failed = await outboxRow('smtp.busy@example.test');
    expect(failed).toMatchObject({ attempts: 2, delivered_at: null });
    expect(failed.failed_at).not.toBeNull();
    expect(failed.last_error).toMatch(/for now.*421 4\.7\.0 Too many connections/);
  });

  it('tries again when the server cannot be reached, saying so without the password', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await inviteVendor('smtp.down@example.test');

    const down = smtpTransport({
      url: `smtp://mailer:${encodeURIComponent(SMTP_TEST_PASSWORD)}@127.0.0.1:${port}`,
      from: SENDER,
    });
    expect(await deliverQueuedMail(api, down)).toEqual([
      expect.objectContaining({ outcome: 'retrying' }),
    ]);
    const refused = await outboxRow('smtp.down@example.test');
    expect(refused).toMatchObject({ failed_at: null, delivered_at: null, attempts: 1 });
    expect(refused.last_error).toBe(
      'Not sent: the mail server refused the connection (ECONNREFUSED)',
    );
    expect(refused.last_error).not.toContain(SMTP_TEST_PASSWORD);
  });

  it('tries again when the login is refused (the configuration, not the mail, is wrong)', async () => {
    await inviteVendor('smtp.login@example.test');
    const wrongLogin = smtpTransport({
      url: smtp.url.replace(encodeURIComponent(SMTP_TEST_PASSWORD), 'not-the-password'),
      from: SENDER,
    });
    expect(await deliverQueuedMail(api, wrongLogin)).toEqual([
      expect.objectContaining({ outcome: 'retrying' }),
    ]);
    const refused = await outboxRow('smtp.login@example.test');
    expect(refused.failed_at).toBeNull();
    expect(refused.last_error).toMatch(/^The mail server refused the SMTP login/);
    expect(refused.last_error).not.toContain('not-the-password');
    expect(smtp.received).toHaveLength(0);
  });

  it('never sends a delivered mail again when its job runs again', async () => {
    await inviteVendor('smtp.once@example.test');
    const row = await outboxRow('smtp.once@example.test');
    await deliverQueuedMail(api, toServer());
    expect(smtp.received).toHaveLength(1);

    await enqueueJob(api.db, { queue: MAIL_QUEUE, key: row.id, payload: { mailId: row.id } });
    expect(await deliverQueuedMail(api, toServer())).toEqual([
      expect.objectContaining({ outcome: 'succeeded' }),
    ]);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends a mail handed over just before a crash again with the same Message-ID', async () => {
    // The server accepted it, then the worker died before recording it: the lease runs out and the
    // mail goes again — as the same message, which receivers that deduplicate drop.
    await inviteVendor('smtp.crash@example.test');
    const row = await outboxRow('smtp.crash@example.test');
    const server = toServer();
    const crashingAfterHandOver: MailTransport = {
      name: 'crashes',
      deliver: async (mail) => {
        await server.deliver(mail);
        throw new Error('the worker died');
      },
    };
    await deliverQueuedMail(api, crashingAfterHandOver);
    await makeMailJobsDue(api.db);
    await deliverQueuedMail(api, server);
    expect(smtp.received).toHaveLength(2);
    const ids = smtp.received.map((mail) => mailHeader(mail.raw, 'Message-ID'));
    expect(ids).toEqual([
      `<outbox-${row.id}@dash.example.test>`,
      `<outbox-${row.id}@dash.example.test>`,
    ]);
  });
});

describe('the hourly maintenance', () => {
  it('forgets a delivered or failed mail after 30 days, and never a waiting one, however old', async () => {
    for (const name of ['old.sent', 'recent.sent', 'old.failed', 'old.waiting'])
      await inviteVendor(`${name}@example.test`);
    const delivering: MailTransport = {
      name: 'delivering',
      deliver: async (mail) => {
        if (mail.to === 'old.waiting@example.test') throw new Error('mailbox unavailable');
        if (mail.to === 'old.failed@example.test')
          throw new MailDeliveryError('The mail server refused the mail for good: 550', true);
        return { messageId: `<${mail.id}@test>`, serverReply: null };
      },
    };
    await deliverQueuedMail(api, delivering);
    await api.db.query(
      `update mail_outbox set delivered_at = now() - interval '31 days'
       where to_address = 'old.sent@example.test'`,
    );
    await api.db.query(
      `update mail_outbox set delivered_at = now() - interval '29 days'
       where to_address = 'recent.sent@example.test'`,
    );
    await api.db.query(
      `update mail_outbox set failed_at = now() - interval '31 days'
       where to_address = 'old.failed@example.test'`,
    );
    await api.db.query(
      `update mail_outbox set created_at = now() - interval '90 days'
       where to_address = 'old.waiting@example.test'`,
    );

    await deleteExpiredRows(api.db);
    const left = await api.db.query<{ to_address: string }>(
      `select to_address from mail_outbox
       where to_address in ('old.sent@example.test', 'recent.sent@example.test',
                            'old.failed@example.test', 'old.waiting@example.test')
       order by to_address`,
    );
    expect(left.map((row) => row.to_address)).toEqual([
      'old.waiting@example.test',
      'recent.sent@example.test',
    ]);
  });

  it('marks failed a waiting mail whose delivery job an admin discarded', async () => {
    await inviteVendor('discarded@example.test');
    const row = await outboxRow('discarded@example.test');
    await api.db.query(
      `update jobs set state = 'discarded', finished_at = now() where queue = $1 and key = $2`,
      [MAIL_QUEUE, row.id],
    );
    expect(await failAbandonedMails(api.db)).toBe(1);
    const failed = await outboxRow('discarded@example.test');
    expect(failed.failed_at).not.toBeNull();
    expect(failed.last_error).toBe('its delivery was discarded by an admin');
    // The hourly run does it too, and a mail with a job still queued is left alone.
    await inviteVendor('still.queued@example.test');
    await runMaintenance({ db: api.db, config: api.config, log: Fastify({ logger: false }).log });
    expect((await outboxRow('still.queued@example.test')).failed_at).toBeNull();
  });
});
