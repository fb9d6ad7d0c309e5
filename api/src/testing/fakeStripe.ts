// A local fake of the few Stripe endpoints that the Stripe adapter calls (stripeProvider.ts), so
// the adapter's real code runs in CI with the real `stripe` SDK pointed at it (host, port,
// protocol). It answers as Stripe's API reference documents them: form-encoded bodies, a Bearer
// secret key, the Idempotency-Key header (the same key replays the first answer and makes one
// record; the same key with other parameters is an idempotency_error), errors shaped
// `{ error: { type, code, decline_code, message, param } }`, and Stripe's documented test payment
// methods (https://docs.stripe.com/testing):
//   pm_card_visa, pm_card_mastercard           attach and charge
//   pm_card_chargeDeclined                     declined (card_declined / generic_decline)
//   pm_card_chargeDeclinedInsufficientFunds    declined (card_declined / insufficient_funds)
//   pm_card_authenticationRequired             the SetupIntent needs 3-D Secure (requires_action)
//   pm_card_chargeCustomerFail                 attaches; every charge is declined
// Like Stripe, a test token used with a customer makes a new PaymentMethod (pm_fake_…) attached
// to that customer. `failWith` makes it answer 500, 429 or never, to test an outage.
// Webhooks: with `setWebhook({ url, secret })` it posts events to the URL signed as Stripe signs
// them (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload" with the secret>`, the body
// pretty-printed as Stripe sends it): payment_intent.succeeded or .payment_failed after each new
// charge, and whatever a test emits (`emit`, `resend` for Stripe's retry of the same event,
// `detachPaymentMethod` and `updateCard` for what happens in Stripe's dashboard or the network).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Outcome =
  | 'succeeds'
  | 'generic_decline'
  | 'insufficient_funds'
  | 'authentication_required'
  | 'charge_fails';

interface TestMethod {
  brand: string;
  last4: string;
  outcome: Outcome;
}

/** Stripe's test PaymentMethod tokens and the card each stands for. */
export const FAKE_TEST_METHODS: Readonly<Record<string, TestMethod>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'insufficient_funds',
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    outcome: 'authentication_required',
  },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', outcome: 'charge_fails' },
};

export interface FakePaymentMethod {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
  outcome: Outcome;
}

export interface FakeCustomer {
  id: string;
  name: string | null;
  email: string | null;
  metadata: Record<string, string>;
  default_payment_method: string | null;
}

export interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  description: string | null;
  metadata: Record<string, string>;
  status: 'succeeded' | 'requires_payment_method';
  last_payment_error: { code: string; decline_code: string; message: string } | null;
}

/** An event as Stripe posts it to a webhook endpoint. */
export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
}

/** One post of an event to the webhook, and the endpoint's answer. */
export interface FakeDelivery {
  eventId: string;
  type: string;
  /** The answer's status; null: the endpoint could not be reached. */
  status: number | null;
  body: unknown;
}

/** How a delivery is signed (by default: now, with the webhook's secret). */
export interface SignOptions {
  timestamp?: number;
  secret?: string;
  /** A header of the test's own; null: none is sent. */
  signature?: string | null;
}

/**
 * The Stripe-Signature header Stripe sends: the time, and the hex HMAC-SHA256 of
 * `<time>.<payload>` keyed with the endpoint's signing secret (https://docs.stripe.com/webhooks).
 */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The form fields as sent (`metadata[account_id]`, `payment_method_types[0]`, …). */
  params: Record<string, string>;
  /** false: answered from an earlier request with the same Idempotency-Key. */
  fresh: boolean;
  /** The answer's status (undefined while none was sent). */
  status?: number;
  /** The answer's error, if any (`{ type, code, decline_code, message, param }`). */
  error?: Record<string, unknown>;
}

export type FakeFailure = 'server_error' | 'rate_limit' | 'hang' | null;

