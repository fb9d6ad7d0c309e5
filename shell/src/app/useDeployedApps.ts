import { useEffect, useState } from 'react';
import { routes, type AppName } from '@hostdash/shared-auth';
import { knownRemotes, loadRegistry } from '../remotes/registry';

/** Every app the route table names a page of, but the shell's own. */
const TABLE_APPS: ReadonlySet<AppName> = new Set(
  routes.map((route) => route.app).filter((app) => app !== 'shell'),
);

/** The apps the registry in hand names (none before one has been read). */
function knownApps(): ReadonlySet<AppName> {
  return new Set((knownRemotes() ?? []) as AppName[]);
}

/**
 * The remotes the live registry names: from the first render, what the page was served with (the
 * shell server resolves the registry into the page), so the navigation paints with the page rather
 * than after a read (issue 33); empty until it has been read when the page came without one. When
 * it cannot be read (a corrupt registry file, the server unreachable), every remote of the route
 * table: the navigation stays whole and each remote's page shows its contained "unavailable"
 * message, with a Retry that reads the registry again.
 */
export function useDeployedApps(): ReadonlySet<AppName> {
  const [apps, setApps] = useState<ReadonlySet<AppName>>(knownApps);
  useEffect(() => {
    let active = true;
    loadRegistry().then(
      (entries) => active && setApps(new Set(entries.map((entry) => entry.name as AppName))),
      (error: unknown) => {
        console.error('[remotes] the registry cannot be read', error);
        if (active) setApps(TABLE_APPS);
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return apps;
}
