import { waitFor } from '@testing-library/react';
import {
  configureApiClient,
  createStandaloneStore,
  selectUser,
  type ApiError,
} from '@hostdash/shared-auth';
import { DEMO_OWNER, demoUser } from '@hostdash/testing/demoUsers';
import { makeOverview, startBillingServer, type BillingServer } from '../testing/billingServer';
import { slice } from '../feature';
import {
  billingActions,
  billingReducer,
  initialBillingState,
  selectBilling,
  type BillingState,
  type SaveCardRequest,
} from './billingSlice';

const DECLINED: ApiError = {
  error: 'card_declined',
  message: 'Your card was declined. Try another card, or ask your bank why.',
  status: 402,
};

const details = (number: string): SaveCardRequest['source'] => ({
  kind: 'details',
  card: {
    number,
    exp_month: 4,
    exp_year: 2030,
    cvc: '123',
    name: 'Sam Okafor',
  },
});

describe('billing slice', () => {
  it('sets the overview and the upcoming invoice when the load succeeds', () => {
    const overview = makeOverview();
    const state = billingReducer(initialBillingState, billingActions.load.succeeded(overview, '1'));
    expect(state.upcomingInvoice).toEqual(overview.upcoming_invoice);
    expect(state.overview).toEqual(overview);
    expect(state.error).toBeNull();
  });

  it('keeps the error, and the invoice it had, when a load fails', () => {
    const loaded = billingReducer(
      initialBillingState,
      billingActions.load.succeeded(makeOverview(), '1'),
    );
    const failed = billingReducer(loaded, billingActions.load.failed(DECLINED, { request: '1' }));
    expect(failed.error).toEqual(DECLINED);
    expect(failed.upcomingInvoice).toEqual(loaded.upcomingInvoice);
    expect(failed.load).toEqual({ loading: false, error: DECLINED });
  });

  it('keeps a refused save as the error until the next try, and the card on file as it was', () => {
    const loaded = billingReducer(
      initialBillingState,
      billingActions.load.succeeded(makeOverview(), '1'),
    );
    const request: SaveCardRequest = {
      userId: '1',
      source: details('4000000000000002'),
      mode: 'updateCard',
    };
    const refused = billingReducer(loaded, billingActions.saveCard.failed(DECLINED, { request }));
    expect(refused.error).toEqual(DECLINED);
    expect(refused.overview?.card).toEqual(loaded.overview?.card);
    const retried = billingReducer(refused, billingActions.saveCard.requested(request));
    expect(retried.error).toBeNull();
  });
});

describe('billing saga, against the stand-in API', () => {
  let server: BillingServer;
  afterEach(() => server.close());

  async function storeWith(overview = makeOverview()) {
    server = await startBillingServer(overview);
    configureApiClient({ baseURL: server.url, logError: () => undefined });
    return createStandaloneStore(slice, {
      user: demoUser({
        billing: {
          stripe_customer_id: overview.customer_id,
          past_due_since: null,
          failed_payment: null,
        },
      }),
    });
  }
  const billing = (store: { getState(): unknown }) =>
    selectBilling(store.getState() as { billing: BillingState });

  it('loads the invoice into the slice', async () => {
    const store = await storeWith();
    store.dispatch(billingActions.load.requested(DEMO_OWNER.id));
    await waitFor(() => expect(billing(store).upcomingInvoice?.total_cents).toBe(13284));
  });

  it('tokenises, then sends only the token, and tells the shell who the user is now', async () => {
    const store = await storeWith(makeOverview({ customer_id: null, card: null }));
    store.dispatch(
      billingActions.saveCard.requested({
        userId: DEMO_OWNER.id,
        source: details('4242424242424242'),
        mode: 'create',
      }),
    );
    await waitFor(() =>
      expect(selectUser(store.getState())?.billing.stripe_customer_id).toBe('cus_test_new'),
    );
    const [token] = server.requestsTo('/billing/test-provider/payment-methods');
    expect(JSON.parse(token!.body)).toMatchObject({ number: '4242424242424242' });
    const [create] = server.requestsTo(`/user/billing/create/${DEMO_OWNER.id}`);
    expect(create!.body).not.toContain('4242424242424242');
    expect(create!.body).not.toContain('123');
    await waitFor(() => expect(billing(store).overview?.card?.last4).toBe('4242'));
  });

  it('keeps the provider’s refusal and does not reload anyone', async () => {
    const store = await storeWith(makeOverview({ customer_id: null, card: null }));
    store.dispatch(
      billingActions.saveCard.requested({
        userId: DEMO_OWNER.id,
        source: details('4000000000009995'),
        mode: 'create',
      }),
    );
    await waitFor(() => expect(billing(store).error?.error).toBe('insufficient_funds'));
    expect(billing(store).save.error?.message).toBe(
      'Your card has insufficient funds. Try another card.',
    );
    expect(server.requestsTo('/loadAuth')).toHaveLength(0);
    expect(selectUser(store.getState())?.billing.stripe_customer_id).toBeNull();
  });

  it('saves once when asked twice while the first save is on its way', async () => {
    const store = await storeWith();
    server.saveDelayMs = 200;
    const request: SaveCardRequest = {
      userId: DEMO_OWNER.id,
      source: details('4242424242424242'),
      mode: 'updateCard',
    };
    store.dispatch(billingActions.saveCard.requested(request));
    store.dispatch(billingActions.saveCard.requested(request));
    await waitFor(() => expect(billing(store).save.loading).toBe(false));
    await waitFor(() => expect(server.requestsTo('/loadAuth')).toHaveLength(1));
    expect(server.requestsTo('/billing/test-provider/payment-methods')).toHaveLength(1);
    expect(server.requestsTo(`/user/billing/updateCard/${DEMO_OWNER.id}`)).toHaveLength(1);
  });
});
