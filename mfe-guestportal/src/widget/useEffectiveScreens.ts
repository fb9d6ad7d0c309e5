// The effective screens of one listing or reservation, for the widget: loaded when the target
// changes, a switch shown at once and put back if the API refuses it. Kept in the widget, not in
// the store: nothing else in the page reads it, and the widget may be mounted on its own.
import { useCallback, useEffect, useState } from 'react';
import { toApiError, type ApiError } from '@hostdash/shared-auth';
import {
  guestportalApi,
  type EffectiveGuestScreens,
  type OverrideState,
  type ScreenName,
  type ScreensTarget,
} from '../guestportalApi';

export interface SwitchRefusal {
  screen: ScreenName;
  error: ApiError;
}

export function useEffectiveScreens(target: ScreensTarget) {
  const [screens, setScreens] = useState<EffectiveGuestScreens | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState<ScreenName[]>([]);
  const [refusal, setRefusal] = useState<SwitchRefusal | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { kind, id } = target;

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    guestportalApi
      .effective({ kind, id } as ScreensTarget, { signal: controller.signal })
      .then(setScreens)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(toApiError(error));
      });
    return () => controller.abort();
  }, [kind, id, attempt]);

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
    [kind, id],
  );

  return {
    screens,
    loadError,
    saving,
    refusal,
    setState,
    retry: () => setAttempt((n) => n + 1),
  };
}
