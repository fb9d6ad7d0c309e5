// /admin/jobs and /admin/mails (issue 31): staff see every queue's work and the schedules, retry
// or discard a job (audited), and read the mail log per recipient, never a payload or a body.
import { enqueueJob, PermanentJobError, type JobServices } from '../jobs/jobs';
import { runDueJobs } from '../jobs/jobWorker';
import { registerSchedules } from '../jobs/schedules';
import { queueMail } from '../mail/outbox';
import { startTestApi, type TestApi } from '../testing/testApi';
import { testJobServices } from '../testing/jobServices';
import type { AuditEntry } from './audit';
import { auditFor } from './audit';
import type { AdminJob, AdminMail } from './jobAdminSchemas';

interface Overview {
  queues: Array<{
    queue: string;
    queued_due: number;
    queued_later: number;
    running: number;
    failed: number;
    succeeded_24h: number;
  }>;
  schedules: Array<{
    name: string;
    cron: string;
    queue: string;
    next_run_at: string;
    last_run_at: string | null;
  }>;
  jobs: { items: AdminJob[]; total: number; size: number; from: number };
}

interface MailPage {
  items: AdminMail[];
  total: number;
  size: number;
  from: number;
}

const QUEUE = 'test.admin';
const FAILING = 'test.fails';
/** What a payload may hold that the admin must never read. */
const SECRET_PAYLOAD = {
  email: 'guest@example.com',
  token: 'one-time-token-123',
  sessionId: 'abc123',
  apiKeyId: 'key-1',
  body: 'Dear guest, https://hostdash.test/guest/secret-link',
};

let api: TestApi;
let admin: string;
let owner: string;
/** The ids of the jobs made in beforeAll, by what they are. */
const jobs = {} as Record<
  'running' | 'due' | 'later' | 'failed' | 'succeeded' | 'discarded',
  string
>;

async function job(
  queue: string,
  payload: Record<string, unknown>,
  set: string,
  key: string | null = null,
): Promise<string> {
  const id = await enqueueJob(api.db, { queue, payload, key });
  if (!id) throw new Error('the job was not queued');
  if (set) await api.db.query(`update jobs set ${set} where id = $1::bigint`, [id]);
  return id;
}

const services = (): JobServices => testJobServices(api, { log: api.app.log });

const overview = (query = '', session = admin) =>
  api.get<Overview>(`/admin/jobs${query ? `?${query}` : ''}`, session);

const jobAudit = async (): Promise<AuditEntry[]> => {
  const [user] = await api.db.query<{ id: string }>(
    `select id::text as id from users where email = 'admin@hostdash.test'`,
  );
  return auditFor(api.db, { actorUserId: user!.id, actionPrefix: 'job.' });
};

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.signIn('admin@hostdash.test');
  owner = await api.signIn('owner@hostdash.test');
  await registerSchedules(api.db, [
    { name: 'maintenance', cron: '7 * * * *', queue: 'maintenance' },
  ]);
  // A real failure: the worker tries it once and keeps its error.
  await enqueueJob(api.db, {
    queue: FAILING,
    payload: { connectionId: '42', ...SECRET_PAYLOAD },
    maxAttempts: 1,
  });
  const results = await runDueJobs(services(), [
    {
      queue: FAILING,
      run: async () => {
        throw new PermanentJobError('The system refused the credentials.');
      },
    },
  ]);
  expect(results).toEqual([expect.objectContaining({ outcome: 'failed' })]);
  jobs.running = await job(
    QUEUE,
    { reservationId: '7' },
    `state = 'running', attempts = 1, locked_by = 'worker-a', locked_until = now() + interval '1 minute', started_at = now()`,
  );
  jobs.due = await job(QUEUE, { reservationId: '8' }, `run_after = now() - interval '1 minute'`);
  jobs.later = await job(
    QUEUE,
    { reservationId: '9', period: '2026-11-23T10:00:00.000Z', ...SECRET_PAYLOAD },
    `run_after = now() + interval '10 minutes', attempts = 2, last_error = 'Connection refused'`,
    'stay-9',
  );
  jobs.failed = await job(
    QUEUE,
    { reservationId: '10' },
    `state = 'failed', attempts = 5, last_error = 'Gave up', finished_at = now() - interval '1 hour'`,
    'stay-10',
  );
  jobs.succeeded = await job(
    QUEUE,
    { reservationId: '11' },
    `state = 'succeeded', attempts = 1, finished_at = now() - interval '2 hours'`,
  );
  jobs.discarded = await job(
    QUEUE,
    { reservationId: '12' },
    `state = 'discarded', finished_at = now() - interval '3 hours'`,
  );
  // Succeeded two days ago: not in the last 24 hours' count.
  await job(QUEUE, {}, `state = 'succeeded', finished_at = now() - interval '2 days'`);
  // A copy of the seeded database, on a machine shared with other suites: room to start.
}, 90_000);
afterAll(() => api.close());

