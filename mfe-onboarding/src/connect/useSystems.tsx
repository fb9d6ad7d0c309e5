// The systems Hostdash connects (`GET /channel/systems`), loaded once into the `onboard` slice for
// every page that lists them; until they are there, what to show instead (a bar, or the error with
// Retry).
import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { LinearProgress } from '@mui/material';
import { LoadError } from '@hostdash/shared-ui';
import { selectOnboard } from '../onboardSlice';
import { connectActions } from './connectSlice';
import type { PmsSystemList } from './onboardApi';

export function useSystems(): { systems: PmsSystemList | null; placeholder: ReactNode } {
  const dispatch = useDispatch();
  const { systems, systemsStatus } = useSelector(selectOnboard).context;
  useEffect(() => {
    if (!systems && !systemsStatus.loading && !systemsStatus.error)
      dispatch(connectActions.loadSystems.requested());
  }, [systems, systemsStatus, dispatch]);
  const placeholder = systemsStatus.error ? (
    <LoadError
      error={systemsStatus.error}
      onRetry={() => dispatch(connectActions.loadSystems.requested())}
    />
  ) : (
    <LinearProgress aria-label="Loading the systems Hostdash connects" />
  );
  return { systems, placeholder };
}
