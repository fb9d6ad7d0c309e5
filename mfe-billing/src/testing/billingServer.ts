// A small stand-in for the billing API over real HTTP, so the page, the saga and the shared client
// run for real in component tests. The API's own behaviour (test cards, invoices from usage, role
// scoping) is tested against its real database in api/src/billing; every answer here is checked
// against the API contract (api/openapi.json), so the stand-in cannot promise the remote anything
// the real API would not answer.
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import type { BillingOverview, BillingSummary } from '../billing/billingApi';

type Card = NonNullable<BillingOverview['card']>;

export const VISA_4242: Card = {
  payment_method_id: 'pm_test_visa',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  name: 'Olivia Hart',
};

export function makeOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    customer_id: 'cus_demo_olivia',
    card: VISA_4242,
    provider_mode: 'test',
    publishable_key: null,
    upcoming_invoice: {
      period: '2026-11',
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      currency: 'EUR',
      lines: [
        {
          code: 'active_listing',
          description: 'Active listings (per listing, per month)',
          quantity: 12,
          unit_price_cents: 500,
          amount_cents: 6000,
        },
        {
          code: 'screened_reservation',
          description: 'Screened reservations (per stay, by check-in date)',
          quantity: 40,
          unit_price_cents: 120,
          amount_cents: 4800,
        },
      ],
      subtotal_cents: 10800,
      tax_rate_bps: 2300,
      tax_cents: 2484,
      total_cents: 13284,
      charge_date: '2026-12-01',
    },
    invoices: [
      {
        id: '3',
        period: '2026-10',
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        currency: 'EUR',
        total_cents: 12915,
        status: 'paid',
        charged_at: '2026-11-01T06:00:00Z',
        next_try_at: null,
      },
    ],
    warnings: [],
    ...overrides,
  };
}

/** Why a failed month's charge failed, as the API keeps it. */
export const CHARGE_DECLINED_MESSAGE =
  'Your card was declined. Try another card, or ask your bank why.';

/**
 * The overview of an account whose October charge failed: the invoice, its next try and the
 * warning, or, past due (every try failed), no next try and the past-due warning.
 */
export function failedOverview({ pastDue = false } = {}): BillingOverview {
  const base = makeOverview();
  return makeOverview({
    invoices: [
      {
        ...base.invoices[0]!,
        status: 'failed',
        charged_at: null,
        next_try_at: pastDue ? null : '2026-12-03T02:00:00Z',
      },
    ],
    warnings: [
      pastDue
        ? {
            code: 'past_due',
            message: `Your account is past due: every try to charge October 2026 failed. ${CHARGE_DECLINED_MESSAGE} Screening keeps running. Replace your card and we charge it at once.`,
          }
        : {
            code: 'last_charge_failed',
            message: `The payment for October 2026 failed. ${CHARGE_DECLINED_MESSAGE} We try again on 3 December 2026. Replace your card and we charge it at once.`,
          },
    ],
  });
}

const DECLINED: UpstreamAnswer = {
  status: 402,
  json: {
    error: 'card_declined',
    message: 'Your card was declined. Try another card, or ask your bank why.',
  },
};

/**
 * Stripe's documented test numbers, and how attaching a token made from each one answers
 * (`charges_declined`: it attaches, but a charge to it is declined).
 */
const ATTACH_OUTCOMES: Record<string, UpstreamAnswer | 'saved' | 'charges_declined'> = {
  '4242424242424242': 'saved',
  '4000000000000341': 'charges_declined',
  '4000000000000002': DECLINED,
  '4000000000009995': {
    status: 402,
    json: {
      error: 'insufficient_funds',
      message: 'Your card has insufficient funds. Try another card.',
    },
  },
};

export interface BillingServer extends Upstream {
  overview: BillingOverview;
  /** The answer of every billing call (create, updateCard) until removed: a provider outage … */
  failSaves: UpstreamAnswer | null;
  /** Answers of the load call, in turn, before the overview is answered again. */
  failLoads: UpstreamAnswer[];
  /** Milliseconds the save calls wait before answering (a slow provider). */
  saveDelayMs: number;
  /** Milliseconds `/loadAuth` waits before answering (a busy API after a save). */
  loadAuthDelayMs: number;
  requestsTo: (pathname: string) => RecordedRequest[];
  /** PaymentMethods made elsewhere (by Stripe.js, in Stripe mode) that attach as a Visa 4242. */
  knownPaymentMethods: Set<string>;
}

