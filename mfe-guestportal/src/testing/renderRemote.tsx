// The guest-portal remote's routes with a real store, saga and theme (config/testing/renderRemote.tsx).
import type { User } from '@hostdash/shared-auth';
import { renderRemoteRoutes } from '../../../config/testing/renderRemote';
import { slice } from '../feature';
import { GuestportalRoutes } from '../GuestportalApp';
import type { GuestportalState } from '../guestportalSlice';

export const renderRemote = (path: string, options: { user?: User | null } = {}) =>
  renderRemoteRoutes<{ guestportal: GuestportalState }>(
    slice,
    <GuestportalRoutes />,
    path,
    options,
  );
