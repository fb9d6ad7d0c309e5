// The card form of the billing page: number, expiry, security code and the name on the card,
// checked as the person types (after they leave a field) and all at once on Save, before anything
// is sent. The page's saga sends the details to the payment provider's tokenisation call and only
// the token to Hostdash's billing endpoints; a refusal (a declined card, the provider away) comes
// back in `refusal` and shows beside the form, which keeps what was typed.
import { useId, useState } from 'react';
import { Stack, TextField } from '@mui/material';
import {
  brandOf,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  parseExpiry,
  digitsOf,
} from './cardDetails';
import { CardFormFrame, type CardFormFrameProps } from './CardFormFrame';

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
}

type Field = 'number' | 'expiry' | 'cvc' | 'name';

export interface CardFormProps extends Pick<
  CardFormFrameProps,
  'submitLabel' | 'saving' | 'refusal' | 'onCancel'
> {
  /** A refusal about one field (an expired card the provider refused, a CVC it did not accept). */
  fieldRefusal?: { field: Field; message: string } | null;
  onSave(card: CardDetails): void;
}

const LABELS: Record<Field, string> = {
  number: 'Card number',
  expiry: 'Expiry (MM / YY)',
  cvc: 'Security code',
  name: 'Name on the card',
};

function errorsOf(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const number = cardNumberError(values.number);
  if (number) errors.number = number;
  const expiry = expiryError(values.expiry);
  if (expiry) errors.expiry = expiry;
  const cvc = cvcError(values.cvc, values.number);
  if (cvc) errors.cvc = cvc;
  if (values.name.trim() === '') errors.name = 'Enter the name as it is on the card.';
  return errors;
}

export function CardForm({
  submitLabel,
  saving,
  refusal,
  fieldRefusal,
  onSave,
  onCancel,
}: CardFormProps) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    number: '',
    expiry: '',
    cvc: '',
    name: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = errorsOf(values);
  const shown = (field: Field): string | undefined =>
    (submitted || touched[field] ? errors[field] : undefined) ??
    (fieldRefusal?.field === field ? fieldRefusal.message : undefined);

  const change = (field: Field, value: string) =>
    setValues((current) => ({
      ...current,
      [field]: field === 'number' ? formatCardNumber(value) : value,
    }));

  const submit = () => {
    setSubmitted(true);
    if (saving || Object.keys(errors).length > 0) return;
    const expiry = parseExpiry(values.expiry);
    if (!expiry) return;
    onSave({
      number: digitsOf(values.number),
      exp_month: expiry.month,
      exp_year: expiry.year,
      cvc: values.cvc.trim(),
      name: values.name.trim(),
    });
  };

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={LABELS[name]}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
      error={shown(name) !== undefined}
      helperText={shown(name) ?? ' '}
      disabled={saving}
      fullWidth
      {...extra}
    />
  );

  const brand = brandOf(values.number);
  return (
    <CardFormFrame
      submitLabel={submitLabel}
      saving={saving}
      refusal={refusal}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {field('number', {
        autoComplete: 'cc-number',
        slotProps: { htmlInput: { inputMode: 'numeric', 'data-brand': brand } },
      })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
        {field('expiry', {
          autoComplete: 'cc-exp',
          placeholder: 'MM / YY',
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        {field('cvc', {
          autoComplete: 'cc-csc',
          slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 4 } },
        })}
      </Stack>
      {field('name', { autoComplete: 'cc-name' })}
    </CardFormFrame>
  );
}
