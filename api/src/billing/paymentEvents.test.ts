// The payment provider's events in test mode (issue 32, docs/adr/0030-stripe-webhooks.md): the
// built-in provider sends the event Stripe would after each charge, in-process, through the same
// table and job as Stripe's webhooks; the job applies each event once and only where it belongs
// (the invoice its metadata names, of that account and amount); a failure already written, or
// older than the invoice's last try, changes nothing; a payment that arrives before the month's
// close wrote its result pays the month and mails its invoice once. Also: the webhook route is off
// in test mode, and two first card saves at once make one customer.
import { runDueJobs, type TryResult } from '../jobs/jobWorker';
import { testJobServices } from '../testing/jobServices';
import { startTestApi, type TestApi } from '../testing/testApi';
import { writeInvoice } from './invoices';
import { paymentEventJob, receivePaymentEvent, type ProviderEvent } from './paymentEvents';

const CHARGE_DECLINED = '4000000000000341';
const VISA = '4242424242424242';

let api: TestApi;
const sessions: Record<string, string> = {};
const userIds: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ['owner', 'admin', 'newhost']) {
    sessions[role] = await api.signIn(`${role}@hostdash.test`);
    const [user] = await api.db.query<{ id: string }>(
      'select id::text as id from users where email = $1',
      [`${role}@hostdash.test`],
    );
    userIds[role] = user?.id ?? '';
  }
});
afterAll(() => api.close());

const runJobs = (): Promise<TryResult[]> =>
  runDueJobs(testJobServices(api), [paymentEventJob] as never);

const monthsAgo = async (months: number): Promise<string> =>
  (
    await api.db.query<{ period: string }>(
      `select to_char(current_date - $1::int * interval '1 month', 'YYYY-MM') as period`,
      [months],
    )
  )[0]?.period ?? '';

const close = (period: string) =>
  api.post<{ invoice: { id: string; status: string }; already_closed: boolean }>(
    '/admin/billing/closePeriod',
    { account_id: '1', period },
    sessions.admin,
  );

const billingMailsTo = async (email: string): Promise<string[]> =>
  (
    await api.db.query<{ subject: string }>(
      `select subject from mail_outbox where to_address = $1 and kind = 'billing' order by id`,
      [email],
    )
  ).map((mail) => mail.subject);

/** The events written about an invoice (by the metadata the charge carried). */
const eventsOf = (invoiceId: string) =>
  api.db.query<{ source: string; type: string; outcome: string | null }>(
    `select source, type, outcome from payment_events
     where facts ->> 'invoiceId' = $1 order by received_at, id`,
    [invoiceId],
  );

const invoiceRow = async (id: string) =>
  (
    await api.db.query<{ status: string; failed_tries: number; provider_charge_id: string | null }>(
      'select status, failed_tries, provider_charge_id from invoices where id = $1',
      [id],
    )
  )[0];

let eventNumber = 0;
/** An event as the provider would send it about a PaymentIntent of `invoiceId`. */
function intentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intent: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
): ProviderEvent {
  eventNumber += 1;
  return {
    id: `evt_test_handmade${String(eventNumber).padStart(12, '0')}`,
    type,
    created,
    data: { object: { object: 'payment_intent', currency: 'eur', ...intent } },
  };
}

const receive = async (event: ProviderEvent) => {
  const receipt = await api.db.transaction((tx) => receivePaymentEvent(tx, 'test', event));
  await runJobs();
  const [row] = await api.db.query<{ outcome: string | null }>(
    'select outcome from payment_events where id = $1',
    [event.id],
  );
  return { receipt, outcome: row?.outcome };
};

async function token(number: string): Promise<string> {
  const response = await api.post<{ id: string }>(
    '/billing/test-provider/payment-methods',
    { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 1, cvc: '123' },
    sessions.newhost,
  );
  expect(response.status).toBe(200);
  return response.body.id;
}

it('POST /webhooks/stripe is off in test mode: 404 with a JSON message', async () => {
  const response = await api.post('/webhooks/stripe', {
    id: 'evt_1',
    type: 'payment_intent.succeeded',
    created: 1,
    data: { object: {} },
  });
  expect(response.status).toBe(404);
  expect(response.body).toEqual({
    error: 'stripe_webhooks_off',
    message: expect.stringContaining('test-mode'),
  });
});

