// The card form when the API runs with Stripe (its overview carries the publishable key): Stripe
// Elements' card field, in Stripe's own frame, so the number and the security code go from the
// browser straight to Stripe and never through Hostdash. Stripe.js makes a PaymentMethod from it
// (stripe.createPaymentMethod, https://docs.stripe.com/js/payment_methods/create_payment_method),
// and only that PaymentMethod's id is saved. A lazy chunk: test mode never loads Stripe.js.
import { useEffect, useId, useMemo, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import {
  Alert,
  Box,
  FormControl,
  FormHelperText,
  FormLabel,
  TextField,
  useTheme,
} from '@mui/material';
import { CardFormFrame, type CardFormFrameProps } from './CardFormFrame';

export interface StripeCardFormProps extends Pick<
  CardFormFrameProps,
  'submitLabel' | 'saving' | 'refusal' | 'onCancel'
> {
  publishableKey: string;
  onSave(paymentMethodId: string): void;
}

/** Stripe.js could not be loaded (a blocker, no network): said in words, nothing sent. */
export const STRIPE_UNREACHABLE_MESSAGE =
  "The card form couldn't load from Stripe. Check your connection, then reload the page.";

function ElementsCardForm({
  submitLabel,
  saving,
  refusal,
  onCancel,
  onSave,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const id = useId();
  const [name, setName] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const busy = saving || creating;

  const submit = async () => {
    if (busy || !stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    const holder = name.trim();
    setNameError(holder ? null : 'Enter the name as it is on the card.');
    if (!holder) return;
    setCreating(true);
    const result = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: holder },
    });
    setCreating(false);
    if (result.error) {
      setCardError(result.error.message ?? 'Stripe did not accept this card. Check the details.');
      return;
    }
    onSave(result.paymentMethod.id);
  };

  return (
    <CardFormFrame
      submitLabel={submitLabel}
      saving={busy}
      refusal={refusal}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <FormControl error={cardError !== null} fullWidth>
        <FormLabel id={`${id}-card`} sx={{ mb: 1 }}>
          Card
        </FormLabel>
        <Box
          role="group"
          aria-labelledby={`${id}-card`}
          sx={{
            px: 1.5,
            py: 2,
            border: 1,
            borderColor: cardError ? 'error.main' : 'divider',
            borderRadius: 1,
          }}
        >
          <CardElement
            options={{
              disabled: busy,
              hidePostalCode: true,
              style: {
                base: {
                  fontSize: '16px',
                  color: theme.palette.text.primary,
                  fontFamily: String(theme.typography.fontFamily),
                },
                invalid: { color: theme.palette.error.main },
              },
            }}
            // Stripe checks the number, expiry and code as they are typed; its words are shown.
            onChange={(event) => setCardError(event.error ? event.error.message : null)}
          />
        </Box>
        <FormHelperText>{cardError ?? ' '}</FormHelperText>
      </FormControl>
      <TextField
        id={`${id}-name`}
        label="Name on the card"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError !== null}
        helperText={nameError ?? ' '}
        disabled={busy}
        autoComplete="cc-name"
        fullWidth
      />
    </CardFormFrame>
  );
}

export function StripeCardForm({ publishableKey, ...form }: StripeCardFormProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    let active = true;
    stripe.then(
      (loaded) => {
        if (active && !loaded) setUnreachable(true);
      },
      () => {
        if (active) setUnreachable(true);
      },
    );
    return () => {
      active = false;
    };
  }, [stripe]);
  if (unreachable) return <Alert severity="error">{STRIPE_UNREACHABLE_MESSAGE}</Alert>;
  return (
    <Elements stripe={stripe}>
      <ElementsCardForm {...form} />
    </Elements>
  );
}

export default StripeCardForm;
