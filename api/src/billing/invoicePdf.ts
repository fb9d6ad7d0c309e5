// An invoice as a PDF, with the same layout as the reports (pdf-lib, standard fonts).
import { PdfLayout } from '../reports/pdfLayout';
import type { Invoice } from './billingSchemas';

export const money = (cents: number, currency: string): string => {
  const symbol = currency === 'EUR' ? 'EUR ' : `${currency} `;
  const whole = Math.floor(cents / 100).toLocaleString('en-GB');
  return `${symbol}${whole}.${String(cents % 100).padStart(2, '0')}`;
};

export const invoiceFileName = (invoice: Invoice): string =>
  `hostdash-invoice-${invoice.period}-${invoice.id}.pdf`;

const STATUS_WORDS = { paid: 'Paid', failed: 'Payment failed', open: 'Not charged yet' } as const;

export async function renderInvoicePdf(
  invoice: Invoice,
  account: { name: string; customerId: string | null },
): Promise<Buffer> {
  const layout = await PdfLayout.create(`Hostdash invoice ${invoice.period}`);
  layout.title(
    `Invoice ${invoice.period}`,
    `${account.name} · ${invoice.period_start} to ${invoice.period_end}`,
  );
  layout.field('Invoice number', `HD-${invoice.id.padStart(6, '0')}`);
  layout.field('Account', account.name);
  layout.field('Customer', account.customerId);
  layout.field('Status', STATUS_WORDS[invoice.status]);
  layout.field('Charged', invoice.charged_at ? invoice.charged_at.slice(0, 10) : null);
  if (invoice.failure_message) layout.field('Why it failed', invoice.failure_message);
  layout.heading('Charges');
  layout.table(
    ['Description', 'Quantity', 'Unit price', 'Amount'],
    [0.5, 0.14, 0.18, 0.18],
    invoice.lines.map((line) => [
      line.description,
      String(line.quantity),
      money(line.unit_price_cents, invoice.currency),
      money(line.amount_cents, invoice.currency),
    ]),
  );
  layout.space(6);
  layout.field('Subtotal', money(invoice.subtotal_cents, invoice.currency));
  layout.field(
    `VAT ${(invoice.tax_rate_bps / 100).toFixed(0)}%`,
    money(invoice.tax_cents, invoice.currency),
  );
  layout.field('Total', money(invoice.total_cents, invoice.currency));
  return layout.finish(`Hostdash invoice ${invoice.period} · ${account.name}`);
}