describe('the test-mode provider’s events', () => {
  let failedInvoiceId = '';

  it('a charge sends payment_intent.succeeded through the table and job: nothing more to do', async () => {
    const mailsBefore = await billingMailsTo('owner@hostdash.test');
    const closed = await close(await monthsAgo(5));
    expect(closed.status).toBe(200);
    const invoiceId = closed.body.invoice.id;
    expect(await eventsOf(invoiceId)).toEqual([
      { source: 'test', type: 'payment_intent.succeeded', outcome: null },
    ]);
    expect(await runJobs()).toEqual([expect.objectContaining({ outcome: 'succeeded' })]);
    expect(await eventsOf(invoiceId)).toEqual([
      { source: 'test', type: 'payment_intent.succeeded', outcome: 'already_paid' },
    ]);
    // The month's invoice was mailed by the close, once.
    expect((await billingMailsTo('owner@hostdash.test')).slice(mailsBefore.length)).toEqual([
      expect.stringMatching(/^Your Hostdash invoice for /),
    ]);
  });

  it('a declined charge’s payment_failed event after the synchronous failure: one try, one mail', async () => {
    const card = await api.post(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: await token(CHARGE_DECLINED) },
      sessions.admin,
    );
    expect(card.status).toBe(200);
    const mailsBefore = await billingMailsTo('owner@hostdash.test');
    const closed = await close(await monthsAgo(6));
    expect(closed.status).toBe(402);
    const [invoice] = await api.db.query<{ id: string }>(
      `select id::text as id from invoices where account_id = 1 and status = 'failed'`,
    );
    failedInvoiceId = invoice!.id;
    await runJobs();
    expect(await eventsOf(failedInvoiceId)).toEqual([
      { source: 'test', type: 'payment_intent.payment_failed', outcome: 'already_recorded' },
    ]);
    expect(await invoiceRow(failedInvoiceId)).toEqual({
      status: 'failed',
      failed_tries: 1,
      provider_charge_id: expect.stringMatching(/^ch_test_/),
    });
    expect((await billingMailsTo('owner@hostdash.test')).slice(mailsBefore.length)).toEqual([
      expect.stringMatching(/^Your payment for .* failed: please update your card$/),
    ]);
  });

  it('a late failure of an older charge, after a newer try was written: superseded', async () => {
    const before = await invoiceRow(failedInvoiceId);
    const mailsBefore = await billingMailsTo('owner@hostdash.test');
    const [invoice] = await api.db.query<{ total_cents: number }>(
      'select total_cents from invoices where id = $1',
      [failedInvoiceId],
    );
    const anHourAgo = Math.floor(Date.now() / 1000) - 3_600;
    const late = await receive(
      intentEvent(
        'payment_intent.payment_failed',
        {
          id: 'ch_test_an_older_charge_of_it',
          amount: invoice!.total_cents,
          metadata: { hostdash_invoice_id: failedInvoiceId, hostdash_account_id: '1' },
          last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
        },
        anHourAgo,
      ),
    );
    expect(late).toEqual({ receipt: 'queued', outcome: 'superseded' });
    expect(await invoiceRow(failedInvoiceId)).toEqual(before);
    expect(await billingMailsTo('owner@hostdash.test')).toHaveLength(mailsBefore.length);
  });

  it('a failure that is news (its charge’s answer was lost) is a failed try', async () => {
    const { invoice } = await writeInvoice(api.db, '1', await monthsAgo(10));
    expect(invoice.total_cents).toBeGreaterThan(0);
    const mailsBefore = await billingMailsTo('owner@hostdash.test');
    const failed = await receive(
      intentEvent('payment_intent.payment_failed', {
        id: 'ch_test_answer_lost_on_the_way',
        amount: invoice.total_cents,
        metadata: { hostdash_invoice_id: invoice.id, hostdash_account_id: '1' },
        last_payment_error: {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      }),
    );
    expect(failed).toEqual({ receipt: 'queued', outcome: 'failure_recorded' });
    expect(await invoiceRow(invoice.id)).toEqual({
      status: 'failed',
      failed_tries: 1,
      provider_charge_id: 'ch_test_answer_lost_on_the_way',
    });
    const [reason] = await api.db.query<{ failure_code: string; next_try: boolean }>(
      'select failure_code, next_try_at is not null as next_try from invoices where id = $1',
      [invoice.id],
    );
    expect(reason).toEqual({ failure_code: 'insufficient_funds', next_try: true });
    expect((await billingMailsTo('owner@hostdash.test')).slice(mailsBefore.length)).toEqual([
      expect.stringMatching(/failed: please update your card$/),
    ]);
  });

  it('a month paid before its close wrote the result: paid, its invoice mailed once; the close charges nothing', async () => {
    const period = await monthsAgo(8);
    const { invoice } = await writeInvoice(api.db, '1', period);
    expect(invoice).toMatchObject({ status: 'open', total_cents: expect.any(Number) });
    expect(invoice.total_cents).toBeGreaterThan(0);
    const mailsBefore = await billingMailsTo('owner@hostdash.test');
    const paid = await receive(
      intentEvent('payment_intent.succeeded', {
        id: 'ch_test_paid_before_the_close',
        amount: invoice.total_cents,
        amount_received: invoice.total_cents,
        metadata: { hostdash_invoice_id: invoice.id, hostdash_account_id: '1' },
      }),
    );
    expect(paid).toEqual({ receipt: 'queued', outcome: 'invoice_paid' });
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: 'paid',
      provider_charge_id: 'ch_test_paid_before_the_close',
    });
    const closed = await close(period);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ already_closed: true, invoice: { status: 'paid' } });
    expect(
      await api.db.query('select id from test_provider_charges where idempotency_key like $1', [
        `invoice_${invoice.id}%`,
      ]),
    ).toEqual([]);
    expect((await billingMailsTo('owner@hostdash.test')).slice(mailsBefore.length)).toEqual([
      expect.stringMatching(/^Your Hostdash invoice for /),
    ]);
  });

  it('an event that is not this invoice’s changes nothing', async () => {
    const { invoice } = await writeInvoice(api.db, '1', await monthsAgo(9));
    const about = (intent: Record<string, unknown>) =>
      receive(
        intentEvent('payment_intent.succeeded', {
          id: 'ch_test_not_for_this_month',
          amount: invoice.total_cents,
          metadata: { hostdash_invoice_id: invoice.id, hostdash_account_id: '1' },
          ...intent,
        }),
      );
    expect(await about({ amount: invoice.total_cents + 1 })).toMatchObject({
      outcome: 'amount_mismatch',
    });
    expect(await about({ currency: 'usd' })).toMatchObject({ outcome: 'amount_mismatch' });
    expect(
      await about({ metadata: { hostdash_invoice_id: invoice.id, hostdash_account_id: '2' } }),
    ).toMatchObject({ outcome: 'invoice_mismatch' });
    expect(await about({ metadata: {} })).toMatchObject({ outcome: 'not_hostdash' });
    expect(await about({ metadata: { hostdash_invoice_id: '999999999' } })).toMatchObject({
      outcome: 'unknown_invoice',
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'open', failed_tries: 0 });
  });

  it('an event id received twice is written and applied once', async () => {
    const event = intentEvent('payment_intent.succeeded', { id: 'ch_test_x', amount: 1 });
    expect((await receive(event)).receipt).toBe('queued');
    expect((await receive(event)).receipt).toBe('duplicate');
    expect(
      await api.db.query('select outcome from payment_events where id = $1', [event.id]),
    ).toEqual([{ outcome: 'not_hostdash' }]);
  });
});

