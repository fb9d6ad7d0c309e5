import { useEffect, useState } from 'react';
import { LAZY_LOAD_DELAY_MS } from '@hostdash/shared-auth';

/** True once `active` has lasted `delayMs`: skeletons for slow loads only, no flash for fast ones. */
export function useDelayed(active: boolean, delayMs = LAZY_LOAD_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
}
