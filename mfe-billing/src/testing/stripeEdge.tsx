// Stripe's two browser packages, replaced at their edge for tests: Stripe.js loads from
// js.stripe.com at run time, which cannot happen here, and its card field is Stripe's own frame.
// A test file replaces them with these:
//   jest.mock('@stripe/stripe-js/pure', () => jest.requireActual(…stripeEdge).stripeJsPure);
//   jest.mock('@stripe/react-stripe-js', () => jest.requireActual(…stripeEdge).reactStripeJs);
// and sets what Stripe answers through `stripeEdge`.
import type { ReactNode } from 'react';

export const stripeEdge = {
  /** Stripe.js's `loadStripe`: resolve `{}` for a loaded Stripe, `null` for one that failed. */
  loadStripe: jest.fn(),
  /** `stripe.createPaymentMethod`: `{ paymentMethod: { id } }` or `{ error: { message } }`. */
  createPaymentMethod: jest.fn(),
  /** What `elements.getElement(CardElement)` gives the form. */
  cardElement: { kind: 'card-element' },
};

export const stripeJsPure = {
  loadStripe: (key: string) => stripeEdge.loadStripe(key),
};

export const reactStripeJs = {
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="stripe-card-element" />,
  useStripe: () => ({ createPaymentMethod: stripeEdge.createPaymentMethod }),
  useElements: () => ({ getElement: () => stripeEdge.cardElement }),
};
