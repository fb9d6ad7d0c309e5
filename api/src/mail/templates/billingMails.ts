// The billing mails (issue 32, src/billing/dunning.ts): the month's invoice when it is closed, a
// charge that failed (with the next try, or the account past due after the last), and a failed
// month paid after all. Each goes to the account's owners, with the way to the billing page.
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';

const FOOTER =
  'You get this mail because you own this Hostdash account and its invoices come to you.';

/** "3 December 2026" (dates are UTC, as the charges are made). */
export const mailDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export interface InvoiceIssuedMail {
  recipientName: string;
  /** "November 2026". */
  month: string;
  /** "€123.40". */
  total: string;
  /** The card it was charged to ("Visa ending in 4242"), or null when nothing was charged yet. */
  chargedTo: string | null;
  /** The invoice's PDF. */
  pdfUrl: string;
  billingUrl: string;
}

export function invoiceIssuedMail(mail: InvoiceIssuedMail): MailContent {
  return layoutMail({
    subject: `Your Hostdash invoice for ${mail.month}: ${mail.total}`,
    greeting: `Hello ${mail.recipientName},`,
    paragraphs: [
      mail.chargedTo
        ? `Your invoice for ${mail.month} is ${mail.total}. It was paid with your ${mail.chargedTo}.`
        : `Your invoice for ${mail.month} is ${mail.total}.`,
    ],
    action: { label: 'Download the invoice (PDF)', url: mail.pdfUrl },
    after: [
      `Every invoice is on your billing page, ${mail.billingUrl} (sign in first if the link asks you to).`,
    ],
    footer: FOOTER,
  });
}

export interface PaymentFailedMail {
  recipientName: string;
  month: string;
  total: string;
  /** The provider's reason, as the billing page shows it. */
  reason: string;
  /** The next try (ISO), or null: that was the last one and the account is past due. */
  nextTryAt: string | null;
  billingUrl: string;
}

export function paymentFailedMail(mail: PaymentFailedMail): MailContent {
  const next = mail.nextTryAt
    ? `We will try again on ${mailDate(mail.nextTryAt)}. Replace your card before then and we charge the new one at once.`
    : 'That was our last try: your account is now past due. Screening and your bookings keep working; replace your card and we charge it at once.';
  return layoutMail({
    subject: mail.nextTryAt
      ? `Your payment for ${mail.month} failed: please update your card`
      : `Your Hostdash account is past due: the payment for ${mail.month} failed`,
    greeting: `Hello ${mail.recipientName},`,
    paragraphs: [`We could not charge ${mail.total} for ${mail.month}. ${mail.reason}`, next],
    action: { label: 'Update your card', url: mail.billingUrl },
    footer: FOOTER,
  });
}

export interface PaymentRecoveredMail {
  recipientName: string;
  month: string;
  total: string;
  pdfUrl: string;
}

export function paymentRecoveredMail(mail: PaymentRecoveredMail): MailContent {
  return layoutMail({
    subject: `Thank you: your payment for ${mail.month} went through`,
    greeting: `Hello ${mail.recipientName},`,
    paragraphs: [`${mail.total} for ${mail.month} is paid. Nothing more is needed from you.`],
    action: { label: 'Download the invoice (PDF)', url: mail.pdfUrl },
    footer: FOOTER,
  });
}