export interface FakeStripe {
  /** Where it listens, e.g. http://127.0.0.1:54321 (STRIPE_API_URL). */
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  customers: Map<string, FakeCustomer>;
  paymentMethods: Map<string, FakePaymentMethod>;
  paymentIntents: Map<string, FakePaymentIntent>;
  /** Makes every request answer 500, 429 or never (until set back to null). */
  failWith(failure: FakeFailure): void;
  /** A customer that exists already (e.g. a demo account's `cus_demo_…`). */
  addCustomer(id: string): FakeCustomer;
  /** Where events are posted and the secret they are signed with (null: none are posted). */
  setWebhook(endpoint: { url: string; secret: string } | null): void;
  /** Every event made, by id. */
  events: Map<string, FakeEvent>;
  /** Every post to the webhook, in order. */
  deliveries: FakeDelivery[];
  /** Makes an event and posts it (null: no webhook is set). */
  emit(
    type: string,
    object: Record<string, unknown>,
    options?: SignOptions,
  ): Promise<FakeDelivery | null>;
  /** Posts an event made before once more, as Stripe's retry does (the same id and body). */
  resend(eventId: string, options?: SignOptions): Promise<FakeDelivery>;
  /** Resolves once every post made so far was answered. */
  settled(): Promise<void>;
  /** The card is detached from its customer (in Stripe's dashboard): payment_method.detached. */
  detachPaymentMethod(id: string): Promise<FakeDelivery | null>;
  /** The network renewed the card: payment_method.automatically_updated. */
  updateCard(
    id: string,
    changes: Partial<Pick<FakePaymentMethod, 'brand' | 'last4' | 'exp_month' | 'exp_year'>>,
  ): Promise<FakeDelivery | null>;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

interface StripeErrorFields {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
}

const stripeError = (status: number, error: StripeErrorFields, extra = {}): Answer => ({
  status,
  body: { error: { ...error, ...extra } },
});

const noSuch = (what: string, id: string, param?: string): Answer =>
  stripeError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param ? { param } : {}),
  });

const DECLINES: Record<'generic_decline' | 'insufficient_funds', string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

const newId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

const now = () => Math.floor(Date.now() / 1000);

