// Stripe's webhooks end to end (issue 32, docs/adr/0030-stripe-webhooks.md): the API configured
// for Stripe, listening on a port, with the local fake of Stripe posting its events to it over
// HTTP, signed as Stripe signs them. A signed event is written once and applied by its job (a
// replay is a no-op); a bad, missing or stale signature is refused with 400; an unknown type is
// recorded as ignored; a declined charge's event after its synchronous answer changes nothing
// more; a payment for a failed month pays it and ends past due; a card removed or renewed in Stripe
// follows on the account; two first card saves at once make one customer. The fake's signature is
// checked against the official SDK's.
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { runDueJobs, type TryResult } from '../jobs/jobWorker';
import { testJobServices } from '../testing/jobServices';
import { startFakeStripe, stripeSignatureHeader, type FakeStripe } from '../testing/fakeStripe';
import { startTestApi, type TestApi } from '../testing/testApi';
import { paymentEventJob } from './paymentEvents';

const WEBHOOK_SECRET = 'whsec_test_hostdash_fake_endpoint';
const PUBLISHABLE_KEY = 'pk_test_fake_hostdash';

let fake: FakeStripe;
let api: TestApi;
const logLines: string[] = [];
const sessions: Record<string, string> = {};
const userIds: Record<string, string> = {};

