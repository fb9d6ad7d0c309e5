// Billing without staff (issue 32), on the real database and the test-mode provider: the monthly
// schedule fires on the first and closes each account's month once across two instances; a
// declined charge is tried again on the days of BILLING_RETRY_DAYS (a test clock: due times are
// moved in the database), the owner is mailed each time (read from the test SMTP server), the
// account is past due after the last try, and a new card pays at once and ends it all.
import { runDueJobs } from '../jobs/jobWorker';
import { enqueueJob, type JobServices } from '../jobs/jobs';
import { queueDueSchedules, registerSchedules } from '../jobs/schedules';
import { mailJob } from '../mail/mailJob';
import { smtpTransport } from '../mail/smtpTransport';
import { parseMailAddress } from '../mail/transport';
import { testJobServices } from '../testing/jobServices';
import { settleWaitingMail } from '../testing/mailJobs';
import { mailParts, startSmtpTestServer, type SmtpTestServer } from '../testing/smtpTestServer';
import { startTestApi, type TestApi } from '../testing/testApi';
import {
  BILLING_CLOSE_ACCOUNT_QUEUE,
  BILLING_JOBS,
  billingCloseSchedule,
  monthBefore,
} from './billingJobs';
import { BILLING_RETRY_QUEUE } from './dunning';

const VISA = '4242424242424242';
/** Attaches, and every charge on it is declined. */
const CHARGE_DECLINED = '4000000000000341';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

let api: TestApi;
let smtp: SmtpTestServer;
let services: JobServices;
let ownerSession: string;
let adminSession: string;
let ownerId: string;

beforeAll(async () => {
  api = await startTestApi();
  smtp = await startSmtpTestServer();
  services = testJobServices(api, {
    mail: smtpTransport({
      url: smtp.url,
      from: parseMailAddress('Hostdash <billing@hostdash.test>')!,
    }),
  });
  ownerSession = await api.signIn('owner@hostdash.test');
  adminSession = await api.signIn('admin@hostdash.test');
  const [owner] = await api.db.query<{ id: string }>(
    `select id::text as id from users where email = 'owner@hostdash.test'`,
  );
  ownerId = owner!.id;
  await settleWaitingMail(api.db);
});
afterAll(async () => {
  await smtp.close();
  await api.close();
});

/** Runs the billing and mail jobs that are due, round after round, until none is left. */
async function runBillingJobs(): Promise<void> {
  for (let round = 0; round < 10; round += 1) {
    const results = await runDueJobs(services, [...BILLING_JOBS, mailJob]);
    if (results.length === 0) return;
  }
}

/** `YYYY-MM` of `months` months ago. */
const monthsAgo = async (months: number): Promise<string> =>
  (
    await api.db.query<{ period: string }>(
      `select to_char(current_date - $1::int * interval '1 month', 'YYYY-MM') as period`,
      [months],
    )
  )[0]!.period;

async function saveCard(number: string): Promise<void> {
  const token = await api.post<{ id: string }>(
    '/billing/test-provider/payment-methods',
    { number, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123', name: 'Olivia Hart' },
    ownerSession,
  );
  expect(token.status).toBe(200);
  const saved = await api.post(
    `/user/billing/updateCard/${ownerId}`,
    { payment_method: token.body.id },
    ownerSession,
  );
  expect(saved.status).toBe(200);
}

interface InvoiceRow {
  id: string;
  status: string;
  failed_tries: number;
  /** Whole days from the first failure to the next try; null when none is planned. */
  next_try_day: number | null;
}

async function invoiceOf(period: string): Promise<InvoiceRow> {
  const [row] = await api.db.query<InvoiceRow>(
    `select id::text as id, status, failed_tries,
            round(extract(epoch from next_try_at - first_failed_at) / 86400)::int as next_try_day
     from invoices where account_id = 1 and period = $1`,
    [period],
  );
  return row!;
}

/** The test clock: a day passes — the invoice's dates move back, and its retry job is due. */
async function daysPass(invoiceId: string, days: number): Promise<void> {
  await api.db.query(
    `update invoices set first_failed_at = first_failed_at - $2::int * interval '1 day',
            next_try_at = next_try_at - $2::int * interval '1 day'
     where id = $1::bigint`,
    [invoiceId, days],
  );
  await api.db.query(
    `update jobs set run_after = run_after - $1::int * interval '1 day' where queue = $2 and state = 'queued'`,
    [days, BILLING_RETRY_QUEUE],
  );
}

/** Subjects of the mails the SMTP server received for the owner since `from`. */
const ownerMailsFrom = (from: number) =>
  smtp.received
    .slice(from)
    .filter((mail) => mail.to.includes('owner@hostdash.test'))
    .map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '');

