// One form's or dialog's submission through a remote action: its refusal is shown only once this
// form has tried (not a refusal left from an earlier try or another form), and `onDone` runs once
// it went through. A refusal keeps the form open with what was typed.
import { useEffect, useRef, useState } from 'react';
import type { ApiError, RemoteStatus } from '@hostdash/shared-auth';

export function useSubmission(status: RemoteStatus, onDone: () => void = () => undefined) {
  const [tried, setTried] = useState(false);
  const [waiting, setWaiting] = useState(false);
  // The latest `onDone`, called once per answer (not again because the caller made a new one).
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!waiting || status.loading) return;
    setWaiting(false);
    if (!status.error) done.current();
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
