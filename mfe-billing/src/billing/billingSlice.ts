// The `billing` slice (spec section 3: upcomingInvoice, error; section 4: the invoice set on
// success, the error kept on failure): the page's overview, the upcoming invoice, and the card
// being saved. Every call goes through the three-step action helper.
import { createSlice } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type ApiError,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { CardDetails } from '../card/CardForm';
import type { BillingOverview, BillingSummary, UpcomingInvoice } from './billingApi';

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

export const billingActions = {
  load: createRemoteAction<string, BillingOverview>('billing/load'),
  saveCard: createRemoteAction<SaveCardRequest, BillingSummary>('billing/saveCard'),
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
    addRemoteStatusCases(builder, billingActions.load, (state) => state.load);
    addRemoteStatusCases(builder, billingActions.saveCard, (state) => state.save);
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
