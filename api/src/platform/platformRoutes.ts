// The platform's staff routes: every listing across accounts, the platform analytics and the
// front-end's health from the browsers' telemetry (the same admin page, /admin/kibana).
import type { AppContext } from '../context';
import type { Api } from '../http/schemas';
import { registerAdminListingRoutes } from './adminListingRoutes';
import { registerFrontendAnalyticsRoutes } from '../telemetry/analyticsRoutes';
import { registerAnalyticsRoutes } from './analytics';

export function registerPlatformRoutes(app: Api, context: AppContext): void {
  registerAdminListingRoutes(app, context);
  registerAnalyticsRoutes(app, context);
  registerFrontendAnalyticsRoutes(app, context);
}
