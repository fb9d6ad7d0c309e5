// An invoice as a PDF, with the same layout as the reports (pdf-lib, standard fonts), and the
// document a paid invoice keeps.
import { createHash } from 'node:crypto';
import type { ObjectStorage } from '@hostdash/storage';
import type { Sql } from '../db/database';
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

async function renderInvoicePdf(
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

/**
 * The invoice's PDF. A paid invoice is settled and nothing on it changes any more: its document is
 * rendered once, on the first download, kept in the storage, and that same file is served from
 * then on (a renamed account does not rewrite it). An open or failed invoice may still be charged,
 * and its PDF says how it stands: it is rendered for each download until it is paid.
 *
 * The file is put in the storage before its `invoice_documents` row names it, under a name of its
 * own content (a PDF carries the moment it was made): when two first downloads race, the first row
 * wins and both answer its file; the other file is left unnamed (harmless; docs/adr/0021).
 */
export async function invoiceDocument(
  sql: Sql,
  storage: ObjectStorage,
  invoice: Invoice,
  account: { name: string; customerId: string | null },
): Promise<Buffer> {
  if (invoice.status !== 'paid') return renderInvoicePdf(invoice, account);
  const kept = await keptDocument(sql, storage, invoice.id);
  if (kept) return kept;
  const bytes = await renderInvoicePdf(invoice, account);
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const key = `invoices/${invoice.id}-${digest}.pdf`;
  await storage.put(key, bytes, { contentType: 'application/pdf' });
  const [named] = await sql.query(
    `insert into invoice_documents (invoice_id, storage_key, size) values ($1::bigint, $2, $3)
     on conflict (invoice_id) do nothing returning invoice_id`,
    [invoice.id, key, bytes.length],
  );
  if (named) return bytes;
  return (await keptDocument(sql, storage, invoice.id)) ?? bytes;
}

/** The document the invoice keeps, or null when it has none yet. */
async function keptDocument(
  sql: Sql,
  storage: ObjectStorage,
  invoiceId: string,
): Promise<Buffer | null> {
  const [row] = await sql.query<{ storage_key: string }>(
    'select storage_key from invoice_documents where invoice_id = $1::bigint',
    [invoiceId],
  );
  if (!row) return null;
  const object = await storage.get(row.storage_key);
  // Written before the row named it: a missing one was lost (a 500, and logged).
  if (!object)
    throw new Error(
      `Invoice ${invoiceId}'s document ${row.storage_key} is missing from the storage (${storage.location})`,
    );
  return object.body;
}