export async function startBillingServer(
  overview: BillingOverview = makeOverview(),
): Promise<BillingServer> {
  let state: Pick<
    BillingServer,
    'overview' | 'failSaves' | 'failLoads' | 'saveDelayMs' | 'loadAuthDelayMs'
  > = {
    overview,
    failSaves: null,
    failLoads: [],
    saveDelayMs: 0,
    loadAuthDelayMs: 0,
  };
  // Tokens made by the tokenising call: the card they stand for, and how attaching it answers
  // (as in the real test mode, a card is declined when it is attached, not when tokenised).
  const tokens = new Map<
    string,
    { card: Card; outcome: UpstreamAnswer | 'saved' | 'charges_declined' }
  >();

  function tokenise(request: RecordedRequest): UpstreamAnswer {
    const card = JSON.parse(request.body) as {
      number: string;
      exp_month: number;
      exp_year: number;
      name?: string;
    };
    const id = `pm_test_${tokens.size + 1}`;
    const metadata = {
      brand: 'visa',
      last4: card.number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    };
    tokens.set(id, {
      card: { payment_method_id: id, ...metadata, name: card.name ?? null },
      outcome: ATTACH_OUTCOMES[card.number] ?? DECLINED,
    });
    return { json: { id, card: metadata } };
  }

  function save(route: 'create' | 'updateCard', request: RecordedRequest): UpstreamAnswer {
    if (state.failSaves) return { ...state.failSaves, delayMs: state.saveDelayMs };
    const { payment_method } = JSON.parse(request.body) as { payment_method: string };
    const token =
      tokens.get(payment_method) ??
      (server.knownPaymentMethods.has(payment_method)
        ? { card: { ...VISA_4242, payment_method_id: payment_method }, outcome: 'saved' as const }
        : undefined);
    if (!token) {
      return {
        status: 400,
        json: {
          error: 'invalid_request',
          field: 'payment_method',
          message: 'This payment method does not exist.',
        },
      };
    }
    if (typeof token.outcome === 'object') return { ...token.outcome, delayMs: state.saveDelayMs };
    const { card } = token;
    if (route === 'updateCard' && !state.overview.customer_id) {
      return {
        status: 400,
        json: { error: 'no_billing_customer', message: 'Add a card first.' },
      };
    }
    const customerId = state.overview.customer_id ?? 'cus_test_new';
    // As the API does: the failed months are charged to the new card at once; a card whose
    // charges are declined leaves them failed (and their warning) as they were.
    const pays = token.outcome === 'saved';
    state.overview = {
      ...state.overview,
      customer_id: customerId,
      card,
      invoices: state.overview.invoices.map((invoice) =>
        pays && invoice.status === 'failed'
          ? { ...invoice, status: 'paid', charged_at: new Date().toISOString(), next_try_at: null }
          : invoice,
      ),
      warnings: pays
        ? []
        : state.overview.warnings.filter(
            (warning) => warning.code === 'last_charge_failed' || warning.code === 'past_due',
          ),
    };
    const summary: BillingSummary = { customer_id: customerId, card };
    return { json: summary, delayMs: state.saveDelayMs };
  }

  const upstream = await startUpstream(
    (request) => {
      const path = new URL(request.url, 'http://api').pathname.replace(/\/$/, '');
      if (path === '/loadAuth') {
        // As the API answers it (the shell's proxy would remove `sessionId`).
        // The oldest failed month, as the banner reads it; past due while its warning is there.
        const failed = state.overview.invoices
          .filter((invoice) => invoice.status === 'failed')
          .sort((a, b) => a.period.localeCompare(b.period))[0];
        const pastDue = state.overview.warnings.some((warning) => warning.code === 'past_due');
        return {
          json: {
            ...DEMO_OWNER,
            billing: {
              stripe_customer_id: state.overview.customer_id,
              past_due_since: pastDue ? '2026-11-08T02:00:00Z' : null,
              failed_payment: failed
                ? {
                    period: failed.period,
                    message: CHARGE_DECLINED_MESSAGE,
                    next_try_at: failed.next_try_at,
                  }
                : null,
            },
            sessionId: 'session-under-test',
          },
          delayMs: state.loadAuthDelayMs,
        };
      }
      if (path === `/user/billing/load/${DEMO_OWNER.id}`) {
        return state.failLoads.shift() ?? { json: state.overview };
      }
      if (path === '/billing/test-provider/payment-methods') return tokenise(request);
      const saving = /^\/user\/billing\/(create|updateCard)\/(\w+)$/.exec(path);
      if (saving && request.method === 'POST') {
        return save(saving[1] as 'create' | 'updateCard', request);
      }
      return { status: 404, json: { error: 'not_found', message: `No route ${path}` } };
    },
    { check: keepsContract },
  );

  const requests = upstream.requests;
  const server: BillingServer = Object.assign(upstream, state, {
    knownPaymentMethods: new Set<string>(),
    requestsTo: (pathname: string) =>
      requests.filter((request) => new URL(request.url, 'http://api').pathname === pathname),
  });
  state = server;
  return server;
}
