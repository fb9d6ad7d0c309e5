// The billing page's sagas: each call defined in the slice, and what follows a saved card (a
// refusal is shown beside the form, silent). Once saved, the shell is told
// who the user is now (loadAuth: `billing.stripe_customer_id` is set), so rule 6 stops sending
// them to /billing at once, in the same tab, and the banner of a failed payment goes once the
// new card has paid the failed months.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import { authActions, labelOf, snackbarActions } from '@hostdash/shared-auth';
import type { BillingSummary } from './billingApi';
import {
  billingActions,
  isFailedPaymentWarning,
  selectBilling,
  type BillingState,
  type SaveCardRequest,
} from './billingSlice';

function* afterSave(action: PayloadAction<BillingSummary, string, { request: SaveCardRequest }>) {
  const { card } = action.payload;
  // The page as it was before the save: a month whose charge failed is charged to the new card
  // by the API at once; the reload below says how that went.
  const before = (yield select(selectBilling)) as BillingState;
  const hadFailedCharge = Boolean(before.overview?.warnings.some(isFailedPaymentWarning));
  // The shell's user carries the failed payment its banner shows: read again, it goes once paid.
  yield put(authActions.loadAuth.requested());
  yield put(billingActions.load.requested(action.meta.request.userId));
  const saved = card
    ? `Card saved: ${labelOf('cardBrand', card.brand)} ending ${card.last4}.`
    : 'Card saved.';
  if (!hadFailedCharge) {
    yield put(
      snackbarActions.show({
        text: `${saved} Nothing is charged until the month ends.`,
        props: { severity: 'success' },
      }),
    );
    return;
  }
  const reloaded = (yield take([
    billingActions.load.succeeded.type,
    billingActions.load.failed.type,
  ])) as { type: string };
  // The page could not be read again (its own error says so): how the charge went is not known.
  if (reloaded.type !== billingActions.load.succeeded.type) {
    yield put(snackbarActions.show({ text: saved, props: { severity: 'success' } }));
    return;
  }
  const after = (yield select(selectBilling)) as BillingState;
  const stillFailed = Boolean(after.overview?.warnings.some(isFailedPaymentWarning));
  yield put(
    snackbarActions.show(
      stillFailed
        ? {
            text: `${saved} The unpaid invoice could not be charged to it: see the warning above.`,
            props: { severity: 'warning' },
          }
        : {
            text: `${saved} The unpaid invoice is charged to it now.`,
            props: { severity: 'success' },
          },
    ),
  );
}

export function* billingSaga() {
  yield all([
    fork(billingActions.load.watch),
    fork(billingActions.saveCard.watch),
    takeLatest(billingActions.saveCard.succeeded.type, afterSave),
  ]);
}
