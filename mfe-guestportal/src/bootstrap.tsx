// Running the remote alone, for its own team's work (`npm start -w @hostdash/mfe-guestportal`).
import { authActions, createStandaloneStore } from '@hostdash/shared-auth';
import { renderStandalone } from '@hostdash/shared-ui';
import { slice } from './feature';
import { GuestportalRoutes } from './GuestportalApp';

const store = createStandaloneStore(slice);
// Who is signed in on the shell (same cookie): Stargate hides contents from building staff.
store.dispatch(authActions.loadAuth.requested());
renderStandalone(<GuestportalRoutes />, store);
