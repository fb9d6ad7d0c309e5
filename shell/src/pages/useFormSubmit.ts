import { useCallback, useRef, useState } from 'react';
import { toApiError, type ApiError } from '@hostdash/shared-auth';

/** A form's submission: running, and the error it last ended with (kept until the next try). */
export interface SubmitStatus {
  loading: boolean;
  error: ApiError | null;
}

/**
 * Runs a sign-in form's submission (its calls to the API) with the three steps of spec section 4
 * in the form's state: loading, done, or failed with the error kept. One at a time: a submission
 * while one runs is ignored.
 */
export function useFormSubmit<Args extends unknown[]>(
  submit: (...args: Args) => Promise<void>,
): [(...args: Args) => Promise<void>, SubmitStatus] {
  const [status, setStatus] = useState<SubmitStatus>({ loading: false, error: null });
  const running = useRef(false);
  const run = useCallback(
    async (...args: Args) => {
      if (running.current) return;
      running.current = true;
      setStatus({ loading: true, error: null });
      try {
        await submit(...args);
        setStatus({ loading: false, error: null });
      } catch (error) {
        setStatus({ loading: false, error: toApiError(error) });
      } finally {
        running.current = false;
      }
    },
    [submit],
  );
  return [run, status];
}
