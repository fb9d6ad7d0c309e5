// Billing on the real database, through the built-in test-mode provider: tokenising (Luhn,
// expiry, CVC refused by field), adding and replacing a card (declined, insufficient funds,
// unknown token: nothing saved), the card number and CVC absent from every table and from the
// debug log, the upcoming invoice against an independent count, closing a month once, the
// provider unreachable, the PDF, and who may call what.
import { ConfigError, loadConfig } from '../config';
import { startTestApi, type TestApi } from '../testing/testApi';
import { ACTIVE_LISTING_MONTH_CENTS, SCREENED_RESERVATION_CENTS, TAX_RATE_BPS } from './prices';
import { PROVIDER_UNAVAILABLE_MESSAGE, withTimeout, type PaymentProvider } from './provider';

const VISA = '4242 4242 4242 4242';
const VISA_CVC = '846';
const AMEX = '378282246310005';
const AMEX_CVC = '7391';
const DECLINED = '4000000000000002';
const NO_FUNDS = '4000000000009995';
const CHARGE_DECLINED = '4000000000000341';
const MASTERCARD = '5555555555554444';

let api: TestApi;
const logLines: string[] = [];
const sessions: Record<string, string> = {};
const userIds: Record<string, string> = {};
const now = new Date();
const NEXT_YEAR = now.getUTCFullYear() + 1;

beforeAll(async () => {
  api = await startTestApi({
    config: { logLevel: 'debug' },
    logger: { stream: { write: (line) => logLines.push(line) } },
  });
  for (const role of ['owner', 'manager', 'vendor', 'admin', 'newhost', 'secure']) {
    if (role !== 'secure') sessions[role] = await api.signIn(`${role}@hostdash.test`);
    const [user] = await api.db.query<{ id: string }>(
      'select id::text as id from users where email = $1',
      [`${role}@hostdash.test`],
    );
    userIds[role] = user?.id ?? '';
  }
});
afterAll(() => api.close());

