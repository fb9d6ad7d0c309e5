import { useEffect, useRef } from 'react';
import { Button, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';

export const SEARCH_DEBOUNCE_MS = 300;

/** In a page's header (PageFrame's actions): 320 px beside the title, the whole width on a phone. */
const HEADER_WIDTH = { minWidth: { sm: 320 }, width: { xs: '100%', sm: 'auto' } } as const;

/** A search box with a Clear button; sized for a page's header unless `sx` says otherwise. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  sx,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx ?? HEADER_WIDTH}
      slotProps={{
        input: {
          endAdornment: value ? (
            <InputAdornment position="end">
              <Button size="small" onClick={() => onChange('')}>
                Clear
              </Button>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/**
 * Applies the typed search once typing pauses: one request for a phrase, not one per key.
 * `applied` is the search the list shows now; nothing happens while the text matches it.
 */
export function useDebouncedSearch(
  text: string,
  applied: string,
  apply: (search: string) => void,
  delayMs = SEARCH_DEBOUNCE_MS,
): void {
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    const search = text.trim();
    if (search === applied) return;
    const timer = setTimeout(() => latest.current(search), delayMs);
    return () => clearTimeout(timer);
  }, [text, applied, delayMs]);
}
