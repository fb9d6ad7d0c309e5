import { MenuItem, TextField } from '@mui/material';

/** The value of a FilterSelect's "All …" choice: no filter. */
export const ALL_CHOICE = '';

export interface FilterChoice {
  value: string;
  label: string;
}

/**
 * A list's filter as a select: "All …" first, then the choices. The page keeps the value in its
 * address; a value from a shared link that is no longer a choice still shows (and can be cleared).
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  choices,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string;
  choices: FilterChoice[];
  onChange: (value: string) => void;
}) {
  const known = value === ALL_CHOICE || choices.some((choice) => choice.value === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      // "All …" is a choice like the others: shown, with the label above it.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: { sm: 200 }, width: { xs: '100%', sm: 'auto' } }}
    >
      <MenuItem value={ALL_CHOICE}>{allLabel}</MenuItem>
      {!known && <MenuItem value={value}>{value}</MenuItem>}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