describe('GET /admin/jobs', () => {
  it('is for staff only', async () => {
    expect((await api.get('/admin/jobs')).status).toBe(401);
    expect(await overview('', owner)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
  });

  it('counts each queue’s work and lists the schedules', async () => {
    const { status, body } = await overview();
    expect(status).toBe(200);
    expect(body.queues.find((queue) => queue.queue === QUEUE)).toEqual({
      queue: QUEUE,
      queued_due: 1,
      queued_later: 1,
      running: 1,
      failed: 1,
      succeeded_24h: 1,
    });
    expect(body.queues.find((queue) => queue.queue === FAILING)).toMatchObject({ failed: 1 });
    // A scheduled queue is listed even with nothing in it.
    expect(body.queues.find((queue) => queue.queue === 'maintenance')).toBeDefined();
    expect(body.schedules).toContainEqual({
      name: 'maintenance',
      cron: '7 * * * *',
      queue: 'maintenance',
      next_run_at: expect.stringMatching(/:07:00\.000Z$/),
      last_run_at: null,
    });
  });

  it('lists the running jobs with their worker and lease', async () => {
    const { body } = await overview(`queue=${QUEUE}&state=running`);
    expect(body.jobs.total).toBe(1);
    expect(body.jobs.items[0]).toMatchObject({
      id: jobs.running,
      state: 'running',
      locked_by: 'worker-a',
      locked_until: expect.any(String),
      started_at: expect.any(String),
      attempts: 1,
    });
  });

  it('lists the waiting jobs by when they are due, a retry with its tries and error', async () => {
    const { body } = await overview(`queue=${QUEUE}&state=queued`);
    expect(body.jobs.items.map((item) => item.id)).toEqual([jobs.due, jobs.later]);
    expect(body.jobs.items[1]).toMatchObject({
      attempts: 2,
      last_error: 'Connection refused',
      finished_at: null,
    });
    expect(Date.parse(body.jobs.items[1]!.run_after)).toBeGreaterThan(Date.now());
  });

  it('lists the failed jobs newest first with their error, tries and end', async () => {
    const { body } = await overview('state=failed');
    const ours = body.jobs.items.filter((item) => [QUEUE, FAILING].includes(item.queue));
    expect(ours).toEqual([
      expect.objectContaining({
        queue: FAILING,
        last_error: 'The system refused the credentials.',
        attempts: 1,
        max_attempts: 1,
        finished_at: expect.any(String),
      }),
      expect.objectContaining({ id: jobs.failed, last_error: 'Gave up', attempts: 5 }),
    ]);
  });

  it('lists the finished and the discarded, and every state without a filter', async () => {
    expect((await overview(`queue=${QUEUE}&state=succeeded`)).body.jobs.total).toBe(2);
    expect((await overview(`queue=${QUEUE}&state=discarded`)).body.jobs.items).toEqual([
      expect.objectContaining({ id: jobs.discarded, state: 'discarded' }),
    ]);
    expect((await overview(`queue=${QUEUE}`)).body.jobs.total).toBe(7);
  });

  it('pages, and counts past the last page', async () => {
    const second = await overview(`queue=${QUEUE}&state=queued&size=1&from=1`);
    expect(second.body.jobs).toMatchObject({ total: 2, size: 1, from: 1 });
    expect(second.body.jobs.items.map((item) => item.id)).toEqual([jobs.later]);
    const past = await overview(`queue=${QUEUE}&state=queued&size=1&from=5`);
    expect(past.body.jobs).toMatchObject({ items: [], total: 2 });
  });

  it('answers the ids a payload names, never the payload', async () => {
    const { body, text } = await overview(`queue=${QUEUE}&state=queued`);
    expect(body.jobs.items[1]!.refs).toEqual({
      reservationId: '9',
      period: '2026-11-23T10:00:00.000Z',
    });
    const failed = await overview(`queue=${FAILING}`);
    expect(failed.body.jobs.items[0]!.refs).toEqual({ connectionId: '42' });
    for (const answer of [text, failed.text]) {
      for (const secret of Object.values(SECRET_PAYLOAD)) expect(answer).not.toContain(secret);
      expect(answer).not.toContain('stay-9');
    }
  });

  it('refuses a state or queue it does not know', async () => {
    expect(await overview('state=stuck')).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect((await overview('queue=Not%20a%20queue')).status).toBe(400);
  });
});

describe('POST /admin/jobs/{id}/retry and /discard', () => {
  it('queues a failed job again now, its tries from 0, and audits it', async () => {
    const id = await job(
      QUEUE,
      {},
      `state = 'failed', attempts = 5, last_error = 'Timed out', finished_at = now()`,
    );
    const response = await api.post<AdminJob>(`/admin/jobs/${id}/retry`, undefined, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      state: 'queued',
      attempts: 0,
      last_error: null,
      finished_at: null,
    });
    expect(Date.parse(response.body.run_after)).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await jobAudit())[0]).toMatchObject({
      action: 'job.retry',
      detail: { job_id: id, queue: QUEUE, from: 'failed' },
    });
  });

  it('discards a queued job and a failed one, audited; a discarded one can be retried', async () => {
    const queued = await job(QUEUE, {}, '');
    const discarded = await api.post<AdminJob>(`/admin/jobs/${queued}/discard`, undefined, admin);
    expect(discarded).toMatchObject({
      status: 200,
      body: { id: queued, state: 'discarded', finished_at: expect.any(String) },
    });
    expect((await jobAudit())[0]).toMatchObject({
      action: 'job.discard',
      detail: { job_id: queued, queue: QUEUE, from: 'queued' },
    });
    const failed = await job(QUEUE, {}, `state = 'failed', finished_at = now()`);
    expect((await api.post(`/admin/jobs/${failed}/discard`, undefined, admin)).status).toBe(200);
    expect(
      (await api.post<AdminJob>(`/admin/jobs/${queued}/retry`, undefined, admin)).body,
    ).toMatchObject({ state: 'queued', finished_at: null });
  });

  it('refuses a state that cannot change with 409, and an unknown job with 404', async () => {
    const refused = async (id: string, action: 'retry' | 'discard', error: string) =>
      expect(await api.post(`/admin/jobs/${id}/${action}`, undefined, admin)).toMatchObject({
        status: 409,
        body: { error, message: expect.stringMatching(/^Job \d+ /) },
      });
    await refused(jobs.running, 'retry', 'job_not_retryable');
    await refused(jobs.due, 'retry', 'job_not_retryable');
    await refused(jobs.succeeded, 'retry', 'job_not_retryable');
    await refused(jobs.running, 'discard', 'job_not_discardable');
    await refused(jobs.succeeded, 'discard', 'job_not_discardable');
    await refused(jobs.discarded, 'discard', 'job_not_discardable');
    const unknown = await api.post('/admin/jobs/999999999/retry', undefined, admin);
    expect(unknown).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await api.post('/admin/jobs/999999999/discard', undefined, admin)).status).toBe(404);
    // Nothing changed, nothing audited for the refusals.
    const [running] = await api.db.query<{ state: string }>(
      'select state from jobs where id = $1::bigint',
      [jobs.running],
    );
    expect(running?.state).toBe('running');
  });

  it('will not queue a second job for the same work', async () => {
    // stay-10 failed; another job for stay-10 is waiting now.
    const twin = await job(QUEUE, {}, '', 'stay-10');
    expect(await api.post(`/admin/jobs/${jobs.failed}/retry`, undefined, admin)).toMatchObject({
      status: 409,
      body: { error: 'job_already_queued', message: expect.stringContaining(`Job ${twin} `) },
    });
  });

  it('is for staff only', async () => {
    expect((await api.post(`/admin/jobs/${jobs.failed}/retry`, undefined, owner)).status).toBe(403);
    expect((await api.post(`/admin/jobs/${jobs.due}/discard`)).status).toBe(401);
  });
});