test('the schedule fires at 02:00 UTC on the first, once across two instances', async () => {
  await registerSchedules(api.db, [billingCloseSchedule], new Date('2026-11-15T12:00:00Z'));
  const [row] = await api.db.query<{ next_run_at: string }>(
    `select next_run_at from job_schedules where name = 'billing.close'`,
  );
  expect(row!.next_run_at).toBe('2026-12-01T02:00:00.000Z');
  expect(monthBefore('2026-12-01T02:00:00.000Z')).toBe('2026-11');
  expect(monthBefore('2027-01-01T02:00:00.000Z')).toBe('2026-12');

  // The first of the month after the period nine months ago, at 02:00: the schedule is due.
  const period = await monthsAgo(9);
  await api.db.query(
    `update job_schedules set next_run_at = (to_date($1, 'YYYY-MM') + interval '1 month' + interval '2 hours')
     where name = 'billing.close'`,
    [period],
  );
  const [first, second] = await Promise.all([
    queueDueSchedules(api.db, [billingCloseSchedule]),
    queueDueSchedules(api.db, [billingCloseSchedule]),
  ]);
  expect([...first, ...second]).toEqual(['billing.close']);
  // Two workers take the sweep and the accounts' jobs as they come.
  await Promise.all([runBillingJobs(), runBillingJobs()]);
  const closes = await api.db.query<{ key: string; state: string }>(
    `select key, state from jobs where queue = $1 and payload->>'period' = $2`,
    [BILLING_CLOSE_ACCOUNT_QUEUE, period],
  );
  expect(closes.length).toBeGreaterThan(0);
  expect(closes.every((job) => job.state === 'succeeded')).toBe(true);
  expect(closes.map((job) => job.key)).toContain(`1:${period}`);
  const invoice = await invoiceOf(period);
  expect(invoice.status).toBe('paid');
  // One invoice per account and one charge per invoice, however many workers looked.
  const [counts] = await api.db.query<{ invoices: number; accounts: number; charges: number }>(
    `select count(*)::int as invoices, count(distinct account_id)::int as accounts,
            (select count(*)::int from test_provider_charges c
             where c.idempotency_key in (select 'invoice_' || i.id from invoices i where i.period = $1)) as charges
     from invoices where period = $1`,
    [period],
  );
  expect(counts!.invoices).toBe(counts!.accounts);
  const [charged] = await api.db.query<{ n: number }>(
    `select count(*)::int as n from test_provider_charges where idempotency_key = $1`,
    [`invoice_${invoice.id}`],
  );
  expect(charged!.n).toBe(1);

  // The sweep again for the same month (a run by hand): nothing more is charged.
  const [year, month] = period.split('-').map(Number) as [number, number];
  await enqueueJob(api.db, {
    queue: 'billing.close',
    key: 'again',
    payload: { period: new Date(Date.UTC(year, month, 1, 2)).toISOString() },
  });
  await runBillingJobs();
  expect(await invoiceOf(period)).toMatchObject({ status: 'paid', failed_tries: 0 });
  const [after] = await api.db.query<{ n: number }>(
    `select count(*)::int as n from test_provider_charges where idempotency_key like $1`,
    [`invoice_${invoice.id}%`],
  );
  expect(after!.n).toBe(1);
});

