import { useId, type InputHTMLAttributes } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

/**
 * An outlined text field, drawn as MUI's TextField draws one, for the sign-in pages. TextField
 * brings its `select` mode along (Select, Menu, Popover, Modal …), which these pages never use:
 * built from its parts, the sign-in page loads that much less.
 */
export function Field({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required = false,
  autoFocus = false,
  error = false,
  helperText,
  htmlInput,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  /** Text under the field; a space keeps its line when there is nothing to say. */
  helperText?: string;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" required={required} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        // The outline's gap for the label, with the asterisk InputLabel adds when required.
        label={required ? `${label} *` : label}
        inputProps={htmlInput}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
