// `/billing` (owners; the one page a host without a payment method can reach, spec section 6 rule
// 6): the card on file or a way to add one, the upcoming invoice line by line, past invoices with
// their PDF (a failed one with its next try), and a banner while the card is expiring, a payment
// failed or the account is past due, with what past due changes (issue 32).
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDate, formatMonth, labelOf, selectUser, type ApiError } from '@hostdash/shared-auth';
import {
  InvoiceStatusChip,
  LoadError,
  messageOf,
  PageFrame,
  ResponsiveList,
  type ListColumn,
  DownloadButton,
  routeFrame,
} from '@hostdash/shared-ui';
import { CardForm, type CardFormProps } from '../card/CardForm';
import {
  billingActions,
  isFailedPaymentWarning,
  selectBilling,
  type CardSource,
} from './billingSlice';
import { billingApi, type BillingOverview, type UpcomingInvoice } from './billingApi';
import { formatMoney } from './money';

type InvoiceRow = BillingOverview['invoices'][number];

// Stripe Elements only where the API runs with Stripe: test mode never downloads Stripe.js.
const StripeCardForm = lazy(() => import('../card/StripeCardForm'));

type FormField = NonNullable<CardFormProps['fieldRefusal']>['field'];

/** What a save's refusal says, and under which field of the form when it is about one. */
function refusalOf(error: ApiError | null): {
  refusal: string | null;
  fieldRefusal: { field: FormField; message: string } | null;
} {
  if (!error) return { refusal: null, fieldRefusal: null };
  const field = typeof error.field === 'string' ? error.field : '';
  const formField: FormField | null =
    field === 'number'
      ? 'number'
      : field === 'exp_month' || field === 'exp_year'
        ? 'expiry'
        : field === 'cvc'
          ? 'cvc'
          : null;
  if (formField)
    return { refusal: null, fieldRefusal: { field: formField, message: error.message } };
  return { refusal: messageOf(error), fieldRefusal: null };
}

function CardOnFile({ overview, onReplace }: { overview: BillingOverview; onReplace: () => void }) {
  const { card } = overview;
  if (!card) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <Box sx={{ flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 500 }}>
          {labelOf('cardBrand', card.brand)} ending {card.last4}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Expires {String(card.exp_month).padStart(2, '0')} / {card.exp_year}
          {card.name ? ` · ${card.name}` : ''}
        </Typography>
      </Box>
      <Button onClick={onReplace}>Replace card</Button>
    </Stack>
  );
}

