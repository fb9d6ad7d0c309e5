import { Alert, Button } from '@mui/material';
import type { ApiError } from '@hostdash/shared-auth';

/** A failed load, in words, with a way to try again. */
export function LoadError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}
