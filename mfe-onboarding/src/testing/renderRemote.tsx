// The onboarding remote's routes with a real store, saga and theme (@hostdash/testing/renderRemote).
import type { User } from '@hostdash/shared-auth';
import { renderRemoteRoutes } from '@hostdash/testing/renderRemote';
import { slice } from '../feature';
import { OnboardingRoutes } from '../OnboardingRoutes';
import type { OnboardState } from '../onboardSlice';

export const renderRemote = (path: string, options: { user?: User | null } = {}) =>
  renderRemoteRoutes<{ onboard: OnboardState }>(slice, <OnboardingRoutes />, path, options);
