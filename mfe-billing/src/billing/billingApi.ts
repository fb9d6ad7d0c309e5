// The billing calls (spec section 7's create and updateCard, and the page's load and invoice PDF),
// typed with the API contract. In test mode the card goes to the provider's own tokenisation call
// first; the billing endpoints only ever receive its token (issue 13).
import type {
  BillingOverview,
  BillingSummary,
  Invoice,
  TestPaymentMethod,
  UpcomingInvoice,
} from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';
import type { CardDetails } from '../card/CardForm';

export type { BillingOverview, BillingSummary, Invoice, TestPaymentMethod, UpcomingInvoice };

const userPath = (route: string, userId: string) =>
  `/user/billing/${route}/${encodeURIComponent(userId)}`;

export const billingApi = {
  load: (userId: string, signal?: AbortSignal) =>
    api.get<BillingOverview>(userPath('load', userId), { signal }),
  /** Test mode's stand-in for Stripe.js: the card in, a token out. */
  tokenise: (card: CardDetails) =>
    api.post<TestPaymentMethod>('/billing/test-provider/payment-methods', { data: card }),
  create: (userId: string, paymentMethod: string) =>
    api.post<BillingSummary>(userPath('create', userId), {
      data: { payment_method: paymentMethod },
    }),
  updateCard: (userId: string, paymentMethod: string) =>
    api.post<BillingSummary>(userPath('updateCard', userId), {
      data: { payment_method: paymentMethod },
    }),
  /** Where the browser downloads an invoice (through the shell's /api proxy, with the session cookie). */
  invoicePdfPath: (invoiceId: string) =>
    `/api/user/billing/invoice/${encodeURIComponent(invoiceId)}/pdf`,
};
