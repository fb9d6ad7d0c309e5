import { useEffect, useState } from 'react';
import type { AppName } from '@hostdash/shared-auth';
import { loadRegistry } from '../remotes/registry';

/** The remotes the live registry names (empty until it has been read). */
export function useDeployedApps(): ReadonlySet<AppName> {
  const [apps, setApps] = useState<ReadonlySet<AppName>>(new Set());
  useEffect(() => {
    let active = true;
    loadRegistry()
      .then((entries) => active && setApps(new Set(entries.map((entry) => entry.name as AppName))))
      .catch((error: unknown) => console.error('[remotes] the registry cannot be read', error));
    return () => {
      active = false;
    };
  }, []);
  return apps;
}
