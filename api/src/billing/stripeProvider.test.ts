// The Stripe adapter's real code with the real `stripe` SDK, pointed at a local fake of the few
// endpoints it calls (src/testing/fakeStripe.ts): each result (saved, declined, insufficient
// funds, 3-D Secure asked for, unknown card, unreachable), one charge however often it is sent;
// then the billing routes on the real database with the API configured for Stripe.
import { loadConfig } from '../config';
import { startFakeStripe, type FakeStripe } from '../testing/fakeStripe';
import { startTestApi, type TestApi } from '../testing/testApi';
import { PROVIDER_UNAVAILABLE_MESSAGE, withTimeout } from './provider';
import { paymentProviderFor } from './selectProvider';
import {
  AUTHENTICATION_REQUIRED_MESSAGE,
  StripePaymentProvider,
  stripeEndpoint,
} from './stripeProvider';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
afterEach(() => fake.failWith(null));

const provider = (options: { timeoutMs?: number; secretKey?: string } = {}) =>
  new StripePaymentProvider({
    secretKey: options.secretKey ?? fake.secretKey,
    apiUrl: fake.url,
    timeoutMs: options.timeoutMs ?? 2_000,
  });

const customer = async (stripe = provider(), accountId = '42') => {
  const result = await stripe.createCustomer({
    accountId,
    name: 'Okafor Coastal Homes',
    email: 'newhost@hostdash.test',
  });
  if (!result.ok) throw new Error(`createCustomer failed: ${result.code}`);
  return result.value.customerId;
};

