// A change the person is asked to confirm (ConfirmDialog): open while it is pending, waiting while
// its call runs, closed when it is done, and open with the refusal when the API says no — only the
// refusal of this try, never the one before it.
import { useEffect, useState } from 'react';
import type { RemoteStatus } from '@hostdash/shared-auth';
import { messageOf } from '@hostdash/shared-ui';

export interface PendingChange<Change> {
  /** What is being asked about (null: no dialog). */
  pending: Change | null;
  ask: (change: Change) => void;
  /** The person said yes: `send` dispatches the call. */
  confirm: (send: (change: Change) => void) => void;
  cancel: () => void;
  busy: boolean;
  /** The refusal of this try, in the person's words. */
  error: string | null;
}

export function usePendingChange<Change>(status: RemoteStatus): PendingChange<Change> {
  const [pending, setPending] = useState<Change | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (confirmed && !status.loading) {
      setConfirmed(false);
      if (!status.error) setPending(null);
    }
  }, [confirmed, status.loading, status.error]);

  return {
    pending,
    ask: (change) => {
      setTried(false);
      setPending(change);
    },
    confirm: (send) => {
      if (pending === null) return;
      setConfirmed(true);
      setTried(true);
      send(pending);
    },
    cancel: () => setPending(null),
    busy: status.loading,
    error: tried && status.error ? messageOf(status.error) : null,
  };
}