async function tokenise(
  number: string,
  session = sessions.newhost,
  card: Partial<{ exp_month: number; exp_year: number; cvc: string; name: string }> = {},
) {
  return api.post<{ id: string; card: Record<string, unknown> }>(
    '/billing/test-provider/payment-methods',
    { number, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123', name: 'Sam Okafor', ...card },
    session,
  );
}

async function token(number: string, cvc = number.startsWith('37') ? '1234' : '123') {
  const response = await tokenise(number, sessions.newhost, { cvc });
  expect(response.status).toBe(200);
  return response.body.id;
}

const accountOf = async (email: string) =>
  (
    await api.db.query<Record<string, unknown>>(
      `select a.id::text as id, a.stripe_customer_id, a.payment_method_id, a.card_last4
       from accounts a join users u on u.account_id = a.id where u.email = $1`,
      [email],
    )
  )[0];

describe('tokenising a test card (the card form’s own call)', () => {
  it('answers a token with what the card shows, not the card', async () => {
    const response = await tokenise(VISA);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^pm_test_[a-f0-9]{24}$/),
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: NEXT_YEAR },
    });
  });

  it.each([
    ['a number failing Luhn', { number: '4242 4242 4242 4241' }, 'number', 'luhn'],
    ['an Amex number one digit short', { number: '37828224631000' }, 'number', 'luhn'],
    ['an expiry year in the past', { exp_year: now.getUTCFullYear() - 1 }, 'exp_year', 'expired'],
    ['a 4-digit CVC on a Visa', { cvc: '1234' }, 'cvc', 'length'],
    ['a 3-digit CVC on an Amex', { number: AMEX, cvc: '123' }, 'cvc', 'length'],
    ['a CVC with letters', { cvc: '12a' }, 'cvc', 'pattern'],
    ['a number with letters', { number: '4242x4242x4242x4242' }, 'number', 'pattern'],
  ])('refuses %s, naming the field', async (_name, change, field, rule) => {
    const response = await api.post(
      '/billing/test-provider/payment-methods',
      { number: VISA, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123', ...change },
      sessions.newhost,
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', field, in: 'body', rule });
  });

  it('refuses a month already over this year', async () => {
    if (now.getUTCMonth() === 0) return; // January: no earlier month this year
    const response = await tokenise(VISA, sessions.newhost, {
      exp_year: now.getUTCFullYear(),
      exp_month: now.getUTCMonth(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'exp_month', rule: 'expired' });
  });

  it('needs a session', async () => {
    const response = await api.post('/billing/test-provider/payment-methods', {
      number: VISA,
      exp_month: 12,
      exp_year: NEXT_YEAR,
      cvc: '123',
    });
    expect(response.status).toBe(401);
  });
});

describe('adding a card (newhost, who has none)', () => {
  const create = (paymentMethod: string, session = sessions.newhost) =>
    api.post(`/user/billing/create/${userIds.newhost}`, { payment_method: paymentMethod }, session);

  it('a declined card: 402 with the provider’s reason, nothing saved', async () => {
    const response = await create(await token(DECLINED));
    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      error: 'card_declined',
      message: 'Your card was declined. Try another card, or ask your bank why.',
    });
    expect(await accountOf('newhost@hostdash.test')).toMatchObject({
      stripe_customer_id: null,
      payment_method_id: null,
    });
  });

  it('insufficient funds: 402 insufficient_funds, nothing saved', async () => {
    const response = await create(await token(NO_FUNDS));
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ error: 'insufficient_funds' });
    expect(await accountOf('newhost@hostdash.test')).toMatchObject({ stripe_customer_id: null });
  });

  it('an unknown token: 400 on payment_method; a malformed one: the schema’s 400', async () => {
    const unknown = await create('pm_test_000000000000000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'invalid_request', field: 'payment_method' });
    const malformed = await create('4242424242424242');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'invalid_request', field: 'payment_method' });
  });

  it('replacing needs a card first (400 no_billing_customer)', async () => {
    const response = await api.post(
      `/user/billing/updateCard/${userIds.newhost}`,
      { payment_method: await token(VISA) },
      sessions.newhost,
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'no_billing_customer' });
  });

  it('a good card: saved, and /loadAuth has the customer id at once', async () => {
    const response = await create(await token(VISA));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      customer_id: expect.stringMatching(/^cus_test_/),
      card: {
        payment_method_id: expect.stringMatching(/^pm_test_/),
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: NEXT_YEAR,
        name: 'Sam Okafor',
      },
    });
    const auth = await api.get<{ billing: { stripe_customer_id: string | null } }>(
      '/loadAuth',
      sessions.newhost,
    );
    expect(auth.body.billing.stripe_customer_id).toBe(response.body.customer_id);
  });

  it('a token already attached to another customer is refused', async () => {
    const [mine] = await api.db.query<{ id: string }>(
      `select payment_method_id as id from accounts a join users u on u.account_id = a.id where u.email = 'newhost@hostdash.test'`,
    );
    const response = await api.post(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: mine?.id },
      sessions.owner,
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'payment_method' });
  });

  it('replacing the card keeps the customer and saves the new card', async () => {
    const before = await accountOf('newhost@hostdash.test');
    const response = await api.post(
      `/user/billing/updateCard/${userIds.newhost}`,
      { payment_method: await token(MASTERCARD) },
      sessions.newhost,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      customer_id: before?.stripe_customer_id,
      card: { brand: 'mastercard', last4: '4444' },
    });
    const declined = await api.post(
      `/user/billing/updateCard/${userIds.newhost}`,
      { payment_method: await token(DECLINED) },
      sessions.newhost,
    );
    expect(declined.status).toBe(402);
    expect(await accountOf('newhost@hostdash.test')).toMatchObject({ card_last4: '4444' });
  });
});

