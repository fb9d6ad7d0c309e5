// Running the remote alone, for its own team's work (`npm start -w @hostdash/mfe-onboarding`).
import { authActions, createStandaloneStore } from '@hostdash/shared-auth';
import { renderStandalone } from '@hostdash/shared-ui';
import { slice } from './feature';
import { OnboardingRoutes } from './OnboardingApp';

const store = createStandaloneStore(slice);
// Who is signed in on the shell (same cookie): pages that depend on the role need the user.
store.dispatch(authActions.loadAuth.requested());
renderStandalone(<OnboardingRoutes />, store);
