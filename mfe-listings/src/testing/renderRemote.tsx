// The listings remote's routes with a real store, saga and theme (@hostdash/testing/renderRemote).
import type { User } from '@hostdash/shared-auth';
import { renderRemoteRoutes } from '@hostdash/testing/renderRemote';
import { slice } from '../feature';
import { ListingsRoutes } from '../ListingsRoutes';
import type { ListingsState } from '../listings/listingsSlice';

export const renderRemote = (path: string, options: { user?: User | null } = {}) =>
  renderRemoteRoutes<{ listings: ListingsState }>(slice, <ListingsRoutes />, path, options);