describe('the card number and CVC are kept nowhere', () => {
  it('not in any table, not in the debug log', async () => {
    logLines.length = 0;
    const visa = await tokenise(VISA, sessions.owner, { cvc: VISA_CVC });
    const amex = await tokenise(AMEX, sessions.owner, { cvc: AMEX_CVC });
    const refused = await tokenise('4242 4242 4242 4241', sessions.owner, { cvc: VISA_CVC });
    // Refused by the schema (not digits) and by a body that is not JSON: the number is not echoed.
    const malformed = await tokenise('4242-4242-4242-4242', sessions.owner, { cvc: VISA_CVC });
    const broken = await api.post(
      '/billing/test-provider/payment-methods',
      `{"number":"4242424242424242","cvc":"${VISA_CVC}"`,
      sessions.owner,
    );
    expect([visa.status, amex.status, refused.status, malformed.status, broken.status]).toEqual([
      200, 200, 400, 400, 400,
    ]);
    expect(malformed.text + broken.text).not.toContain('4242');
    const saved = await api.post(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: visa.body.id },
      sessions.owner,
    );
    expect(saved.status).toBe(200);

    const tables = await api.db.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['public.test_provider_payment_methods', 'public.accounts']),
    );
    // Text and JSON of every row (binary columns aside), and the binary columns' bytes searched
    // for the number as text (the hex of a JPEG can spell 4242… by chance).
    let dump = '';
    for (const { name } of tables) {
      const [table_schema, table_name] = name.split('.');
      const binary = (
        await api.db.query<{ column: string }>(
          `select column_name as column from information_schema.columns
           where table_schema = $1 and table_name = $2 and data_type = 'bytea'`,
          [table_schema, table_name],
        )
      ).map((row) => row.column);
      const rows = await api.db.query<{ row: string }>(
        `select (to_jsonb(t) - $1::text[])::text as row from ${name} t`,
        [binary],
      );
      dump += rows.map((row) => row.row).join('\n');
      for (const column of binary) {
        const [found] = await api.db.query<{ count: number }>(
          `select count(*)::int as count from ${name}
           where position(convert_to('4242424242424242', 'UTF8') in "${column}") > 0
              or position(convert_to('${AMEX}', 'UTF8') in "${column}") > 0`,
        );
        expect({ name, column, found: found?.count }).toEqual({ name, column, found: 0 });
      }
    }
    const log = logLines.join('\n');
    expect(log).toContain('billing_card_replaced');
    for (const text of [dump, log]) {
      for (const pan of [
        '4242424242424242',
        '4242 4242 4242 4242',
        '4242-4242-4242-4242',
        '4242424242424241',
        AMEX,
      ])
        expect(text).not.toContain(pan);
      expect(text).not.toContain(`"${VISA_CVC}"`);
      expect(text).not.toContain(`"${AMEX_CVC}"`);
      expect(text).not.toMatch(/"cvc"/);
    }
  });
});

interface Overview {
  customer_id: string | null;
  card: Record<string, unknown> | null;
  upcoming_invoice: {
    period: string;
    lines: Array<{
      code: string;
      quantity: number;
      unit_price_cents: number;
      amount_cents: number;
    }>;
    subtotal_cents: number;
    tax_cents: number;
    total_cents: number;
    charge_date: string;
    period_start: string;
    period_end: string;
  };
  invoices: Array<{ id: string; period: string; status: string; total_cents: number }>;
  warnings: Array<{ code: string; message: string }>;
}