test('a declined month is tried again on days 1, 3 and 7, then past due; a new card ends it', async () => {
  await saveCard(CHARGE_DECLINED);
  const period = await monthsAgo(10);
  const mailsFrom = smtp.received.length;
  await enqueueJob(api.db, {
    queue: BILLING_CLOSE_ACCOUNT_QUEUE,
    key: `1:${period}`,
    payload: { accountId: '1', period },
  });
  await runBillingJobs();
  const invoice = await invoiceOf(period);
  expect(invoice).toMatchObject({ status: 'failed', failed_tries: 1, next_try_day: 1 });

  // The owner is told, and the app-wide banner has what it needs.
  expect(ownerMailsFrom(mailsFrom)).toEqual([
    expect.stringMatching(/^Your payment for [A-Z][a-z]+ \d{4} failed: please update your card$/),
  ]);
  const mail = mailParts(smtp.received.at(-1)!.raw).text ?? '';
  expect(mail).toMatch(/We will try again on \d{1,2} [A-Z][a-z]+ \d{4}\./);
  expect(mail).toContain('http://localhost:3000/billing');
  const signedIn = await api.get<{ billing: Record<string, unknown> }>('/loadAuth', ownerSession);
  expect(signedIn.body.billing).toMatchObject({
    past_due_since: null,
    failed_payment: { period, next_try_at: expect.any(String) },
  });

  // Not yet due: nothing happens.
  await runBillingJobs();
  expect(await invoiceOf(period)).toMatchObject({ failed_tries: 1 });

  // Day 1, day 3: declined again, the next try planned from the first failure.
  await daysPass(invoice.id, 1);
  await runBillingJobs();
  expect(await invoiceOf(period)).toMatchObject({ failed_tries: 2, next_try_day: 3 });
  await daysPass(invoice.id, 2);
  await runBillingJobs();
  expect(await invoiceOf(period)).toMatchObject({ failed_tries: 3, next_try_day: 7 });
  // Day 7: the last try. The account is past due; nothing more is planned.
  await daysPass(invoice.id, 4);
  await runBillingJobs();
  expect(await invoiceOf(period)).toMatchObject({
    status: 'failed',
    failed_tries: 4,
    next_try_day: null,
  });
  const subjects = ownerMailsFrom(mailsFrom);
  expect(subjects).toHaveLength(4);
  expect(subjects.at(-1)).toMatch(/^Your Hostdash account is past due/);
  const pastDue = await api.get<{ billing: Record<string, unknown> }>('/loadAuth', ownerSession);
  expect(pastDue.body.billing).toMatchObject({
    past_due_since: expect.any(String),
    failed_payment: { period, next_try_at: null },
  });
  const page = await api.get<{ warnings: { code: string; message: string }[] }>(
    `/user/billing/load/${ownerId}`,
    ownerSession,
  );
  expect(page.body.warnings.find((warning) => warning.code === 'past_due')?.message).toMatch(
    /^Your account is past due: every try to charge [A-Z][a-z]+ \d{4} failed\..*Screening keeps running\./,
  );
  const staffList = await api.get<{ items: { email: string }[] }>(
    '/admin/user/load?past_due=true&size=100',
    adminSession,
  );
  expect(staffList.body.items.map((user) => user.email)).toContain('owner@hostdash.test');
  expect(staffList.body.items.every((user) => user.email.endsWith('.test'))).toBe(true);

  // An old retry job that comes again finds nothing to do.
  await enqueueJob(api.db, {
    queue: BILLING_RETRY_QUEUE,
    key: `${invoice.id}:2`,
    payload: { invoiceId: invoice.id, failedTries: 2 },
  });
  await runBillingJobs();
  expect(await invoiceOf(period)).toMatchObject({ failed_tries: 4 });

  // A new card pays at once; the account is no longer past due and the owner is thanked.
  const beforeCard = smtp.received.length;
  await saveCard(VISA);
  await runBillingJobs();
  expect(await invoiceOf(period)).toMatchObject({ status: 'paid', next_try_day: null });
  expect(ownerMailsFrom(beforeCard)).toEqual([
    expect.stringMatching(/^Thank you: your payment for [A-Z][a-z]+ \d{4} went through$/),
  ]);
  const cleared = await api.get<{ billing: Record<string, unknown> }>('/loadAuth', ownerSession);
  expect(cleared.body.billing).toMatchObject({ past_due_since: null, failed_payment: null });
  const [paid] = await api.db.query<{ n: number }>(
    `select count(*)::int as n from test_provider_charges
     where idempotency_key like $1 and status = 'succeeded'`,
    [`invoice_${invoice.id}%`],
  );
  expect(paid!.n).toBe(1);
});

test('a month with no card on file is a failed try, and the owner is asked for a card', async () => {
  await api.db.query(
    `update accounts set payment_method_id = null, card_brand = null, card_last4 = null,
            card_exp_month = null, card_exp_year = null, card_name = null
     where id = 1`,
  );
  const period = await monthsAgo(11);
  await enqueueJob(api.db, {
    queue: BILLING_CLOSE_ACCOUNT_QUEUE,
    key: `1:${period}`,
    payload: { accountId: '1', period },
  });
  await runBillingJobs();
  const [row] = await api.db.query<{ status: string; failure_code: string; failed_tries: number }>(
    `select status, failure_code, failed_tries from invoices where account_id = 1 and period = $1`,
    [period],
  );
  expect(row).toEqual({ status: 'failed', failure_code: 'no_payment_method', failed_tries: 1 });
});
