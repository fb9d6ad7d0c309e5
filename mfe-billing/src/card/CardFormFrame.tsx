// What both card forms share (the built-in test mode's fields, Stripe Elements' card field): the
// form itself, a refusal beside it, and Save / Cancel, Save showing that it is saving.
import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';

export interface CardFormFrameProps {
  /** "Save card" or "Replace card". */
  submitLabel: string;
  saving: boolean;
  /** Why the last try did not save, in words; the form stays as typed. */
  refusal?: string | null;
  onSubmit(): void;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}

export function CardFormFrame({
  submitLabel,
  saving,
  refusal,
  onSubmit,
  onCancel,
  children,
}: CardFormFrameProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Card details">
      <Stack spacing={1}>
        {refusal && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {refusal}
          </Alert>
        )}
        {children}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          {onCancel && (
            <Button onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {saving ? 'Saving…' : submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