describe('the billing page', () => {
  it('the upcoming invoice counts what the account actually has this month', async () => {
    const response = await api.get<Overview>(`/user/billing/load/${userIds.owner}`, sessions.owner);
    expect(response.status).toBe(200);
    const [counts] = await api.db.query<{ listings: number; stays: number; start: string }>(
      `select (select count(*)::int from listings where account_id = 1 and status = 'active') as listings,
              (select count(*)::int from reservations where account_id = 1 and status = 'CONFIRMED'
                 and screened_at is not null
                 and to_char(check_in_date, 'YYYY-MM') = to_char(current_date, 'YYYY-MM')) as stays,
              to_char(current_date, 'YYYY-MM') as start`,
    );
    const listings = counts?.listings ?? 0;
    const stays = counts?.stays ?? 0;
    expect(listings).toBeGreaterThan(0);
    expect(stays).toBeGreaterThan(0);
    const subtotal = listings * ACTIVE_LISTING_MONTH_CENTS + stays * SCREENED_RESERVATION_CENTS;
    const tax = Math.round((subtotal * TAX_RATE_BPS) / 10_000);
    const upcoming = response.body.upcoming_invoice;
    expect(upcoming.period).toBe(counts?.start);
    expect(upcoming.lines).toEqual([
      expect.objectContaining({
        code: 'active_listing',
        quantity: listings,
        unit_price_cents: ACTIVE_LISTING_MONTH_CENTS,
        amount_cents: listings * ACTIVE_LISTING_MONTH_CENTS,
      }),
      expect.objectContaining({
        code: 'screened_reservation',
        quantity: stays,
        unit_price_cents: SCREENED_RESERVATION_CENTS,
        amount_cents: stays * SCREENED_RESERVATION_CENTS,
      }),
    ]);
    expect(upcoming).toMatchObject({
      subtotal_cents: subtotal,
      tax_cents: tax,
      total_cents: subtotal + tax,
    });
    expect(upcoming.period_start.slice(0, 7)).toBe(upcoming.period);
    expect(upcoming.charge_date > upcoming.period_end).toBe(true);
  });

  it('shows the seeded history newest first and the card expiring this month', async () => {
    const fresh = await startTestApi();
    try {
      const session = await fresh.signIn('owner@hostdash.test');
      const response = await fresh.get<Overview>(`/user/billing/load/${userIds.owner}`, session);
      expect(response.body.card).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(response.body.customer_id).toBe('cus_demo_olivia');
      const periods = response.body.invoices.map((invoice) => invoice.period);
      expect(periods).toHaveLength(3);
      expect([...periods].sort().reverse()).toEqual(periods);
      expect(response.body.invoices.every((invoice) => invoice.status === 'paid')).toBe(true);
      expect(response.body.warnings.map((warning) => warning.code)).toEqual(['card_expiring']);
      expect(response.body.warnings[0]?.message).toMatch(
        /^Your Visa ending in 4242 expires at the end of [A-Z][a-z]+ \d{4}\. Replace it/,
      );
      const pdf = await fresh.app.inject({
        url: `/user/billing/invoice/${response.body.invoices[0]?.id}/pdf`,
        headers: { authorization: session },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await fresh.close();
    }
  });

  it('a host with no card sees none, and an upcoming invoice', async () => {
    const fresh = await startTestApi();
    try {
      const session = await fresh.signIn('newhost@hostdash.test');
      const response = await fresh.get<Overview>(`/user/billing/load/${userIds.newhost}`, session);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        customer_id: null,
        card: null,
        invoices: [],
        warnings: [],
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('closing a month (staff)', () => {
  const close = (period: string, accountId = '1') =>
    api.post<{
      invoice: { id: string; status: string; total_cents: number };
      already_closed: boolean;
    }>('/admin/billing/closePeriod', { account_id: accountId, period }, sessions.admin);
  const monthsAgo = async (months: number) =>
    (
      await api.db.query<{ period: string }>(
        `select to_char(current_date - $1::int * interval '1 month', 'YYYY-MM') as period`,
        [months],
      )
    )[0]?.period ?? '';

  it('twice (and twice at once): one invoice, one charge', async () => {
    const period = await monthsAgo(5);
    const [first, second] = await Promise.all([close(period), close(period)]);
    const third = await close(period);
    for (const response of [first, second, third]) expect(response.status).toBe(200);
    expect(third.body.already_closed).toBe(true);
    expect(third.body.invoice.status).toBe('paid');
    expect(third.body.invoice.total_cents).toBeGreaterThan(0);
    const invoices = await api.db.query(
      'select id from invoices where account_id = 1 and period = $1',
      [period],
    );
    expect(invoices).toHaveLength(1);
    const charges = await api.db.query(
      'select id from test_provider_charges where idempotency_key = $1',
      [`invoice_${third.body.invoice.id}`],
    );
    expect(charges).toHaveLength(1);
  });

  it('the invoice cannot be changed afterwards', async () => {
    const period = await monthsAgo(5);
    await expect(
      api.db.query(
        'update invoices set total_cents = 1, subtotal_cents = 1, tax_cents = 0 where period = $1',
        [period],
      ),
    ).rejects.toThrow(/immutable/);
    await expect(
      api.db.query('delete from invoices where period = $1', [period]),
    ).rejects.toThrow();
  });

  it('a card whose charges are declined: 402, the invoice failed, the page warns', async () => {
    const attached = await api.post(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: await token(CHARGE_DECLINED) },
      sessions.admin,
    );
    expect(attached.status).toBe(200);
    const period = await monthsAgo(6);
    const response = await close(period);
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ error: 'card_declined' });
    const again = await close(period);
    expect(again.body).toMatchObject({ already_closed: true, invoice: { status: 'failed' } });
    const page = await api.get<Overview>(`/user/billing/load/${userIds.owner}`, sessions.owner);
    expect(page.body.warnings.map((warning) => warning.code)).toContain('last_charge_failed');
    expect(page.body.warnings.find((w) => w.code === 'last_charge_failed')?.message).toMatch(
      /^The payment for [A-Z][a-z]+ \d{4} failed\. Your card was declined\..* We try again on \d{1,2} [A-Z][a-z]+ \d{4}\./,
    );
  });

  it('a new card pays the failed month at once, once, and the warning goes', async () => {
    const failed = await api.db.query<{ id: string }>(
      "select id::text as id from invoices where account_id = 1 and status = 'failed'",
    );
    expect(failed).toHaveLength(1);
    const invoiceId = failed[0]!.id;
    // Still a card whose charges fail: the invoice stays failed, with the new attempt.
    const declining = await api.post(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: await token(CHARGE_DECLINED) },
      sessions.owner,
    );
    expect(declining.status).toBe(200);
    expect(
      await api.db.query("select 1 from invoices where id = $1 and status = 'failed'", [invoiceId]),
    ).toHaveLength(1);

    const replaced = await api.post<{ card: { payment_method_id: string } }>(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: await token(VISA, VISA_CVC) },
      sessions.owner,
    );
    expect(replaced.status).toBe(200);
    const [invoice] = await api.db.query<{ status: string; charged: boolean }>(
      'select status, charged_at is not null as charged from invoices where id = $1',
      [invoiceId],
    );
    expect(invoice).toEqual({ status: 'paid', charged: true });
    const charges = await api.db.query(
      'select id from test_provider_charges where idempotency_key = $1',
      [`invoice_${invoiceId}_${replaced.body.card.payment_method_id}`],
    );
    expect(charges).toHaveLength(1);
    const page = await api.get<Overview>(`/user/billing/load/${userIds.owner}`, sessions.owner);
    expect(page.body.warnings.map((warning) => warning.code)).not.toContain('last_charge_failed');
    // A paid invoice is final: saving a card again charges nothing more.
    await api.post(
      `/user/billing/updateCard/${userIds.owner}`,
      { payment_method: await token(VISA, VISA_CVC) },
      sessions.owner,
    );
    const all = await api.db.query(
      'select id from test_provider_charges where idempotency_key like $1',
      [`invoice_${invoiceId}%`],
    );
    // The month's close and the second declining card were refused; the Visa paid; nothing since.
    expect(all).toHaveLength(3);
    await expect(
      api.db.query("update invoices set status = 'failed' where id = $1", [invoiceId]),
    ).rejects.toThrow(/immutable/);
  });

  it('only a month that has ended; only an account that exists', async () => {
    const current = await close(await monthsAgo(0));
    expect(current.status).toBe(400);
    expect(current.body).toMatchObject({ field: 'period' });
    expect((await close(await monthsAgo(7), '999999')).status).toBe(404);
    expect((await close('2026-13')).status).toBe(400);
  });
});

describe('the provider unreachable', () => {
  it('answers 503 with the sentence, and saves nothing', async () => {
    const never = new Promise<never>(() => undefined);
    const hanging: PaymentProvider = {
      mode: 'test',
      createCustomer: () => never,
      attachPaymentMethod: () => never,
      setDefaultPaymentMethod: () => never,
      charge: () => never,
    };
    const down = await startTestApi({ paymentProvider: () => withTimeout(hanging, 50) });
    try {
      const session = await down.signIn('newhost@hostdash.test');
      const tokenised = await down.post<{ id: string }>(
        '/billing/test-provider/payment-methods',
        { number: VISA, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123' },
        session,
      );
      const response = await down.post(
        `/user/billing/create/${userIds.newhost}`,
        { payment_method: tokenised.body.id },
        session,
      );
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        error: 'provider_unavailable',
        message: PROVIDER_UNAVAILABLE_MESSAGE,
      });
      const [account] = await down.db.query(
        `select a.stripe_customer_id from accounts a join users u on u.account_id = a.id where u.email = 'newhost@hostdash.test'`,
      );
      expect(account).toEqual({ stripe_customer_id: null });
    } finally {
      await down.close();
    }
  });

  it('a provider that throws is unavailable too', async () => {
    const fail = () => Promise.reject(new Error('socket hang up'));
    const broken = withTimeout(
      {
        mode: 'test',
        createCustomer: fail,
        attachPaymentMethod: fail,
        setDefaultPaymentMethod: fail,
        charge: fail,
      },
      1_000,
    );
    expect(
      await broken.charge({
        customerId: 'cus_x',
        paymentMethodId: 'pm_x',
        amountCents: 100,
        currency: 'EUR',
        description: 'x',
        idempotencyKey: 'k',
      }),
    ).toMatchObject({ ok: false, code: 'provider_unavailable' });
  });
});

describe('who may call billing', () => {
  it.each([
    ['manager', 'owner', 403],
    ['vendor', 'owner', 403],
    ['newhost', 'owner', 404],
    ['owner', 'newhost', 404],
    ['admin', 'owner', 200],
    ['owner', 'manager', 200],
  ])('%s loading %s’s billing: %i', async (caller, target, status) => {
    const response = await api.get(`/user/billing/load/${userIds[target]}`, sessions[caller]);
    expect(response.status).toBe(status);
  });

  it('an invoice’s PDF: its owner and staff; a manager 403; another account 404', async () => {
    const [invoice] = await api.db.query<{ id: string }>(
      'select id::text as id from invoices where account_id = 1 order by id limit 1',
    );
    const pdf = (caller: string) =>
      api.app.inject({
        url: `/user/billing/invoice/${invoice?.id}/pdf`,
        headers: { authorization: sessions[caller] ?? '' },
      });
    expect((await pdf('owner')).statusCode).toBe(200);
    expect((await pdf('admin')).statusCode).toBe(200);
    expect((await pdf('manager')).statusCode).toBe(403);
    expect((await pdf('newhost')).statusCode).toBe(404);
  });

  it('closing a month is for staff only', async () => {
    const response = await api.post(
      '/admin/billing/closePeriod',
      { account_id: '1', period: '2020-01' },
      sessions.owner,
    );
    expect(response.status).toBe(403);
  });
});

describe('configuration', () => {
  it('test mode by default, with no publishable key on the page', async () => {
    expect(loadConfig({})).toMatchObject({ stripeSecretKey: null, stripePublishableKey: null });
    const response = await api.get(`/user/billing/load/${userIds.owner}`, sessions.owner);
    expect(response.body).toMatchObject({ provider_mode: 'test', publishable_key: null });
  });

  it('a Stripe secret key needs its publishable key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY/,
    );
  });
});