beforeAll(async () => {
  fake = await startFakeStripe();
  api = await startTestApi({
    config: {
      stripeSecretKey: fake.secretKey,
      stripePublishableKey: PUBLISHABLE_KEY,
      stripeApiUrl: fake.url,
      stripeWebhookSecret: WEBHOOK_SECRET,
      billingProviderTimeoutMs: 2_000,
      // No retry planned: a failed charge makes the account past due at once.
      billingRetryDays: [],
      logLevel: 'debug',
    },
    logger: { stream: { write: (line) => logLines.push(line) } },
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = api.app.server.address() as AddressInfo;
  fake.setWebhook({ url: `http://127.0.0.1:${port}/webhooks/stripe`, secret: WEBHOOK_SECRET });
  // The demo owner's customer, as if it existed in Stripe.
  fake.addCustomer('cus_demo_olivia');
  for (const role of ['owner', 'admin', 'newhost']) {
    sessions[role] = await api.signIn(`${role}@hostdash.test`);
    const [user] = await api.db.query<{ id: string }>(
      'select id::text as id from users where email = $1',
      [`${role}@hostdash.test`],
    );
    userIds[role] = user?.id ?? '';
  }
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

const runJobs = (): Promise<TryResult[]> =>
  runDueJobs(testJobServices(api), [paymentEventJob] as never);

interface EventRow {
  id: string;
  source: string;
  type: string;
  outcome: string | null;
  processed: boolean;
}

const eventRow = async (id: string): Promise<EventRow | undefined> =>
  (
    await api.db.query<EventRow>(
      `select id, source, type, outcome, processed_at is not null as processed
       from payment_events where id = $1`,
      [id],
    )
  )[0];

const jobsOf = (eventId: string) =>
  api.db.query<{ state: string }>(`select state from jobs where queue = $1 and key = $2`, [
    'billing.stripe-event',
    eventId,
  ]);

const billingMailsTo = async (email: string): Promise<string[]> =>
  (
    await api.db.query<{ subject: string }>(
      `select subject from mail_outbox where to_address = $1 and kind = 'billing' order by id`,
      [email],
    )
  ).map((mail) => mail.subject);

const monthsAgo = async (months: number): Promise<string> =>
  (
    await api.db.query<{ period: string }>(
      `select to_char(current_date - $1::int * interval '1 month', 'YYYY-MM') as period`,
      [months],
    )
  )[0]?.period ?? '';

/** Account 1's card, as the billing page would read it. */
const ownerCard = async () =>
  (
    await api.db.query<Record<string, unknown>>(
      `select stripe_customer_id, payment_method_id, card_brand, card_last4, card_exp_month,
              card_exp_year, past_due_since is not null as past_due
       from accounts where id = 1`,
    )
  )[0];

describe('the fake signs its events as Stripe does', () => {
  it('the same header as the SDK’s generateTestHeaderString, and constructEvent accepts it', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' }, null, 2);
    const timestamp = Math.floor(Date.now() / 1000);
    const header = stripeSignatureHeader(payload, WEBHOOK_SECRET, timestamp);
    expect(header).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
    );
    expect(Stripe.webhooks.constructEvent(payload, header, WEBHOOK_SECRET)).toMatchObject({
      id: 'evt_1',
    });
    expect(() =>
      Stripe.webhooks.constructEvent(
        payload,
        stripeSignatureHeader(payload, 'whsec_other', timestamp),
        WEBHOOK_SECRET,
      ),
    ).toThrow();
  });
});

describe('POST /webhooks/stripe', () => {
  it('a bad, missing or stale signature: 400 with a JSON message, nothing written', async () => {
    const object = { id: 'pi_fake_unsigned', object: 'payment_intent', amount: 100 };
    const wrong = await fake.emit('payment_intent.succeeded', object, { secret: 'whsec_wrong' });
    const none = await fake.emit('payment_intent.succeeded', object, { signature: null });
    const stale = await fake.emit('payment_intent.succeeded', object, {
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    for (const delivery of [wrong, none, stale]) {
      expect(delivery?.status).toBe(400);
      expect(delivery?.body).toEqual({
        error: 'invalid_signature',
        message: expect.stringContaining('Stripe-Signature'),
      });
      expect(await eventRow(delivery?.eventId ?? '')).toBeUndefined();
    }
  });

  it('an unknown type: 200, recorded as ignored, no job', async () => {
    const delivery = await fake.emit('customer.created', {
      id: 'cus_fake_someone',
      object: 'customer',
    });
    expect(delivery).toMatchObject({
      status: 200,
      body: { received: true, status: 'ignored' },
    });
    expect(await eventRow(delivery!.eventId)).toEqual({
      id: delivery!.eventId,
      source: 'stripe',
      type: 'customer.created',
      outcome: 'ignored',
      processed: true,
    });
    expect(await jobsOf(delivery!.eventId)).toEqual([]);
  });

  it('an event Hostdash acts on, whose object is not what its type says: 200, malformed', async () => {
    const delivery = await fake.emit('payment_intent.succeeded', {
      id: 'pi_fake_odd',
      amount: 'a lot',
    });
    expect(delivery).toMatchObject({ status: 200, body: { status: 'ignored' } });
    expect(await eventRow(delivery!.eventId)).toMatchObject({ outcome: 'malformed' });
  });
});

describe('charges through Stripe and their events', () => {
  let failedInvoiceId = '';
  let pastDueCharge = '';

  it('a declined charge’s payment_failed event after the synchronous failure changes nothing more', async () => {
    const card = await api.post(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: 'pm_card_chargeCustomerFail' },
      sessions.owner,
    );
    expect(card.status).toBe(200);
    const mailsBefore = await billingMailsTo('owner@hostdash.test');
    const closed = await api.post(
      '/admin/billing/closePeriod',
      { account_id: '1', period: await monthsAgo(6) },
      sessions.admin,
    );
    expect(closed.status).toBe(402);
    await fake.settled();
    const failedEvent = fake.deliveries.find(
      (delivery) => delivery.type === 'payment_intent.payment_failed',
    );
    expect(failedEvent).toMatchObject({ status: 200, body: { status: 'queued' } });
    const intent = fake.events.get(failedEvent!.eventId)!.data.object as {
      id: string;
      metadata: Record<string, string>;
    };
    const [invoice] = await api.db.query<{ id: string }>(
      `select id::text as id from invoices where account_id = 1 and status = 'failed'`,
    );
    failedInvoiceId = invoice!.id;
    expect(intent.metadata).toEqual({
      hostdash_invoice_id: failedInvoiceId,
      hostdash_account_id: '1',
    });

    expect(await runJobs()).toEqual([expect.objectContaining({ outcome: 'succeeded' })]);
    expect(await eventRow(failedEvent!.eventId)).toMatchObject({
      outcome: 'already_recorded',
      processed: true,
    });
    const [after] = await api.db.query<Record<string, unknown>>(
      `select status, failed_tries, provider_charge_id from invoices where id = $1`,
      [failedInvoiceId],
    );
    expect(after).toEqual({ status: 'failed', failed_tries: 1, provider_charge_id: intent.id });
    const mails = (await billingMailsTo('owner@hostdash.test')).slice(mailsBefore.length);
    expect(mails).toEqual([expect.stringMatching(/^Your Hostdash account is past due/)]);
    expect((await ownerCard())?.past_due).toBe(true);
    pastDueCharge = intent.id;
  });

  it('a valid event is applied once: a payment for the failed month pays it, past due ends; its replay does nothing', async () => {
    const [invoice] = await api.db.query<{ total_cents: number }>(
      'select total_cents from invoices where id = $1',
      [failedInvoiceId],
    );
    const mailsBefore = await billingMailsTo('owner@hostdash.test');
    const paidIntent = {
      id: 'pi_fake_paid_in_dashboard',
      object: 'payment_intent',
      amount: invoice!.total_cents,
      amount_received: invoice!.total_cents,
      currency: 'eur',
      status: 'succeeded',
      metadata: { hostdash_invoice_id: failedInvoiceId, hostdash_account_id: '1' },
    };
    const first = await fake.emit('payment_intent.succeeded', paidIntent);
    expect(first).toMatchObject({ status: 200, body: { received: true, status: 'queued' } });
    // Stripe retrying the same event before it was applied: written once, one job.
    const retried = await fake.resend(first!.eventId);
    expect(retried).toMatchObject({ status: 200, body: { received: true, status: 'duplicate' } });
    expect(await jobsOf(first!.eventId)).toEqual([{ state: 'queued' }]);

    expect(await runJobs()).toHaveLength(1);
    expect(await eventRow(first!.eventId)).toMatchObject({ outcome: 'invoice_paid' });
    const [paid] = await api.db.query<Record<string, unknown>>(
      `select status, provider_charge_id, next_try_at from invoices where id = $1`,
      [failedInvoiceId],
    );
    expect(paid).toEqual({
      status: 'paid',
      provider_charge_id: 'pi_fake_paid_in_dashboard',
      next_try_at: null,
    });
    expect((await ownerCard())?.past_due).toBe(false);
    const recovered = (await billingMailsTo('owner@hostdash.test')).slice(mailsBefore.length);
    expect(recovered).toEqual([
      expect.stringMatching(/^Thank you: your payment for .* went through$/),
    ]);

    // A replay after it was applied: 200, nothing more (one row, one mail, no job).
    const replay = await fake.resend(first!.eventId);
    expect(replay).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await runJobs()).toEqual([]);
    expect(
      await api.db.query('select id from payment_events where id = $1', [first!.eventId]),
    ).toHaveLength(1);
    expect((await billingMailsTo('owner@hostdash.test')).slice(mailsBefore.length)).toEqual(
      recovered,
    );
    // The declined charge's failure, delivered late, cannot unpay it.
    const late = await fake.emit('payment_intent.payment_failed', {
      ...paidIntent,
      id: pastDueCharge,
      amount_received: 0,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(late).toMatchObject({ status: 200, body: { status: 'queued' } });
    await runJobs();
    expect(await eventRow(late!.eventId)).toMatchObject({ outcome: 'already_paid' });
  });

  it('a card renewed by the network: the saved card follows', async () => {
    const card = await api.post<{ card: { payment_method_id: string } }>(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: 'pm_card_visa' },
      sessions.owner,
    );
    expect(card.status).toBe(200);
    const methodId = card.body.card.payment_method_id;
    const renewedYear = new Date().getUTCFullYear() + 4;
    const delivery = await fake.updateCard(methodId, {
      last4: '1881',
      exp_month: 3,
      exp_year: renewedYear,
    });
    expect(delivery).toMatchObject({ status: 200, body: { status: 'queued' } });
    await runJobs();
    expect(await eventRow(delivery!.eventId)).toMatchObject({ outcome: 'card_updated' });
    expect(await ownerCard()).toMatchObject({
      payment_method_id: methodId,
      card_brand: 'visa',
      card_last4: '1881',
      card_exp_month: 3,
      card_exp_year: renewedYear,
    });
  });

  it('payment_method.detached of the saved card removes it; the billing page asks for one', async () => {
    const before = await ownerCard();
    const methodId = before?.payment_method_id as string;
    const delivery = await fake.detachPaymentMethod(methodId);
    expect(delivery).toMatchObject({ status: 200, body: { status: 'queued' } });
    await runJobs();
    expect(await eventRow(delivery!.eventId)).toMatchObject({ outcome: 'card_removed' });
    expect(await ownerCard()).toEqual({
      stripe_customer_id: 'cus_demo_olivia',
      payment_method_id: null,
      card_brand: null,
      card_last4: null,
      card_exp_month: null,
      card_exp_year: null,
      past_due: false,
    });
    const page = await api.get(`/user/billing/load/${userIds.owner}`, sessions.owner);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ customer_id: 'cus_demo_olivia', card: null });
    // Another card than the saved one (an old one): nothing to remove.
    const old = await fake.emit('payment_method.detached', {
      id: 'pm_fake_an_old_card',
      object: 'payment_method',
      customer: null,
      card: { brand: 'visa', last4: '0005', exp_month: 1, exp_year: 2030 },
    });
    await runJobs();
    expect(await eventRow(old!.eventId)).toMatchObject({ outcome: 'not_saved_card' });
  });

  it('two first card saves at once make one Stripe customer, on the account and in both answers', async () => {
    const [account] = await api.db.query<{ id: string }>(
      'select account_id::text as id from users where id = $1',
      [userIds.newhost],
    );
    const save = (token: string) =>
      api.post<{ customer_id: string; card: { payment_method_id: string } }>(
        `/user/billing/create/${userIds.newhost}`,
        { payment_method: token },
        sessions.newhost,
      );
    const answers = await Promise.all([save('pm_card_visa'), save('pm_card_mastercard')]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const customerId = answers[0]!.body.customer_id;
    expect(answers[1]!.body.customer_id).toBe(customerId);
    expect(
      [...fake.customers.values()]
        .filter((customer) => customer.metadata.account_id === account!.id)
        .map((customer) => customer.id),
    ).toEqual([customerId]);
    const [saved] = await api.db.query<{ stripe_customer_id: string; payment_method_id: string }>(
      'select stripe_customer_id, payment_method_id from accounts where id = $1',
      [account!.id],
    );
    expect(saved?.stripe_customer_id).toBe(customerId);
    expect(answers.map((answer) => answer.body.card.payment_method_id)).toContain(
      saved?.payment_method_id,
    );
  });

  it('never logs the signing secret or a signature', () => {
    const log = logLines.join('\n');
    expect(log).toContain('stripe_webhook');
    expect(log).toContain('stripe_webhook_refused');
    expect(log).not.toContain(WEBHOOK_SECRET);
    expect(log).not.toMatch(/v1=[0-9a-f]{64}/);
    expect(log).not.toContain('pi_fake_paid_in_dashboard');
  });
});

describe('Stripe without STRIPE_WEBHOOK_SECRET', () => {
  it('answers 503 with what to set, and writes nothing (Stripe retries)', async () => {
    const unset = await startTestApi({
      config: {
        stripeSecretKey: fake.secretKey,
        stripePublishableKey: PUBLISHABLE_KEY,
        stripeApiUrl: fake.url,
      },
    });
    try {
      const payload = JSON.stringify({
        id: 'evt_fake_before_the_secret',
        object: 'event',
        type: 'payment_intent.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'pi_fake_1' } },
      });
      const response = await unset.request({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignatureHeader(
            payload,
            WEBHOOK_SECRET,
            Math.floor(Date.now() / 1000),
          ),
        },
        payload,
      });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        error: 'stripe_webhook_secret_missing',
        message: expect.stringContaining('STRIPE_WEBHOOK_SECRET'),
      });
      expect(await unset.db.query('select id from payment_events')).toEqual([]);
    } finally {
      await unset.close();
    }
  });
});
