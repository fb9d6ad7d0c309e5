// The analytics page's call: a newer period drops the older request; a failure is shown on the
// page (LoadError), so it is silent here.
import { takeRemote } from '@hostdash/shared-auth';
import { analyticsApi } from './analyticsApi';
import { analyticsActions } from './analyticsSlice';

export const analyticsSaga = takeRemote(
  analyticsActions.load,
  (days, { signal }) => analyticsApi.load(days, signal),
  'latest',
  { silent: true },
);
