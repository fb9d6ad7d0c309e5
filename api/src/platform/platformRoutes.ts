// The platform's staff routes: every listing across accounts and the platform analytics.
import type { AppContext } from '../context';
import type { Api } from '../http/schemas';
import { registerAdminListingRoutes } from './adminListingRoutes';
import { registerAnalyticsRoutes } from './analytics';

export function registerPlatformRoutes(app: Api, context: AppContext): void {
  registerAdminListingRoutes(app, context);
  registerAnalyticsRoutes(app, context);
}
