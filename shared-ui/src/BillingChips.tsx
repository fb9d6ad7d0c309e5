// How billing's states read wherever they are shown (the billing page's invoices, the admin
// area's users): an invoice's status in the shared words, a failed one with its next try, and an
// account that is past due. Compiled into each remote: nothing here is part of the shell contract.
import { Chip, Stack, Typography } from '@mui/material';
import { formatDate, labelOf } from '@hostdash/shared-auth';
import { StatusChip } from './StatusChip';

/**
 * When a failed charge is tried again: "next try Dec 3, 2026", or "no try left" once every
 * planned try has failed (the account is then past due).
 */
export const retryText = (nextTryAt: string | null): string =>
  nextTryAt ? `next try ${formatDate(nextTryAt)}` : 'no try left';

/**
 * An invoice's status ("Paid", "Due", "Payment failed"); a failed one says when it is tried
 * again beside it, when `nextTryAt` is given (null: no try is left).
 */
export function InvoiceStatusChip({
  status,
  nextTryAt,
}: {
  status: string;
  nextTryAt?: string | null;
}) {
  const chip = <StatusChip kind="invoiceStatus" value={status} />;
  if (status !== 'failed' || nextTryAt === undefined) return chip;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {chip}
      <Typography variant="body2" color="textSecondary" component="span">
        {retryText(nextTryAt)}
      </Typography>
    </Stack>
  );
}

/** An account whose month's charge failed on every try (`billing.past_due_since`). */
export function PastDueChip({ since }: { since?: string | null }) {
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={labelOf('billingWarning', 'past_due')}
      title={since ? `Past due since ${formatDate(since)}` : undefined}
    />
  );
}
