import { useCallback, useRef, useState } from 'react';
import { toApiError, type ApiError } from '@hostdash/shared-auth';

/** A form's submission: running, and the error it last ended with (kept until the next try). */
export interface SubmitStatus {
  loading: boolean;
  error: ApiError | null;
}

function count(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** How long a wait is, in words: "45 seconds", "14 minutes", "3 hours" (rounded up). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return count(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return count(minutes, 'minute');
  return count(Math.ceil(minutes / 60), 'hour');
}

/**
 * A refusal for too many attempts (429) says how long to wait, from the API's Retry-After: the
 * same words on the sign-in, second-step and password-reset pages, whatever the API's message.
 */
export function withWait(error: ApiError): ApiError {
  if (error.status !== 429 || error.retryAfterSeconds === undefined) return error;
  return {
    ...error,
    message: `Too many attempts. Try again in ${waitInWords(error.retryAfterSeconds)}.`,
  };
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
        setStatus({ loading: false, error: withWait(toApiError(error)) });
      } finally {
        running.current = false;
      }
    },
    [submit],
  );
  return [run, status];
}
