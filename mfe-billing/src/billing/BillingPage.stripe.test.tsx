// The billing page when the API runs with Stripe. Stripe.js loads from js.stripe.com at run time,
// which cannot happen here, so Stripe's two browser packages are replaced at their edge (as in
// StripeCardForm.test.tsx); the page, the saga, the client and the contract-checked stand-in API
// run for real.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectUser } from '@hostdash/shared-auth';
import { DEMO_OWNER, demoUser } from '@hostdash/testing/demoUsers';
import { makeOverview, startBillingServer, type BillingServer } from '../testing/billingServer';
import { renderRemote } from '../testing/renderRemote';
import { stripeEdge } from '../testing/stripeEdge';
import type * as StripeEdge from '../testing/stripeEdge';

jest.mock(
  '@stripe/stripe-js/pure',
  () => jest.requireActual<typeof StripeEdge>('../testing/stripeEdge').stripeJsPure,
);
jest.mock(
  '@stripe/react-stripe-js',
  () => jest.requireActual<typeof StripeEdge>('../testing/stripeEdge').reactStripeJs,
);
const { createPaymentMethod, loadStripe } = stripeEdge;

let server: BillingServer;

afterEach(() => server.close());

it("saves a host's first card through Stripe Elements, sending Hostdash only the PaymentMethod id", async () => {
  loadStripe.mockResolvedValue({});
  createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_test_visa_from_stripe' } });
  server = await startBillingServer(
    makeOverview({
      customer_id: null,
      card: null,
      invoices: [],
      provider_mode: 'stripe',
      publishable_key: 'pk_test_hostdash',
    }),
  );
  server.knownPaymentMethods.add('pm_test_visa_from_stripe');
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const { store } = await renderRemote('/billing', {
    user: demoUser({
      billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
    }),
  });

  expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
  expect(loadStripe).toHaveBeenCalledWith('pk_test_hostdash');
  expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Sam Okafor');
  await userEvent.click(screen.getByRole('button', { name: 'Save card' }));

  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  await waitFor(() =>
    expect(selectUser(store.getState())?.billing.stripe_customer_id).toBe('cus_test_new'),
  );
  expect(server.requestsTo('/billing/test-provider/payment-methods')).toHaveLength(0);
  const [create] = server.requestsTo(`/user/billing/create/${DEMO_OWNER.id}`);
  expect(JSON.parse(create!.body)).toEqual({ payment_method: 'pm_test_visa_from_stripe' });
  // The page is loaded again after a save; the test ends once it is back.
  await waitFor(() => expect(store.getState().billing.load.loading).toBe(false));
});