describe('the SDK’s endpoint', () => {
  it('is taken apart from STRIPE_API_URL', () => {
    expect(stripeEndpoint('https://api.stripe.com')).toEqual({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
    });
    expect(stripeEndpoint('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
  });
});

describe('the Stripe adapter against the fake', () => {
  it('makes one customer per account, with the account in its metadata', async () => {
    const before = fake.customers.size;
    const first = await customer(provider(), '7');
    const again = await customer(provider(), '7');
    expect(first).toMatch(/^cus_fake_/);
    expect(again).toBe(first);
    expect(fake.customers.size).toBe(before + 1);
    expect(fake.customers.get(first)).toMatchObject({
      name: 'Okafor Coastal Homes',
      email: 'newhost@hostdash.test',
      metadata: { account_id: '7' },
    });
    const sent = fake.requests.filter((request) => request.path === '/v1/customers');
    expect(sent.at(-1)?.idempotencyKey).toBe('customer_account_7');
    expect(sent.at(-1)?.params).toEqual({ 'metadata[account_id]': '7' });
  });

  it('keeps one customer when the account’s name or email changed between two first saves', async () => {
    const first = await provider().createCustomer({
      accountId: '8',
      name: 'Okafor Coastal Homes',
      email: 'newhost@hostdash.test',
    });
    const renamed = await provider().createCustomer({
      accountId: '8',
      name: 'Okafor Coastal Stays',
      email: 'sam@okafor.test',
    });
    if (!first.ok || !renamed.ok) throw new Error('createCustomer failed');
    expect(renamed.value.customerId).toBe(first.value.customerId);
    expect(fake.customers.get(first.value.customerId)).toMatchObject({
      name: 'Okafor Coastal Stays',
      email: 'sam@okafor.test',
    });
  });

  it('attaches a good card through a confirmed off-session SetupIntent', async () => {
    const stripe = provider();
    const customerId = await customer(stripe);
    const result = await stripe.attachPaymentMethod({
      customerId,
      paymentMethodId: 'pm_card_visa',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        id: expect.stringMatching(/^pm_fake_/),
        card: {
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 1,
          name: null,
        },
      },
    });
    const setup = fake.requests.filter((request) => request.path === '/v1/setup_intents').at(-1);
    expect(setup?.params).toMatchObject({
      customer: customerId,
      payment_method: 'pm_card_visa',
      confirm: 'true',
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });
    if (result.ok) expect(fake.paymentMethods.get(result.value.id)?.customer).toBe(customerId);
  });

  it.each([
    [
      'a declined card',
      'pm_card_chargeDeclined',
      {
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
    ],
    [
      'a card without funds',
      'pm_card_chargeDeclinedInsufficientFunds',
      { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    ],
    [
      'a card whose bank asks for 3-D Secure',
      'pm_card_authenticationRequired',
      {
        code: 'card_declined',
        declineCode: 'authentication_required',
        message: AUTHENTICATION_REQUIRED_MESSAGE,
      },
    ],
    ['a payment method Stripe does not know', 'pm_1NotAToken', { code: 'invalid_payment_method' }],
  ])('refuses %s', async (_name, paymentMethodId, failure) => {
    const stripe = provider();
    const customerId = await customer(stripe);
    expect(await stripe.attachPaymentMethod({ customerId, paymentMethodId })).toEqual({
      ok: false,
      message: expect.any(String),
      ...failure,
    });
  });

  it('refuses another customer’s payment method', async () => {
    const stripe = provider();
    const theirs = await customer(stripe, '100');
    const mine = await customer(stripe, '101');
    const attached = await stripe.attachPaymentMethod({
      customerId: theirs,
      paymentMethodId: 'pm_card_visa',
    });
    if (!attached.ok) throw new Error('attach failed');
    expect(
      await stripe.attachPaymentMethod({ customerId: mine, paymentMethodId: attached.value.id }),
    ).toMatchObject({ ok: false, code: 'invalid_payment_method' });
    expect(
      await stripe.setDefaultPaymentMethod({
        customerId: mine,
        paymentMethodId: attached.value.id,
      }),
    ).toMatchObject({ ok: false, code: 'invalid_payment_method' });
  });

  it('makes the card the customer’s default for invoices', async () => {
    const stripe = provider();
    const customerId = await customer(stripe);
    const attached = await stripe.attachPaymentMethod({
      customerId,
      paymentMethodId: 'pm_card_mastercard',
    });
    if (!attached.ok) throw new Error('attach failed');
    expect(
      await stripe.setDefaultPaymentMethod({ customerId, paymentMethodId: attached.value.id }),
    ).toEqual({ ok: true, value: null });
    expect(fake.customers.get(customerId)?.default_payment_method).toBe(attached.value.id);
  });

  describe('charging', () => {
    const attached = async (token: string) => {
      const stripe = provider();
      const customerId = await customer(stripe);
      const method = await stripe.attachPaymentMethod({ customerId, paymentMethodId: token });
      if (!method.ok) throw new Error('attach failed');
      return { stripe, customerId, paymentMethodId: method.value.id };
    };
    const request = (customerId: string, paymentMethodId: string, idempotencyKey: string) => ({
      customerId,
      paymentMethodId,
      amountCents: 4_260,
      currency: 'EUR',
      description: 'Hostdash 2026-05',
      idempotencyKey,
    });

    it('charges once for the same idempotency key, however often it is sent', async () => {
      const { stripe, customerId, paymentMethodId } = await attached('pm_card_visa');
      const before = fake.paymentIntents.size;
      const first = await stripe.charge(request(customerId, paymentMethodId, 'invoice_9001'));
      const second = await stripe.charge(request(customerId, paymentMethodId, 'invoice_9001'));
      expect(first).toEqual({ ok: true, value: { chargeId: expect.stringMatching(/^pi_fake_/) } });
      expect(second).toEqual(first);
      expect(fake.paymentIntents.size).toBe(before + 1);
      const sent = fake.requests.filter(
        (sentRequest) => sentRequest.idempotencyKey === 'invoice_9001',
      );
      expect(sent.map((sentRequest) => sentRequest.fresh)).toEqual([true, false]);
      expect(sent[0]?.params).toMatchObject({
        amount: '4260',
        currency: 'eur',
        customer: customerId,
        payment_method: paymentMethodId,
        off_session: 'true',
        confirm: 'true',
        description: 'Hostdash 2026-05',
      });
    });

    it('a card whose charges fail: card_declined with Stripe’s reason and the PaymentIntent', async () => {
      const { stripe, customerId, paymentMethodId } = await attached('pm_card_chargeCustomerFail');
      const result = await stripe.charge(request(customerId, paymentMethodId, 'invoice_9002'));
      expect(result).toEqual({
        ok: false,
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
        chargeId: expect.stringMatching(/^pi_fake_/),
      });
      const refused = !result.ok && 'chargeId' in result ? result.chargeId : '';
      expect(fake.paymentIntents.get(refused ?? '')?.status).toBe('requires_payment_method');
    });

    it('names the Hostdash invoice and account in the PaymentIntent’s metadata', async () => {
      const { stripe, customerId, paymentMethodId } = await attached('pm_card_visa');
      const result = await stripe.charge({
        ...request(customerId, paymentMethodId, 'invoice_9003'),
        invoiceId: '9003',
        accountId: '42',
      });
      if (!result.ok) throw new Error('charge failed');
      expect(fake.paymentIntents.get(result.value.chargeId)?.metadata).toEqual({
        hostdash_invoice_id: '9003',
        hostdash_account_id: '42',
      });
    });
  });

  describe('Stripe unreachable: provider_unavailable, nothing happened', () => {
    const chargeOnce = (stripe: StripePaymentProvider) =>
      stripe.charge({
        customerId: 'cus_x',
        paymentMethodId: 'pm_x',
        amountCents: 100,
        currency: 'eur',
        description: 'x',
        idempotencyKey: `unreachable_${Math.random()}`,
      });

    it('a 500 (retried once by the SDK, with the same key)', async () => {
      fake.failWith('server_error');
      const before = fake.requests.length;
      expect(await chargeOnce(provider())).toEqual({
        ok: false,
        code: 'provider_unavailable',
        message: PROVIDER_UNAVAILABLE_MESSAGE,
      });
      const sent = fake.requests.slice(before);
      expect(sent).toHaveLength(2);
      expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    });

    it('a rate limit', async () => {
      fake.failWith('rate_limit');
      expect(await chargeOnce(provider())).toMatchObject({ code: 'provider_unavailable' });
    });

    it('no answer within the timeout', async () => {
      fake.failWith('hang');
      const started = Date.now();
      expect(await chargeOnce(provider({ timeoutMs: 200 }))).toMatchObject({
        code: 'provider_unavailable',
      });
      expect(
        await withTimeout(provider({ timeoutMs: 5_000 }), 200).createCustomer({
          accountId: '1',
          name: 'x',
          email: 'x@example.com',
        }),
      ).toMatchObject({ code: 'provider_unavailable' });
      expect(Date.now() - started).toBeLessThan(4_000);
    });

    it('a secret key Stripe refuses', async () => {
      expect(await chargeOnce(provider({ secretKey: 'sk_test_wrong' }))).toMatchObject({
        code: 'provider_unavailable',
      });
    });

    it('nothing listening', async () => {
      const gone = await startFakeStripe();
      await gone.close();
      const stripe = new StripePaymentProvider({
        secretKey: gone.secretKey,
        apiUrl: gone.url,
        timeoutMs: 1_000,
        maxNetworkRetries: 0,
      });
      expect(await chargeOnce(stripe)).toMatchObject({ code: 'provider_unavailable' });
    });
  });

  it('is what the configuration selects when STRIPE_SECRET_KEY is set', () => {
    const stripeConfig = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    });
    expect(stripeConfig.stripeApiUrl).toBe('https://api.stripe.com');
    expect(paymentProviderFor(stripeConfig, null as never).mode).toBe('stripe');
    expect(paymentProviderFor(loadConfig({}), null as never).mode).toBe('test');
  });
});

describe('billing routes with Stripe configured', () => {
  let api: TestApi;
  const sessions: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  const PUBLISHABLE_KEY = 'pk_test_fake_hostdash';
  const logLines: string[] = [];

  beforeAll(async () => {
    api = await startTestApi({
      config: {
        stripeSecretKey: fake.secretKey,
        stripePublishableKey: PUBLISHABLE_KEY,
        stripeApiUrl: fake.url,
        billingProviderTimeoutMs: 2_000,
        logLevel: 'debug',
      },
      logger: { stream: { write: (line) => logLines.push(line) } },
    });
    for (const role of ['owner', 'admin', 'newhost']) {
      sessions[role] = await api.signIn(`${role}@hostdash.test`);
      const [user] = await api.db.query<{ id: string }>(
        'select id::text as id from users where email = $1',
        [`${role}@hostdash.test`],
      );
      userIds[role] = user?.id ?? '';
    }
    // The demo owner's customer, as if it existed in Stripe.
    fake.addCustomer('cus_demo_olivia');
  });
  afterAll(() => api.close());

  const create = (paymentMethod: string) =>
    api.post(
      `/user/billing/create/${userIds.newhost}`,
      { payment_method: paymentMethod },
      sessions.newhost,
    );
  const newhostAccount = async () =>
    (
      await api.db.query<{ stripe_customer_id: string | null; payment_method_id: string | null }>(
        `select a.stripe_customer_id, a.payment_method_id
         from accounts a join users u on u.account_id = a.id where u.email = 'newhost@hostdash.test'`,
      )
    )[0];

  it('a declined card: 402 with Stripe’s reason, nothing saved', async () => {
    const response = await create('pm_card_chargeDeclined');
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: 'card_declined', message: 'Your card was declined.' });
    expect(await newhostAccount()).toEqual({ stripe_customer_id: null, payment_method_id: null });
  });

  it('insufficient funds, and 3-D Secure asked for: 402 each, nothing saved', async () => {
    const poor = await create('pm_card_chargeDeclinedInsufficientFunds');
    expect(poor.status).toBe(402);
    expect(poor.body).toMatchObject({ error: 'insufficient_funds' });
    const secure = await create('pm_card_authenticationRequired');
    expect(secure.status).toBe(402);
    expect(secure.body).toEqual({
      error: 'card_declined',
      message: AUTHENTICATION_REQUIRED_MESSAGE,
    });
    expect(await newhostAccount()).toEqual({ stripe_customer_id: null, payment_method_id: null });
  });

  it('an unknown payment method: 400 on payment_method', async () => {
    const response = await create('pm_1DoesNotExist');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', field: 'payment_method' });
  });

  it('a good card: saved with Stripe’s customer, and /loadAuth has it at once', async () => {
    const response = await create('pm_card_visa');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      customer_id: expect.stringMatching(/^cus_fake_/),
      card: {
        payment_method_id: expect.stringMatching(/^pm_fake_/),
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 1,
        name: null,
      },
    });
    const customerId = response.body.customer_id as string;
    // The declined attempts before made the same customer (one per account), not one each.
    const [account] = await api.db.query<{ id: string }>(
      `select account_id::text as id from users where id = $1::bigint`,
      [userIds.newhost],
    );
    expect(
      [...fake.customers.values()]
        .filter((known) => known.metadata.account_id === account?.id)
        .map((known) => known.id),
    ).toEqual([customerId]);
    expect(fake.customers.get(customerId)?.default_payment_method).toBe(
      (response.body.card as { payment_method_id: string }).payment_method_id,
    );
    const auth = await api.get<{ billing: { stripe_customer_id: string | null } }>(
      '/loadAuth',
      sessions.newhost,
    );
    expect(auth.body.billing.stripe_customer_id).toBe(customerId);
  });

  it('the billing page says Stripe, with the publishable key for Stripe Elements', async () => {
    const response = await api.get(`/user/billing/load/${userIds.newhost}`, sessions.newhost);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      provider_mode: 'stripe',
      publishable_key: PUBLISHABLE_KEY,
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('the test-mode card form call does not exist', async () => {
    const response = await api.post(
      '/billing/test-provider/payment-methods',
      { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
      sessions.newhost,
    );
    expect(response.status).toBe(404);
  });

  it('closing a month twice charges through Stripe once', async () => {
    const card = await api.post(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: 'pm_card_visa' },
      sessions.owner,
    );
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ customer_id: 'cus_demo_olivia' });
    const [{ period } = { period: '' }] = await api.db.query<{ period: string }>(
      `select to_char(current_date - interval '5 months', 'YYYY-MM') as period`,
    );
    const close = () =>
      api.post<{ invoice: { id: string; status: string; total_cents: number } }>(
        '/admin/billing/closePeriod',
        { account_id: '1', period },
        sessions.admin,
      );
    const before = fake.paymentIntents.size;
    const [first, second] = await Promise.all([close(), close()]);
    const third = await close();
    for (const response of [first, second, third]) expect(response.status).toBe(200);
    expect(third.body).toMatchObject({ already_closed: true, invoice: { status: 'paid' } });
    expect(fake.paymentIntents.size).toBe(before + 1);
    const charged = [...fake.paymentIntents.values()].filter(
      (intent) => intent.customer === 'cus_demo_olivia',
    );
    expect(charged).toEqual([
      expect.objectContaining({
        amount: third.body.invoice.total_cents,
        currency: 'eur',
        status: 'succeeded',
      }),
    ]);
    const [invoice] = await api.db.query<{ provider_charge_id: string }>(
      'select provider_charge_id from invoices where id = $1::bigint',
      [third.body.invoice.id],
    );
    expect(invoice?.provider_charge_id).toBe(charged[0]?.id);
  });

  it('the secret key and Stripe’s answers are not in the debug log', () => {
    const log = logLines.join('\n');
    expect(log).toContain('billing_card_added');
    expect(log).toContain('billing_period_closed');
    expect(log).not.toContain(fake.secretKey);
    expect(log).not.toContain('pm_fake_');
    expect(log).not.toContain('"object":"');
  });

  it('Stripe not answering: 503 with the sentence, nothing saved', async () => {
    const slow = await startTestApi({
      config: {
        stripeSecretKey: fake.secretKey,
        stripePublishableKey: PUBLISHABLE_KEY,
        stripeApiUrl: fake.url,
        billingProviderTimeoutMs: 300,
      },
    });
    try {
      const session = await slow.signIn('newhost@hostdash.test');
      fake.failWith('hang');
      const response = await slow.post(
        `/user/billing/create/${userIds.newhost}`,
        { payment_method: 'pm_card_visa' },
        session,
      );
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        error: 'provider_unavailable',
        message: PROVIDER_UNAVAILABLE_MESSAGE,
      });
      const [account] = await slow.db.query(
        `select a.stripe_customer_id from accounts a join users u on u.account_id = a.id where u.email = 'newhost@hostdash.test'`,
      );
      expect(account).toEqual({ stripe_customer_id: null });
    } finally {
      fake.failWith(null);
      await slow.close();
    }
  });
});
