// The guest-portal remote's routes with a real store, saga and theme (@hostdash/testing/renderRemote).
import userEvent from '@testing-library/user-event';
import { configureApiClient, type User } from '@hostdash/shared-auth';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import { renderRemoteRoutes } from '@hostdash/testing/renderRemote';
import { slice } from '../feature';
import { GuestportalRoutes } from '../GuestportalRoutes';
import type { GuestportalState } from '../guestportalSlice';
import { startGuestportalServer, type GuestportalServerState } from './guestportalServer';

export const renderRemote = (path: string, options: { user?: User | null } = {}) =>
  renderRemoteRoutes<{ guestportal: GuestportalState }>(
    slice,
    <GuestportalRoutes />,
    path,
    options,
  );

/** A page of the remote as the demo owner, over a fresh stand-in API (close it after the test). */
export async function openAsOwner(path: string, initial: Partial<GuestportalServerState> = {}) {
  const server = await startGuestportalServer(initial);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const user = userEvent.setup();
  const view = await renderRemote(path, { user: DEMO_OWNER });
  return { ...view, user, server };
}
