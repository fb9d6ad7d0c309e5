// The analytics page's part of the `admin` slice (`admin.analytics`): the period's platform figures,
// and the front-end's health (`frontend`) with the request it answers.
import { createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import {
  analyticsApi,
  frontendHealthApi,
  type AnalyticsPeriod,
  type FrontendHealth,
  type HealthRequest,
  type PlatformAnalytics,
} from './analyticsApi';

export interface FrontendHealthState {
  /** The last answer, and what it answers: kept (dimmed) while another period or remote loads. */
  data: FrontendHealth | null;
  answers: HealthRequest | null;
  status: RemoteStatus;
}

export interface AnalyticsState {
  /** The last period's figures; kept (dimmed) while another period loads. */
  data: PlatformAnalytics | null;
  status: RemoteStatus;
  frontend: FrontendHealthState;
}

export const initialAnalyticsState: AnalyticsState = {
  data: null,
  status: idleStatus(),
  frontend: { data: null, answers: null, status: idleStatus() },
};

export const analyticsActions = {
  load: defineRemoteCall<AnalyticsState, AnalyticsPeriod, PlatformAnalytics>(
    'admin/loadAnalytics',
    (days, { signal }) => analyticsApi.load(days, signal),
    { status: (state) => state.status, silent: true },
  ),
  loadFrontend: defineRemoteCall<AnalyticsState, HealthRequest, FrontendHealth>(
    'admin/loadFrontendHealth',
    (request, { signal }) => frontendHealthApi.load(request, signal),
    { status: (state) => state.frontend.status, silent: true },
  ),
};

export const analyticsReducer = createReducer(initialAnalyticsState, (builder) => {
  builder.addCase(analyticsActions.load.succeeded, (state, action) => {
    state.data = action.payload;
  });
  builder.addCase(analyticsActions.loadFrontend.succeeded, (state, action) => {
    state.frontend.data = action.payload;
    state.frontend.answers = action.meta.request;
  });
  analyticsActions.load.addStatusCases(builder);
  analyticsActions.loadFrontend.addStatusCases(builder);
});

interface WithAnalytics {
  admin: { analytics: AnalyticsState };
}
export const selectAnalytics = (state: WithAnalytics): AnalyticsState => state.admin.analytics;
export const selectFrontendHealth = (state: WithAnalytics): FrontendHealthState =>
  state.admin.analytics.frontend;
