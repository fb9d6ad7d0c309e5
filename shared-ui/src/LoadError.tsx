import { Alert, Button } from '@mui/material';
import type { ApiError } from '@hostdash/shared-auth';
import { isRetryable, messageOf } from './errorMessages';

/**
 * A failed load, in words; with a way to try again only when trying again can help (no answer, a
 * failure on the server's side), never for a refusal that would simply be repeated.
 */
export function LoadError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        isRetryable(error) ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {messageOf(error)}
    </Alert>
  );
}
