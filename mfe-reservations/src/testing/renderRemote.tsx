// The reservations remote's routes with a real store, saga and theme (@hostdash/testing/renderRemote).
import type { User } from '@hostdash/shared-auth';
import { renderRemoteRoutes } from '@hostdash/testing/renderRemote';
import { slice } from '../feature';
import { ReservationsRoutes } from '../ReservationsRoutes';
import type { ReservationsState } from '../reservations/reservationsSlice';

export const renderRemote = (path: string, options: { user?: User | null } = {}) =>
  renderRemoteRoutes<{ reservations: ReservationsState }>(
    slice,
    <ReservationsRoutes />,
    path,
    options,
  );
