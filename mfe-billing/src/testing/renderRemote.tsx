// The billing remote's routes with a real store, saga and theme (@hostdash/testing/renderRemote).
import type { User } from '@hostdash/shared-auth';
import { renderRemoteRoutes } from '@hostdash/testing/renderRemote';
import { slice } from '../feature';
import { BillingRoutes } from '../BillingRoutes';
import type { BillingState } from '../billing/billingSlice';

export const renderRemote = (path: string, options: { user?: User | null } = {}) =>
  renderRemoteRoutes<{ billing: BillingState }>(slice, <BillingRoutes />, path, options);
