// The billing part of the contract: the card we keep (never its number or CVC), the upcoming
// invoice, past invoices, warnings, and the test-mode tokenisation call. Amounts are integers in
// cents of `currency`.
import { Type, type Static } from '@sinclair/typebox';
import {
  DateTime,
  Day,
  Id,
  named,
  nullable,
  ref,
  stringEnum,
  type NamedSchema,
} from '../http/schemas';
import { INVOICE_LINE_CODES } from './prices';

export const PERIOD_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
export const PAYMENT_METHOD_PATTERN = '^pm_[A-Za-z0-9_]{1,200}$';
export const CARD_NUMBER_PATTERN = '^[0-9 ]{12,23}$';
export const CVC_PATTERN = '^[0-9]{3,4}$';

export const INVOICE_STATUSES = ['open', 'paid', 'failed'] as const;
export const WARNING_CODES = [
  'card_expiring',
  'card_expired',
  'last_charge_failed',
  'past_due',
] as const;

const Cents = (description: string) => Type.Integer({ minimum: 0, description });

export const BillingCardSchema = named(
  'BillingCard',
  {
    payment_method_id: Type.String({ description: 'The provider’s id of the payment method.' }),
    brand: Type.String({ description: '`visa`, `mastercard`, `amex`, `discover`, …' }),
    last4: Type.String({ pattern: '^[0-9]{4}$' }),
    exp_month: Type.Integer({ minimum: 1, maximum: 12 }),
    exp_year: Type.Integer({ minimum: 2000, maximum: 2199 }),
    name: nullable(Type.String({ description: 'The cardholder’s name, as entered.' })),
  },
  { description: 'The account’s saved card: what the provider shows of it, never its number.' },
);

export const BillingSummarySchema = named(
  'BillingSummary',
  {
    customer_id: nullable(
      Type.String({
        description:
          'The payment provider’s customer (`billing.stripe_customer_id` of /loadAuth). null: no payment method yet.',
      }),
    ),
    card: nullable(ref(BillingCardSchema)),
  },
  { description: 'The account’s payment method, after it was added or replaced.' },
);

export const InvoiceLineSchema = named(
  'InvoiceLine',
  {
    code: stringEnum(INVOICE_LINE_CODES),
    description: Type.String(),
    quantity: Type.Integer({ minimum: 0 }),
    unit_price_cents: Cents('The price of one.'),
    amount_cents: Cents('quantity × unit price.'),
  },
  { description: 'One charge of an invoice.' },
);

const amountProperties = {
  period: Type.String({ pattern: PERIOD_PATTERN, description: 'The month billed, YYYY-MM.' }),
  period_start: Day('Its first day.'),
  period_end: Day('Its last day.'),
  currency: Type.String({ description: 'ISO 4217, e.g. `EUR`.' }),
  lines: Type.Array(ref(InvoiceLineSchema), {
    description: 'One per charge with a quantity; none for a month without usage.',
  }),
  subtotal_cents: Cents('The lines’ sum.'),
  tax_rate_bps: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    description: 'VAT in basis points (2300 = 23%).',
  }),
  tax_cents: Cents('VAT on the subtotal.'),
  total_cents: Cents('subtotal + tax.'),
};

export const UpcomingInvoiceSchema = named(
  'UpcomingInvoice',
  {
    ...amountProperties,
    charge_date: Day('The day it will be charged to the card (the day after the period).'),
  },
  {
    description:
      'The current month so far, from the account’s actual active listings and screened stays: what will be charged when it closes.',
  },
);

export const InvoiceSummarySchema = named(
  'InvoiceSummary',
  {
    id: Id(),
    period: Type.String({ pattern: PERIOD_PATTERN }),
    period_start: Day(),
    period_end: Day(),
    currency: Type.String(),
    total_cents: Cents('What was (or is to be) charged.'),
    status: stringEnum(INVOICE_STATUSES, {
      description: '`paid`; `failed` (the card was declined); `open` (not charged yet).',
    }),
    charged_at: nullable(DateTime('When it was paid; null unless paid.')),
    next_try_at: nullable(
      DateTime(
        'When a failed charge is tried again by itself (BILLING_RETRY_DAYS); null when paid, open, or no try is left.',
      ),
    ),
  },
  { description: 'A past invoice in the history.' },
);