/** `metadata[key]` form fields as Stripe's metadata object. */
function metadataOf(params: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_hostdash';
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, FakeCustomer>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  let failure: FakeFailure = null;
  const expYear = new Date().getUTCFullYear() + 1;
  const events = new Map<string, FakeEvent>();
  const deliveries: FakeDelivery[] = [];
  const posting = new Set<Promise<unknown>>();
  let webhook: { url: string; secret: string } | null = null;

  /** Posts an event's body to the webhook, signed (Stripe pretty-prints its bodies). */
  const post = async (event: FakeEvent, options: SignOptions = {}): Promise<FakeDelivery> => {
    const endpoint = webhook;
    if (!endpoint) throw new Error('The fake Stripe has no webhook: call setWebhook first.');
    const payload = JSON.stringify(event, null, 2);
    const signature =
      options.signature === undefined
        ? stripeSignatureHeader(
            payload,
            options.secret ?? endpoint.secret,
            options.timestamp ?? now(),
          )
        : options.signature;
    const delivery: FakeDelivery = {
      eventId: event.id,
      type: event.type,
      status: null,
      body: null,
    };
    deliveries.push(delivery);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(signature === null ? {} : { 'stripe-signature': signature }),
        },
        body: payload,
      });
      delivery.status = response.status;
      const text = await response.text();
      try {
        delivery.body = JSON.parse(text);
      } catch {
        delivery.body = text;
      }
    } catch {
      delivery.status = null;
    }
    return delivery;
  };

  const track = <T>(work: Promise<T>): Promise<T> => {
    posting.add(work);
    void work.finally(() => posting.delete(work)).catch(() => undefined);
    return work;
  };

  const makeEvent = (
    type: string,
    object: Record<string, unknown>,
    idempotencyKey: string | null = null,
  ): FakeEvent => {
    const event: FakeEvent = {
      id: newId('evt_fake_'),
      object: 'event',
      type,
      created: now(),
      livemode: false,
      pending_webhooks: webhook ? 1 : 0,
      request: { id: idempotencyKey ? newId('req_fake_') : null, idempotency_key: idempotencyKey },
      data: { object },
    };
    events.set(event.id, event);
    return event;
  };

  const emit = (
    type: string,
    object: Record<string, unknown>,
    options: SignOptions = {},
    idempotencyKey: string | null = null,
  ): Promise<FakeDelivery | null> => {
    const event = makeEvent(type, object, idempotencyKey);
    return webhook ? track(post(event, options)) : Promise.resolve(null);
  };

  const customerJson = (customer: FakeCustomer) => ({
    id: customer.id,
    object: 'customer',
    created: now(),
    livemode: false,
    name: customer.name,
    email: customer.email,
    metadata: customer.metadata,
    invoice_settings: { default_payment_method: customer.default_payment_method },
  });

  const methodJson = (method: FakePaymentMethod) => ({
    id: method.id,
    object: 'payment_method',
    type: 'card',
    customer: method.customer,
    livemode: false,
    billing_details: { name: method.name, email: null, phone: null, address: null },
    card: {
      brand: method.brand,
      last4: method.last4,
      exp_month: method.exp_month,
      exp_year: method.exp_year,
      funding: 'credit',
      country: 'US',
    },
  });

  const intentJson = (intent: FakePaymentIntent) => ({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    currency: intent.currency,
    customer: intent.customer,
    payment_method: intent.payment_method,
    description: intent.description,
    metadata: intent.metadata,
    status: intent.status,
    last_payment_error: intent.last_payment_error,
    latest_charge: intent.status === 'succeeded' ? newId('ch_fake_') : null,
    livemode: false,
  });

  /** A PaymentMethod of the request: a stored one, or a test token made into a new one. */
  const methodFor = (id: string, customer: string): FakePaymentMethod | Answer => {
    const stored = paymentMethods.get(id);
    if (stored) {
      if (stored.customer !== null && stored.customer !== customer)
        return stripeError(400, {
          type: 'invalid_request_error',
          message: `The PaymentMethod ${id} is attached to another customer.`,
          param: 'payment_method',
        });
      return stored;
    }
    const test = FAKE_TEST_METHODS[id];
    if (!test) return noSuch('PaymentMethod', id, 'payment_method');
    const made: FakePaymentMethod = {
      id: newId('pm_fake_'),
      customer: null,
      brand: test.brand,
      last4: test.last4,
      exp_month: 12,
      exp_year: expYear,
      name: null,
      outcome: test.outcome,
    };
    paymentMethods.set(made.id, made);
    return made;
  };

  const isAnswer = (value: object): value is Answer => 'status' in value && 'body' in value;

  const createCustomer = (params: Record<string, string>): Answer => {
    const customer: FakeCustomer = {
      id: newId('cus_fake_'),
      name: params.name ?? null,
      email: params.email ?? null,
      metadata: metadataOf(params),
      default_payment_method: null,
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customerJson(customer) };
  };

  const updateCustomer = (id: string, params: Record<string, string>): Answer => {
    const customer = customers.get(id);
    if (!customer) return noSuch('customer', id);
    if (params.name !== undefined) customer.name = params.name;
    if (params.email !== undefined) customer.email = params.email;
    const methodId = params['invoice_settings[default_payment_method]'];
    if (methodId !== undefined) {
      const method = paymentMethods.get(methodId);
      if (!method || method.customer !== id)
        return noSuch('PaymentMethod', methodId, 'invoice_settings[default_payment_method]');
      customer.default_payment_method = methodId;
    }
    return { status: 200, body: customerJson(customer) };
  };

  const createSetupIntent = (params: Record<string, string>): Answer => {
    const customerId = params.customer ?? '';
    if (!customers.has(customerId)) return noSuch('customer', customerId, 'customer');
    const methodId = params.payment_method;
    if (!methodId)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'Missing required param: payment_method.',
        param: 'payment_method',
      });
    const method = methodFor(methodId, customerId);
    if (isAnswer(method)) return method;
    const intent = {
      id: newId('seti_fake_'),
      object: 'setup_intent',
      customer: customerId,
      payment_method: method.id,
      usage: params.usage ?? 'off_session',
      allowed_payment_method_types: [params['allowed_payment_method_types[0]'] ?? 'card'],
      payment_method_types: ['card'],
      livemode: false,
      next_action: null as unknown,
      last_setup_error: null as unknown,
      status: 'succeeded',
    };
    if (params.confirm !== 'true')
      return { status: 200, body: { ...intent, status: 'requires_confirmation' } };
    if (method.outcome === 'generic_decline' || method.outcome === 'insufficient_funds') {
      const error = {
        type: 'card_error' as const,
        code: 'card_declined',
        decline_code: method.outcome,
        message: DECLINES[method.outcome],
        param: '',
      };
      return stripeError(402, error, {
        setup_intent: {
          ...intent,
          payment_method: null,
          status: 'requires_payment_method',
          last_setup_error: error,
        },
      });
    }
    if (method.outcome === 'authentication_required')
      return {
        status: 200,
        body: {
          ...intent,
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
        },
      };
    method.customer = customerId;
    return { status: 200, body: intent };
  };

  const createPaymentIntent = (
    params: Record<string, string>,
    idempotencyKey: string | null,
  ): Answer => {
    const customerId = params.customer ?? '';
    if (!customers.has(customerId)) return noSuch('customer', customerId, 'customer');
    const methodId = params.payment_method ?? '';
    const method = paymentMethods.get(methodId);
    if (!method || method.customer !== customerId)
      return noSuch('PaymentMethod', methodId, 'payment_method');
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        message: 'Invalid integer: amount.',
        param: 'amount',
      });
    const intent: FakePaymentIntent = {
      id: newId('pi_fake_'),
      amount,
      currency: params.currency ?? '',
      customer: customerId,
      payment_method: methodId,
      description: params.description ?? null,
      metadata: metadataOf(params),
      status: 'succeeded',
      last_payment_error: null,
    };
    const declineCode =
      method.outcome === 'insufficient_funds'
        ? 'insufficient_funds'
        : method.outcome === 'succeeds'
          ? null
          : method.outcome === 'authentication_required'
            ? 'authentication_required'
            : 'generic_decline';
    // As Stripe: the event of a settled PaymentIntent follows its answer.
    const settledEvent = (type: string) =>
      void track(
        new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
          emit(type, intentJson(intent), {}, idempotencyKey),
        ),
      );
    if (declineCode) {
      const error = {
        code: declineCode === 'authentication_required' ? declineCode : 'card_declined',
        decline_code: declineCode,
        message:
          declineCode === 'authentication_required'
            ? 'Your card was declined. This transaction requires authentication.'
            : DECLINES[declineCode],
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      paymentIntents.set(intent.id, intent);
      settledEvent('payment_intent.payment_failed');
      return stripeError(
        402,
        { type: 'card_error', ...error },
        { payment_intent: intentJson(intent) },
      );
    }
    paymentIntents.set(intent.id, intent);
    settledEvent('payment_intent.succeeded');
    return { status: 200, body: intentJson(intent) };
  };

  const route = (
    method: string,
    path: string,
    params: Record<string, string>,
    idempotencyKey: string | null = null,
  ): Answer => {
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params);
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(path)?.[1];
    if (method === 'POST' && customer) return updateCustomer(decodeURIComponent(customer), params);
    if (method === 'POST' && path === '/v1/setup_intents') return createSetupIntent(params);
    if (method === 'POST' && path === '/v1/payment_intents')
      return createPaymentIntent(params, idempotencyKey);
    const methodId = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && methodId) {
      const found = paymentMethods.get(decodeURIComponent(methodId));
      return found ? { status: 200, body: methodJson(found) } : noSuch('PaymentMethod', methodId);
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). The fake implements only what the adapter calls.`,
    });
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = new URLSearchParams(
        request.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'),
      );
      const params = Object.fromEntries(form.entries());
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header : null;
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        path: url.pathname,
        idempotencyKey: key,
        params,
        fresh: true,
      };
      requests.push(recorded);
      const send = ({ status, body }: Answer, headers: Record<string, string> = {}) => {
        recorded.status = status;
        const error = (body as { error?: Record<string, unknown> }).error;
        if (error) recorded.error = error;
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req_fake_'),
          ...headers,
        });
        response.end(JSON.stringify(body));
      };

      if (failure === 'hang') return; // never answered (closed with the server)
      if (failure === 'server_error')
        return send(stripeError(500, { type: 'api_error', message: 'An unknown error occurred.' }));
      if (failure === 'rate_limit')
        return send(
          stripeError(429, {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message: 'Too many requests hit the API too quickly.',
          }),
        );
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return send(
          stripeError(401, {
            type: 'invalid_request_error',
            message: 'Invalid API Key provided.',
          }),
        );

      if (key !== null && request.method === 'POST') {
        const fingerprint = createHash('sha256')
          .update(`${url.pathname}\n${JSON.stringify(Object.entries(params).sort())}`)
          .digest('hex');
        const earlier = idempotent.get(key);
        if (earlier) {
          recorded.fresh = false;
          if (earlier.fingerprint !== fingerprint)
            return send(
              stripeError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              }),
            );
          return send(earlier.answer, { 'idempotent-replayed': 'true' });
        }
        const answer = route(request.method, url.pathname, params, key);
        // As Stripe: a result is saved, whether it succeeded or failed, unless it was a 500.
        if (answer.status < 500) idempotent.set(key, { fingerprint, answer });
        return send(answer);
      }
      return send(route(request.method ?? '', url.pathname, params));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    customers,
    paymentMethods,
    paymentIntents,
    failWith(next) {
      failure = next;
    },
    addCustomer(id) {
      const customer: FakeCustomer = {
        id,
        name: null,
        email: null,
        metadata: {},
        default_payment_method: null,
      };
      customers.set(id, customer);
      return customer;
    },
    setWebhook(endpoint) {
      webhook = endpoint;
    },
    events,
    deliveries,
    emit: (type, object, options) => emit(type, object, options),
    resend(eventId, options) {
      const event = events.get(eventId);
      if (!event) throw new Error(`The fake Stripe made no event ${eventId}.`);
      return track(post(event, options));
    },
    async settled() {
      while (posting.size > 0) await Promise.allSettled([...posting]);
    },
    detachPaymentMethod(id) {
      const method = paymentMethods.get(id);
      if (!method) throw new Error(`The fake Stripe has no PaymentMethod ${id}.`);
      method.customer = null;
      for (const customer of customers.values())
        if (customer.default_payment_method === id) customer.default_payment_method = null;
      return emit('payment_method.detached', methodJson(method));
    },
    updateCard(id, changes) {
      const method = paymentMethods.get(id);
      if (!method) throw new Error(`The fake Stripe has no PaymentMethod ${id}.`);
      Object.assign(method, changes);
      return emit('payment_method.automatically_updated', methodJson(method));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
