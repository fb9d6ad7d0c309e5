// The effective screens of one listing or reservation, for the widget: loaded when the target
// changes, a switch shown at once and put back if the API refuses it. Kept in the widget, not in
// the store: nothing else in the page reads it, and the widget may be mounted on its own.
import { useCallback, useState } from 'react';
import { toApiError, type ApiError } from '@hostdash/shared-auth';
import {
  guestportalApi,
  type EffectiveGuestScreens,
  type OverrideState,
  type ScreenName,
  type ScreensTarget,
} from '../guestportalApi';
import { useLoaded } from './useLoaded';

export interface SwitchRefusal {
  screen: ScreenName;
  error: ApiError;
}

export function useEffectiveScreens(target: ScreensTarget) {
  const [saving, setSaving] = useState<ScreenName[]>([]);
  const [refusal, setRefusal] = useState<SwitchRefusal | null>(null);
  const { kind, id } = target;
  const loaded = useLoaded<EffectiveGuestScreens>(
    (signal) => guestportalApi.effective({ kind, id } as ScreensTarget, { signal }),
    `${kind}/${id}`,
  );
  const setScreens = loaded.set;

  const setState = useCallback(
    async (screen: ScreenName, state: OverrideState) => {
      setRefusal(null);
      setSaving((names) => [...names, screen]);
      try {
        setScreens(
          await guestportalApi.switchFor({ target: { kind, id } as ScreensTarget, screen, state }),
        );
      } catch (error) {
        setRefusal({ screen, error: toApiError(error) });
      } finally {
        setSaving((names) => names.filter((name) => name !== screen));
      }
    },
    [kind, id, setScreens],
  );

  return {
    screens: loaded.value,
    loadError: loaded.error,
    saving,
    refusal,
    setState,
    retry: loaded.retry,
  };
}
