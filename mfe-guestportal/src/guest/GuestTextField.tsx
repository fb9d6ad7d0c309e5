// A text field of the guest's page: MUI's outlined TextField, made of its parts. TextField itself
// imports Select, and with it Menu, Popover and Modal, which no guest field uses: on a guest's
// phone that is ~20 KB of script for nothing (docs/adr/0035-guest-page-weight.md). It looks and
// reads the same: a label tied to the input, a helper text that describes it.
import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

export interface GuestTextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  required?: boolean;
  disabled?: boolean;
  type?: string;
  multiline?: boolean;
  minRows?: number;
  /** The field's error, said under it (an alert when it appears); none when undefined. */
  error?: string | undefined;
  /** Attributes of the input element itself. */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`aria-${string}`, unknown>;
  /** The label always sits above the field (a time field shows its own placeholder). */
  shrinkLabel?: boolean;
}

export function GuestTextField({
  name,
  label,
  value,
  onChange,
  required = false,
  disabled = false,
  type = 'text',
  multiline = false,
  minRows,
  error,
  htmlInput,
  shrinkLabel,
}: GuestTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth error={Boolean(error)} disabled={disabled} required={required}>
      {/* "(optional)" marks the other fields: no asterisk beside the required ones. */}
      <InputLabel htmlFor={id} required={false} {...(shrinkLabel ? { shrink: true } : {})}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={onChange}
        type={type}
        multiline={multiline}
        {...(minRows !== undefined ? { minRows } : {})}
        {...(shrinkLabel ? { notched: true } : {})}
        inputProps={{ ...htmlInput, ...(error ? { 'aria-describedby': helperId } : {}) }}
      />
      {error && (
        <FormHelperText id={helperId} role="alert">
          {error}
        </FormHelperText>
      )}
    </FormControl>
  );
}
