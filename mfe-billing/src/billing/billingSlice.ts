// The `billing` slice (spec section 3: upcomingInvoice, error; section 4: the invoice set on
// success, the error kept on failure): the page's overview, the upcoming invoice, and the card
// being saved. Each call is defined once (defineRemoteCall): its three steps, the saga that runs
// it, and its `loading` and `error` here.
import { createSlice } from '@reduxjs/toolkit';
import { call } from 'redux-saga/effects';
import {
  defineRemoteCall,
  idleStatus,
  type ApiError,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { CardDetails } from '../card/CardForm';
import {
  billingApi,
  type BillingOverview,
  type BillingSummary,
  type TestPaymentMethod,
  type UpcomingInvoice,
} from './billingApi';

/** The card to save, as the provider's browser side gives it. */
export type CardSource =
  /** Test mode: the details, for the provider's own tokenising call (they never reach billing). */
  | { kind: 'details'; card: CardDetails }
  /** Stripe: the PaymentMethod Stripe.js made in the browser from its Elements card field. */
  | { kind: 'token'; paymentMethodId: string };

export interface SaveCardRequest {
  /** The account owner's user id (spec section 7's `{id}`). */
  userId: string;
  source: CardSource;
  /** `create` for a first card, `updateCard` to replace it. */
  mode: 'create' | 'updateCard';
}

export interface BillingState {
  overview: BillingOverview | null;
  upcomingInvoice: UpcomingInvoice | null;
  /** The last failure of any billing call, kept until the next try (spec section 4). */
  error: ApiError | null;
  load: RemoteStatus;
  save: RemoteStatus;
}

export const initialBillingState: BillingState = {
  overview: null,
  upcomingInvoice: null,
  error: null,
  load: idleStatus(),
  save: idleStatus(),
};

/**
 * Saving a card is two calls, as with Stripe.js: the card goes to the provider's tokenisation call
 * (test mode's, here; Stripe.js's in the page with Elements), and only its token to Hostdash
 * (create or updateCard).
 */
function* saveCard({ userId, source, mode }: SaveCardRequest) {
  let paymentMethodId: string;
  if (source.kind === 'details') {
    const token = (yield call(billingApi.tokenise, source.card)) as TestPaymentMethod;
    paymentMethodId = token.id;
  } else {
    paymentMethodId = source.paymentMethodId;
  }
  const save = mode === 'create' ? billingApi.create : billingApi.updateCard;
  return (yield call(save, userId, paymentMethodId)) as BillingSummary;
}

export const billingActions = {
  load: defineRemoteCall<BillingState, string, BillingOverview>(
    'billing/load',
    (userId, { signal }) => billingApi.load(userId, signal),
    { status: (state) => state.load },
  ),
  /** A refusal is shown beside the form (silent: not again in the snackbar). */
  saveCard: defineRemoteCall<BillingState, SaveCardRequest, BillingSummary>(
    'billing/saveCard',
    saveCard,
    { status: (state) => state.save, strategy: 'leading', silent: true },
  ),
};

const billingSlice = createSlice({
  name: 'billing',
  initialState: initialBillingState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(billingActions.load.succeeded, (state, action) => {
        state.overview = action.payload;
        state.upcomingInvoice = action.payload.upcoming_invoice;
        state.error = null;
      })
      .addCase(billingActions.load.failed, (state, action) => {
        state.error = action.payload;
      })
      .addCase(billingActions.saveCard.requested, (state) => {
        state.error = null;
      })
      .addCase(billingActions.saveCard.succeeded, (state, action) => {
        if (state.overview) {
          state.overview.customer_id = action.payload.customer_id;
          state.overview.card = action.payload.card;
        }
      })
      .addCase(billingActions.saveCard.failed, (state, action) => {
        state.error = action.payload;
      });
    billingActions.load.addStatusCases(builder);
    billingActions.saveCard.addStatusCases(builder);
  },
});

export const billingReducer = billingSlice.reducer;

interface WithBilling {
  billing: BillingState;
}
export const selectBilling = (state: WithBilling): BillingState => state.billing;

/** A warning that a month's charge failed: the API charges such a month to a new card at once. */
export const isFailedPaymentWarning = (warning: { code: string }): boolean =>
  warning.code === 'last_charge_failed' || warning.code === 'past_due';
