import { Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { customFieldValueLabel, MAX_CUSTOM_FIELDS, type CustomFieldRow } from './listingForm';

/** Free-form facts a host keeps on a listing (Wi-Fi name, parking spot …), as name and value. */
export function CustomFieldsEditor({
  rows,
  error,
  rowErrors = {},
  disabled,
  onChange,
}: {
  rows: CustomFieldRow[];
  error?: string;
  /** What the API refused in a row's value, by row. */
  rowErrors?: Readonly<Record<number, string>>;
  disabled: boolean;
  onChange: (rows: CustomFieldRow[]) => void;
}) {
  const update = (index: number, change: Partial<CustomFieldRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Stack spacing={1.5}>
      {rows.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          No custom fields yet. Add details your team and guests need, like the Wi-Fi network or the
          parking spot.
        </Typography>
      )}
      {rows.map((row, index) => (
        <Stack
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: rowErrors[index] ? 'flex-start' : 'center' } }}
        >
          <TextField
            label={`Field ${index + 1} name`}
            value={row.key}
            disabled={disabled}
            onChange={(event) => update(index, { key: event.target.value })}
            sx={{ width: { sm: 220 } }}
          />
          <TextField
            label={customFieldValueLabel(index)}
            value={row.value}
            error={rowErrors[index] !== undefined}
            helperText={rowErrors[index]}
            disabled={disabled}
            onChange={(event) => update(index, { value: event.target.value })}
            sx={{ flexGrow: 1 }}
          />
          <Tooltip title="Remove this field">
            <span>
              <IconButton
                aria-label={`Remove field ${row.key || index + 1}`}
                disabled={disabled}
                onClick={() => onChange(rows.filter((_row, at) => at !== index))}
              >
                ×
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ))}
      {error && (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      )}
      <div>
        <Button
          size="small"
          disabled={disabled || rows.length >= MAX_CUSTOM_FIELDS}
          onClick={() => onChange([...rows, { key: '', value: '' }])}
        >
          Add field
        </Button>
      </div>
    </Stack>
  );
}
