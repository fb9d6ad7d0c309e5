// One form's or dialog's submission through a remote action: its refusal is shown only once this
// form has tried (not one left from an earlier try), and `onDone` runs once it went through. A
// refusal keeps the form as typed. (mfe-admin has the same hook; remotes do not share code.)
import { useEffect, useState } from 'react';
import type { ApiError, RemoteStatus } from '@hostdash/shared-auth';

export function useSubmission(status: RemoteStatus, onDone: () => void = () => undefined) {
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
    /** The form was closed or started over: an old refusal is not shown again. */
    forget: () => setTried(false),
  };
}
