// The billing banner (issue 32, docs/adr/0029): an account owner whose monthly charge failed reads
// it under the top bar on every page, with the way to the card, until the month is paid. Who may
// see it is who may open /billing (the same access rule). It is not shown on /billing itself, whose
// own warning says the same with more. Nothing is switched off while a payment is due: the words
// say so when the account is past due. The user is the shell's: it is read again when the billing
// remote saves a card (authActions.loadAuth), and the banner goes once nothing failed is left.
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import {
  BILLING_PATH,
  checkAccess,
  formatDate,
  formatMonth,
  type User,
} from '@hostdash/shared-auth';
import { useSession } from '../app/session';
import { useClientConfig } from '../app/ShellContext';

export interface BillingNotice {
  severity: 'warning' | 'error';
  text: string;
}

/** "Your card was declined" → "Your card was declined.": the API's reason as a sentence. */
const asSentence = (text: string): string => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** What the banner says for this user's account, or null when no payment failed. */
export function billingNoticeOf(user: User): BillingNotice | null {
  const failed = user.billing?.failed_payment;
  if (!failed) return null;
  const month = formatMonth(failed.period);
  const reason = asSentence(failed.message);
  if (user.billing.past_due_since)
    return {
      severity: 'error',
      text: `Your account is past due: every try to charge ${month} failed. ${reason} Screening keeps running.`,
    };
  return {
    severity: 'warning',
    text: failed.next_try_at
      ? `The payment for ${month} failed: ${reason} We try again on ${formatDate(failed.next_try_at)}.`
      : `The payment for ${month} failed: ${reason}`,
  };
}

export function BillingBanner() {
  const { user } = useSession();
  const { stage, billingBypass } = useClientConfig();
  const { pathname } = useLocation();
  if (!user || pathname === BILLING_PATH) return null;
  const mayOpenBilling = checkAccess({
    pathname: BILLING_PATH,
    user,
    stage,
    billingBypass,
  }).allowed;
  const notice = mayOpenBilling ? billingNoticeOf(user) : null;
  if (!notice) return null;
  return (
    <Alert
      // Polite: it is there when the page opens, and says nothing urgent about what the person
      // is doing now.
      role="status"
      aria-label="Billing"
      severity={notice.severity}
      action={
        <Button component={RouterLink} to={BILLING_PATH} color="inherit" size="small">
          Update card
        </Button>
      }
      sx={{
        mb: 2,
        // On a phone the action goes under the words, in line with them.
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: 1, minWidth: 0 },
        '& .MuiAlert-action': {
          width: { xs: '100%', sm: 'auto' },
          ml: { xs: 0, sm: 'auto' },
          pl: { xs: '34px', sm: 2 },
          pt: { xs: 0, sm: 0.5 },
        },
      }}
    >
      {notice.text}
    </Alert>
  );
}
