// One way to choose a country (issue 33, "words"): by its name, typed or picked, while the form
// keeps the ISO code the API stores. A code that is no country of ours (a PMS's own) stays
// choosable by whatever name it has, so opening a form never loses a saved value.
import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { countryName, countryOptions } from '@hostdash/shared-auth';

export function CountryField({
  label,
  value,
  onChange,
  onBlur,
  required = false,
  disabled = false,
  error,
  helperText = ' ',
}: {
  label: string;
  /** The ISO 3166-1 alpha-2 code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  required?: boolean;
  disabled?: boolean;
  /** A refusal to show under the field (and mark it invalid). */
  error?: string;
  helperText?: string;
}) {
  const code = value.toUpperCase();
  const options = useMemo(() => {
    const all = countryOptions();
    return !code || all.some((option) => option.code === code)
      ? all
      : [{ code, name: countryName(code) }, ...all];
  }, [code]);
  return (
    <Autocomplete
      options={options}
      value={options.find((option) => option.code === code) ?? null}
      onChange={(_event, option) => onChange(option?.code ?? '')}
      onBlur={onBlur}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
      autoHighlight
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!error}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