describe('the PDF a paid invoice keeps (docs/adr/0021-object-storage.md)', () => {
  let fresh: TestApi;
  let owner = '';
  beforeAll(async () => {
    fresh = await startTestApi();
    owner = await fresh.signIn('owner@hostdash.test');
  });
  afterAll(() => fresh.close());

  const pdf = async (invoiceId: string) => {
    const response = await fresh.app.inject({
      url: `/user/billing/invoice/${invoiceId}/pdf`,
      headers: { authorization: owner },
    });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  const documentOf = async (invoiceId: string) =>
    fresh.db.query<{ storage_key: string; size: number }>(
      'select storage_key, size from invoice_documents where invoice_id = $1::bigint',
      [invoiceId],
    );
  const paidInvoices = async () =>
    (
      await fresh.db.query<{ id: string }>(
        "select id::text as id from invoices where account_id = 1 and status = 'paid' order by id",
      )
    ).map((row) => row.id);

  it('is rendered on the first download and is the same file ever after', async () => {
    const [invoiceId = ''] = await paidInvoices();
    expect(await documentOf(invoiceId)).toEqual([]);
    const first = await pdf(invoiceId);
    const [kept] = await documentOf(invoiceId);
    expect(kept).toEqual({
      storage_key: expect.stringMatching(new RegExp(`^invoices/${invoiceId}-[0-9a-f]{16}\\.pdf$`)),
      size: first.length,
    });
    expect(await fresh.storage.get(kept?.storage_key ?? '')).toMatchObject({
      contentType: 'application/pdf',
      size: first.length,
    });
    // Rendered again, it would name the account as it is now; the issued document does not change.
    await fresh.db.query(`update accounts set name = 'Hart Renamed Holdings' where id = 1`);
    expect((await pdf(invoiceId)).equals(first)).toBe(true);
    await expect(
      fresh.db.query('update invoice_documents set storage_key = $2 where invoice_id = $1', [
        invoiceId,
        'invoices/other.pdf',
      ]),
    ).rejects.toThrow(/invoice documents are kept/);
  });

  it('two first downloads at once keep one document, and both answer it', async () => {
    const [, invoiceId = ''] = await paidInvoices();
    const [one, other] = await Promise.all([pdf(invoiceId), pdf(invoiceId)]);
    const documents = await documentOf(invoiceId);
    expect(documents).toHaveLength(1);
    const kept = await fresh.storage.get(documents[0]?.storage_key ?? '');
    expect(one.equals(kept?.body ?? Buffer.alloc(0))).toBe(true);
    expect(other.equals(one)).toBe(true);
  });

  it('an invoice not paid yet says how it stands on each download, and is kept once paid', async () => {
    const [open] = await fresh.db.query<{ id: string }>(
      `insert into invoices (account_id, period, period_start, period_end, currency, lines,
         subtotal_cents, tax_rate_bps, tax_cents, total_cents)
       values (1, '2020-01', '2020-01-01', '2020-01-31', 'EUR', '[]', 0, 2000, 0, 0)
       returning id::text as id`,
    );
    const invoiceId = open?.id ?? '';
    await pdf(invoiceId);
    await pdf(invoiceId);
    expect(await documentOf(invoiceId)).toEqual([]);
    await fresh.db.query(
      `update invoices set status = 'paid', charged_at = now() where id = $1::bigint`,
      [invoiceId],
    );
    const paid = await pdf(invoiceId);
    expect(await documentOf(invoiceId)).toEqual([
      { storage_key: expect.stringMatching(/^invoices\//), size: paid.length },
    ]);
  });
});
