// One value the widget loads from the API: asked again when `key` changes or on retry, the call
// aborted when the widget leaves or asks anew, its refusal kept for a Retry. `set` replaces the
// value with a later answer (a switch, a new link).
import { useEffect, useState } from 'react';
import { toApiError, type ApiError } from '@hostdash/shared-auth';

export function useLoaded<Value>(load: (signal: AbortSignal) => Promise<Value>, key: string) {
  const [value, set] = useState<Value | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    load(controller.signal)
      .then(set)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(toApiError(failure));
      });
    return () => controller.abort();
    // `key` names what `load` asks for: a new function for the same thing is not a new load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  return { value, set, error, retry: () => setAttempt((n) => n + 1) };
}