it('two first card saves at once make one customer, on the account and in both answers', async () => {
  const [account] = await api.db.query<{ id: string }>(
    'select account_id::text as id from users where id = $1',
    [userIds.newhost],
  );
  const [first, second] = await Promise.all([token(VISA), token(VISA)]);
  const save = (paymentMethod: string) =>
    api.post<{ customer_id: string; card: { payment_method_id: string } }>(
      `/user/billing/create/${userIds.newhost}`,
      { payment_method: paymentMethod },
      sessions.newhost,
    );
  const answers = await Promise.all([save(first!), save(second!)]);
  for (const answer of answers) expect(answer.status).toBe(200);
  const customerId = answers[0]!.body.customer_id;
  expect(answers[1]!.body.customer_id).toBe(customerId);
  expect(
    await api.db.query(
      'select id, idempotency_key from test_provider_customers where account_id = $1',
      [account!.id],
    ),
  ).toEqual([{ id: customerId, idempotency_key: `customer_account_${account!.id}` }]);
  const [saved] = await api.db.query<{ stripe_customer_id: string; payment_method_id: string }>(
    'select stripe_customer_id, payment_method_id from accounts where id = $1',
    [account!.id],
  );
  expect(saved?.stripe_customer_id).toBe(customerId);
  expect(answers.map((answer) => answer.body.card.payment_method_id)).toContain(
    saved?.payment_method_id,
  );
});