describe('a mail job and the mail log', () => {
  const GUEST = 'Maria.Costa@Example.com';
  let failedMail: string;

  /** The mail job of `mailId`, made to fail as the delivery job leaves it on a permanent refusal. */
  async function failMail(mailId: string): Promise<string> {
    await api.db.query(
      `update mail_outbox set failed_at = now(), attempts = 1,
         last_error = '550 5.1.1 Mailbox unavailable' where id = $1::bigint`,
      [mailId],
    );
    const [row] = await api.db.query<{ id: string }>(
      `update jobs set state = 'failed', attempts = 1, finished_at = now(),
         last_error = '550 5.1.1 Mailbox unavailable'
       where queue = 'mail' and payload->>'mailId' = $1 returning id::text as id`,
      [mailId],
    );
    return row!.id;
  }

  beforeAll(async () => {
    const mail = (subject: string, kind: 'guest_invite' | 'password_reset' = 'guest_invite') =>
      queueMail(api.db, {
        to: GUEST.toLowerCase(),
        kind,
        subject,
        text: `Your link: https://hostdash.test/guest/one-time-${subject}`,
        html: `<a href="https://hostdash.test/guest/one-time-${subject}">Open</a>`,
        accountId: '1',
      });
    await mail('first');
    failedMail = await mail('second');
    await mail('third', 'password_reset');
    await api.db.query(
      `update mail_outbox set delivered_at = now(), body = null, html_body = null,
         message_id = '<abc@mail.test>', attempts = 1
       where subject = 'first' and to_address = $1`,
      [GUEST.toLowerCase()],
    );
    await queueMail(api.db, {
      to: 'someone.else@example.com',
      kind: 'guest_invite',
      subject: 'other',
      text: 'x',
      html: 'x',
    });
  });

  it('lists one recipient’s mails, newest first, whatever the case of the address', async () => {
    const { status, body } = await api.get<MailPage>(
      `/admin/mails?recipient=${encodeURIComponent(GUEST.toUpperCase())}`,
      admin,
    );
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((mail) => mail.subject)).toEqual(['third', 'second', 'first']);
    expect(body.items[2]).toEqual({
      id: expect.any(String),
      to: GUEST.toLowerCase(),
      kind: 'guest_invite',
      subject: 'first',
      state: 'delivered',
      created_at: expect.any(String),
      delivered_at: expect.any(String),
      failed_at: null,
      attempts: 1,
      last_error: null,
      message_id: '<abc@mail.test>',
      account_id: '1',
      reservation_id: null,
    });
  });

  it('filters by kind and by state, and never answers a body', async () => {
    const recipient = encodeURIComponent(GUEST);
    const kind = await api.get<MailPage>(
      `/admin/mails?recipient=${recipient}&kind=password_reset`,
      admin,
    );
    expect(kind.body.items.map((mail) => mail.subject)).toEqual(['third']);
    const queued = await api.get<MailPage>(
      `/admin/mails?recipient=${recipient}&state=queued`,
      admin,
    );
    expect(queued.body.items.map((mail) => mail.subject)).toEqual(['third', 'second']);
    for (const answer of [kind, queued]) {
      expect(answer.text).not.toContain('one-time');
      for (const mail of answer.body.items) {
        expect(Object.keys(mail)).not.toContain('body');
        expect(Object.keys(mail)).not.toContain('html_body');
      }
    }
    const unknown = await api.get<MailPage>('/admin/mails?recipient=nobody@example.com', admin);
    expect(unknown.body).toEqual({ items: [], total: 0, size: 10, from: 0 });
  });

  it('retrying a failed mail job clears the mail’s failure, so it is sent', async () => {
    const jobId = await failMail(failedMail);
    const failed = await api.get<MailPage>(
      `/admin/mails?recipient=${encodeURIComponent(GUEST)}&state=failed`,
      admin,
    );
    expect(failed.body.items).toEqual([
      expect.objectContaining({
        id: failedMail,
        state: 'failed',
        last_error: '550 5.1.1 Mailbox unavailable',
      }),
    ]);
    const retried = await api.post<AdminJob>(`/admin/jobs/${jobId}/retry`, undefined, admin);
    expect(retried.body).toMatchObject({ state: 'queued', refs: { mailId: failedMail } });
    const [mail] = await api.db.query<{ failed_at: string | null }>(
      'select failed_at from mail_outbox where id = $1::bigint',
      [failedMail],
    );
    expect(mail?.failed_at).toBeNull();
    expect((await jobAudit())[0]).toMatchObject({
      action: 'job.retry',
      detail: { job_id: jobId, queue: 'mail', mail_id: failedMail },
    });
  });

  it('discarding a waiting mail job marks the mail failed in the log', async () => {
    const [row] = await api.db.query<{ job: string; mail: string }>(
      `select j.id::text as job, m.id::text as mail from mail_outbox m
       join jobs j on j.queue = 'mail' and j.payload->>'mailId' = m.id::text
       where m.subject = 'third' and j.state = 'queued'`,
    );
    expect((await api.post(`/admin/jobs/${row!.job}/discard`, undefined, admin)).status).toBe(200);
    const { body } = await api.get<MailPage>(
      `/admin/mails?recipient=${encodeURIComponent(GUEST)}&kind=password_reset`,
      admin,
    );
    expect(body.items[0]).toMatchObject({
      state: 'failed',
      last_error: 'Discarded by Hostdash staff before it was sent.',
    });
  });

  it('lists every mail without a recipient, and refuses what is not an address', async () => {
    const all = await api.get<MailPage>('/admin/mails?size=100', admin);
    expect(all.body.items.map((mail) => mail.to)).toContain('someone.else@example.com');
    expect((await api.get('/admin/mails?recipient=maria', admin)).status).toBe(400);
    expect((await api.get('/admin/mails?state=lost', admin)).status).toBe(400);
    expect((await api.get('/admin/mails', owner)).status).toBe(403);
  });
});
