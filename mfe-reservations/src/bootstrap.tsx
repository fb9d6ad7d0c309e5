// Running the remote alone, for its own team's work (`npm start -w @hostdash/mfe-reservations`).
import { authActions, createStandaloneStore } from '@hostdash/shared-auth';
import { renderStandalone } from '@hostdash/shared-ui';
import { slice } from './feature';
import { ReservationsRoutes } from './ReservationsApp';

const store = createStandaloneStore(slice);
// Who is signed in on the shell (same cookie): pages that depend on the role need the user.
store.dispatch(authActions.loadAuth.requested());
renderStandalone(<ReservationsRoutes />, store);
