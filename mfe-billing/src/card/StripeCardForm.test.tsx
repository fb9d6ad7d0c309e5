// Stripe.js comes from js.stripe.com at run time and cannot load here (no network, no real card
// frame in jsdom), so Stripe's two browser packages are replaced at their edge: the card field is
// a placeholder and `createPaymentMethod` answers as Stripe documents it. What runs for real is
// this form: what it asks Stripe for, what it sends on, and what it says.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StripeCardForm, STRIPE_UNREACHABLE_MESSAGE } from './StripeCardForm';
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
const { createPaymentMethod, loadStripe, cardElement } = stripeEdge;

beforeEach(() => {
  createPaymentMethod.mockReset();
  loadStripe.mockReset().mockResolvedValue({});
});

function show() {
  const onSave = jest.fn();
  render(
    <StripeCardForm
      publishableKey="pk_test_hostdash"
      submitLabel="Save card"
      saving={false}
      onSave={onSave}
    />,
  );
  return { onSave };
}

describe('StripeCardForm', () => {
  it('has Stripe make a PaymentMethod from its card field and sends on only its id', async () => {
    createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_1Abc' } });
    const { onSave } = show();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_hostdash');
    expect(screen.getByTestId('stripe-card-element')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Sam Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('pm_1Abc'));
    expect(createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: cardElement,
      billing_details: { name: 'Sam Okafor' },
    });
  });

  it('asks for the name first, and sends nothing to Stripe without it', async () => {
    const { onSave } = show();
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByText('Enter the name as it is on the card.')).toBeInTheDocument();
    expect(createPaymentMethod).not.toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows Stripe's own words when it refuses the card, and saves nothing", async () => {
    createPaymentMethod.mockResolvedValue({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    const { onSave } = show();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Sam Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeEnabled();
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    loadStripe.mockResolvedValue(null);
    show();
    expect(await screen.findByText(STRIPE_UNREACHABLE_MESSAGE)).toBeInTheDocument();
  });
});
