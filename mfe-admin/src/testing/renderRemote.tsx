// The admin remote's routes with a real store, saga and theme (@hostdash/testing/renderRemote).
import type { User } from '@hostdash/shared-auth';
import { renderRemoteRoutes } from '@hostdash/testing/renderRemote';
import { slice } from '../feature';
import { AdminRoutes } from '../AdminRoutes';
import type { AdminState } from '../adminSlice';

export const renderRemote = (path: string, options: { user?: User | null } = {}) =>
  renderRemoteRoutes<{ admin: AdminState }>(slice, <AdminRoutes />, path, options);
