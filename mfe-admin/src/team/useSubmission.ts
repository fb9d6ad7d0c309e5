import { useEffect, useState } from 'react';
import type { ApiError, RemoteStatus } from '@hostdash/shared-auth';

/**
 * One dialog's submission through a remote action: its refusal is shown only once this dialog has
 * tried (not a refusal left from another), and `onDone` runs once it went through. A refusal keeps
 * the dialog open with what was typed.
 */
export function useSubmission(status: RemoteStatus, onDone: () => void) {
  const [tried, setTried] = useState(false);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting || status.loading) return;
    setWaiting(false);
    if (!status.error) onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer, not per onDone
  }, [waiting, status.loading, status.error]);
  return {
    busy: status.loading,
    error: (tried ? status.error : null) as ApiError | null,
    /** Call beside the dispatch of the request. */
    started: () => {
      setTried(true);
      setWaiting(true);
    },
    forget: () => setTried(false),
  };
}