export const InvoiceSchema = named(
  'Invoice',
  {
    id: Id(),
    account_id: Id(),
    ...amountProperties,
    status: stringEnum(INVOICE_STATUSES),
    charged_at: nullable(DateTime()),
    failure_message: nullable(
      Type.String({ description: 'Why the charge failed, in the provider’s words.' }),
    ),
    next_try_at: nullable(
      DateTime(
        'When a failed charge is tried again by itself (BILLING_RETRY_DAYS); null when paid, open, or no try is left.',
      ),
    ),
  },
  { description: 'A closed month: written once, never changed but for its charge’s outcome.' },
);

export const ClosedPeriodSchema = named(
  'ClosedPeriod',
  {
    invoice: ref(InvoiceSchema),
    already_closed: Type.Boolean({
      description: 'true: the month was closed before; nothing was written or charged now.',
    }),
  },
  { description: 'The invoice of a closed month.' },
);

export const BillingWarningSchema = named(
  'BillingWarning',
  {
    code: stringEnum(WARNING_CODES),
    message: Type.String({ description: 'What to do, in words for the banner.' }),
  },
  { description: 'Something the account owner should act on.' },
);

export const BillingOverviewSchema = named(
  'BillingOverview',
  {
    customer_id: nullable(Type.String()),
    card: nullable(ref(BillingCardSchema)),
    upcoming_invoice: ref(UpcomingInvoiceSchema),
    invoices: Type.Array(ref(InvoiceSummarySchema), { description: 'Newest first.' }),
    warnings: Type.Array(ref(BillingWarningSchema)),
    provider_mode: stringEnum(['test', 'stripe'], {
      description:
        '`test`: the built-in test mode (tokenise with /billing/test-provider/…); `stripe`: collect the card with Stripe Elements and `publishable_key`.',
    }),
    publishable_key: nullable(
      Type.String({
        description:
          'Stripe’s publishable key (`pk_…`) for Stripe Elements in `stripe` mode; null in test mode.',
      }),
    ),
  },
  { description: 'The `/billing` page: card, upcoming invoice, history and warnings.' },
);

export const TestPaymentMethodSchema = named(
  'TestPaymentMethod',
  {
    id: Type.String({ description: 'The token to send as `payment_method` (`pm_test_…`).' }),
    card: Type.Object(
      {
        brand: Type.String(),
        last4: Type.String(),
        exp_month: Type.Integer(),
        exp_year: Type.Integer(),
      },
      { additionalProperties: false },
    ),
  },
  { description: 'A card tokenised by the test-mode provider.' },
);

export const PaymentMethodBody = Type.Object(
  {
    payment_method: Type.String({
      pattern: PAYMENT_METHOD_PATTERN,
      maxLength: 203,
      description: 'The token from the provider’s card form (`pm_…`), never the card itself.',
    }),
  },
  { additionalProperties: false },
);

export const TestCardBody = Type.Object(
  {
    number: Type.String({ pattern: CARD_NUMBER_PATTERN, description: 'Digits, spaces allowed.' }),
    exp_month: Type.Integer({ minimum: 1, maximum: 12 }),
    exp_year: Type.Integer({ minimum: 2000, maximum: 2199 }),
    cvc: Type.String({ pattern: CVC_PATTERN }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const ClosePeriodBody = Type.Object(
  {
    account_id: Id('The account to bill.'),
    period: Type.String({ pattern: PERIOD_PATTERN, description: 'The month, YYYY-MM.' }),
  },
  { additionalProperties: false },
);

export type BillingCard = Static<typeof BillingCardSchema>;
export type BillingSummary = Static<typeof BillingSummarySchema>;
export type InvoiceLine = Static<typeof InvoiceLineSchema>;
export type UpcomingInvoice = Static<typeof UpcomingInvoiceSchema>;
export type InvoiceSummary = Static<typeof InvoiceSummarySchema>;
export type Invoice = Static<typeof InvoiceSchema>;
export type BillingWarning = Static<typeof BillingWarningSchema>;

export const BILLING_SCHEMAS: NamedSchema[] = [
  BillingCardSchema,
  BillingSummarySchema,
  InvoiceLineSchema,
  UpcomingInvoiceSchema,
  InvoiceSummarySchema,
  InvoiceSchema,
  ClosedPeriodSchema,
  BillingWarningSchema,
  BillingOverviewSchema,
  TestPaymentMethodSchema,
];
