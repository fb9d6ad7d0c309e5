// A dashboard that stays open learns of new remote versions on its next in-app navigation: the
// registry is read again (at most once per REMOTES_RECHECK_MS) and a running remote with a newer
// version is offered in a snackbar that waits for the person — nothing reloads by itself.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { snackbarActions } from '@hostdash/shared-auth';
import { featureTitle } from '../remotes/features';
import { checkForNewVersions, type RegistryEntry } from '../remotes/registry';
import { useAppDispatch } from './hooks';
import { useClientConfig } from './ShellContext';

export function newVersionText(updates: RegistryEntry[]): string {
  const titles = updates.map((update) => featureTitle(update.name));
  if (titles.length === 1) return `A new version of ${titles[0]} is available`;
  return `New versions of ${titles.slice(0, -1).join(', ')} and ${titles.at(-1)} are available`;
}

export function NewVersionNotice() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const { remotesRecheckMs } = useClientConfig();
  const pageLoad = useRef(true);

  useEffect(() => {
    // The page load itself started from the current registry.
    if (pageLoad.current) {
      pageLoad.current = false;
      return;
    }
    checkForNewVersions(remotesRecheckMs)
      .then((updates) => {
        if (updates.length === 0) return;
        dispatch(
          snackbarActions.show({
            text: newVersionText(updates),
            action: { label: 'Reload', reload: true },
            props: { severity: 'info', autoHideDuration: null },
          }),
        );
      })
      .catch((error: unknown) => console.warn('[remotes] the registry cannot be re-read', error));
  }, [pathname, remotesRecheckMs, dispatch]);

  return null;
}