function UpcomingInvoiceCard({ invoice }: { invoice: UpcomingInvoice }) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  return (
    <Card>
      <CardHeader
        title="Upcoming invoice"
        subheader={`${formatMonth(invoice.period)} so far · charged on ${formatDate(invoice.charge_date)}`}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {invoice.lines.length === 0 ? (
          <Typography>Nothing to charge so far this month.</Typography>
        ) : (
          <Table size="small" aria-label="Upcoming invoice">
            <TableBody>
              {invoice.lines.map((line) => (
                <TableRow key={line.code}>
                  <TableCell sx={{ pl: 0 }}>
                    {line.description}
                    <Typography variant="body2" color="textSecondary">
                      {line.quantity} × {money(line.unit_price_cents)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    {money(line.amount_cents)}
                  </TableCell>
                </TableRow>
              ))}
              {invoice.tax_cents > 0 && (
                <TableRow>
                  <TableCell sx={{ pl: 0 }}>VAT {invoice.tax_rate_bps / 100} %</TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    {money(invoice.tax_cents)}
                  </TableCell>
                </TableRow>
              )}
              <TableRow>
                <TableCell sx={{ pl: 0, fontWeight: 600, borderBottom: 0 }}>Total</TableCell>
                <TableCell align="right" sx={{ pr: 0, fontWeight: 600, borderBottom: 0 }}>
                  {money(invoice.total_cents)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * What a failed payment changes, and what it does not (docs/adr/0029): said beside the warning, so
 * an owner does not fear their guests' screening stops.
 */
function PastDueNote({ pastDue, since }: { pastDue: boolean; since: string | null }) {
  const points = [
    ...(pastDue
      ? []
      : [
          'We try the charge again by ourselves over the next days. If the last try fails too, your account is past due.',
        ]),
    'Nothing is switched off while a payment is due: screening, syncs and guest mails keep running.',
    'A banner on every page of the dashboard says so until the unpaid months are paid.',
    'Replace your card and we charge the unpaid months to it at once.',
  ];
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title="What past due means"
        subheader={
          pastDue && since ? `Your account is past due since ${formatDate(since)}.` : undefined
        }
        slotProps={{ title: { component: 'h2', variant: 'h6', id: titleId } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <List dense disablePadding sx={{ listStyle: 'disc', pl: 2.5 }}>
          {points.map((point) => (
            <ListItem key={point} disableGutters sx={{ display: 'list-item', py: 0.25 }}>
              {point}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

const INVOICE_COLUMNS: ListColumn<InvoiceRow>[] = [
  {
    key: 'period',
    header: 'Period',
    phone: 'primary',
    render: (invoice) => formatMonth(invoice.period),
  },
  {
    key: 'total',
    header: 'Total',
    render: (invoice) => formatMoney(invoice.total_cents, invoice.currency),
  },
  {
    key: 'status',
    header: 'Status',
    render: (invoice) => (
      <InvoiceStatusChip status={invoice.status} nextTryAt={invoice.next_try_at} />
    ),
  },
  {
    key: 'charged_at',
    header: 'Charged',
    render: (invoice) => (invoice.charged_at ? formatDate(invoice.charged_at) : ''),
  },
  {
    key: 'pdf',
    header: 'Invoice',
    render: (invoice) => (
      <DownloadButton
        href={billingApi.invoicePdfPath(invoice.id)}
        fileType="PDF"
        size="small"
        what={`invoice for ${formatMonth(invoice.period)}`}
      />
    ),
  },
];

export function BillingPage() {
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const { overview, upcomingInvoice, load, save } = useSelector(selectBilling);
  const [replacing, setReplacing] = useState(false);
  const userId = user?.id;

  useEffect(() => {
    if (userId) dispatch(billingActions.load.requested(userId));
  }, [dispatch, userId]);

  // A saved card closes the form; a refusal keeps it open with what was typed. A host's first card
  // ends the billing rule's redirect: they go on to the dashboard once the shell's user has the
  // customer id (the saga reads it again after the save) — before, rule 6 would send them back.
  const navigate = useNavigate();
  const [saving, setSaving] = useState<'create' | 'updateCard' | null>(null);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (saving && !save.loading) {
      setSaving(null);
      if (save.error) return;
      setReplacing(false);
      if (saving === 'create') setLeaving(true);
    }
  }, [saving, save.loading, save.error]);
  const hasCustomer = Boolean(user?.billing?.stripe_customer_id);
  useEffect(() => {
    if (leaving && hasCustomer) {
      setLeaving(false);
      navigate('/');
    }
  }, [leaving, hasCustomer, navigate]);

  if (!userId) return null;
  const onSave = (source: CardSource) => {
    const mode = overview?.customer_id ? 'updateCard' : 'create';
    setSaving(mode);
    dispatch(billingActions.saveCard.requested({ userId, source, mode }));
  };
  const { refusal, fieldRefusal } = refusalOf(save.error);
  const hasCard = Boolean(overview?.card);
  const failedPayment = overview?.warnings.find(isFailedPaymentWarning);

  return (
    <PageFrame {...routeFrame('/billing')}>
      {load.error && (
        <LoadError
          error={load.error}
          onRetry={() => dispatch(billingActions.load.requested(userId))}
        />
      )}
      {overview?.warnings.map((warning) => (
        <Alert key={warning.code} severity={warning.code === 'card_expiring' ? 'warning' : 'error'}>
          <AlertTitle>{labelOf('billingWarning', warning.code)}</AlertTitle>
          <Box component="p" sx={{ m: 0 }}>
            {warning.message}
          </Box>
        </Alert>
      ))}
      {failedPayment && (
        <PastDueNote
          pastDue={failedPayment.code === 'past_due'}
          since={user?.billing?.past_due_since ?? null}
        />
      )}
      {overview && (
        <>
          <Card>
            <CardHeader
              title="Payment method"
              subheader={
                overview.provider_mode === 'test'
                  ? "Test mode: use Stripe's test cards, e.g. 4242 4242 4242 4242. No money moves."
                  : undefined
              }
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              {hasCard && !replacing ? (
                <CardOnFile overview={overview} onReplace={() => setReplacing(true)} />
              ) : (
                <Stack spacing={2}>
                  {!hasCard && (
                    <Typography>
                      Add a card to start screening. You are charged once a month for what you used;
                      nothing is charged now.
                    </Typography>
                  )}
                  {overview.publishable_key ? (
                    <Suspense fallback={<LinearProgress aria-label="Loading the card form" />}>
                      <StripeCardForm
                        publishableKey={overview.publishable_key}
                        submitLabel={hasCard ? 'Replace card' : 'Save card'}
                        saving={save.loading}
                        refusal={save.error ? messageOf(save.error) : null}
                        onSave={(paymentMethodId) => onSave({ kind: 'token', paymentMethodId })}
                        onCancel={hasCard ? () => setReplacing(false) : undefined}
                      />
                    </Suspense>
                  ) : (
                    <CardForm
                      submitLabel={hasCard ? 'Replace card' : 'Save card'}
                      saving={save.loading}
                      refusal={refusal}
                      fieldRefusal={fieldRefusal}
                      onSave={(card) => onSave({ kind: 'details', card })}
                      onCancel={hasCard ? () => setReplacing(false) : undefined}
                    />
                  )}
                </Stack>
              )}
            </CardContent>
          </Card>
          {upcomingInvoice && <UpcomingInvoiceCard invoice={upcomingInvoice} />}
          <Card>
            <CardHeader
              title="Past invoices"
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <ResponsiveList
              label="Past invoices"
              columns={INVOICE_COLUMNS}
              rows={overview.invoices}
              rowKey={(invoice) => invoice.id}
              placeholders={0}
              empty={{
                title: 'No invoices yet',
                text: 'Your first invoice comes at the end of this month.',
              }}
            />
          </Card>
        </>
      )}
    </PageFrame>
  );
}
