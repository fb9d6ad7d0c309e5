// The analytics page's part of the `admin` slice (`admin.analytics`): the period's platform figures,
// and the front-end's health (`frontend`) with the request it answers.
import { createReducer } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type {
  AnalyticsPeriod,
  FrontendHealth,
  HealthRequest,
  PlatformAnalytics,
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
  load: createRemoteAction<AnalyticsPeriod, PlatformAnalytics>('admin/loadAnalytics'),
  loadFrontend: createRemoteAction<HealthRequest, FrontendHealth>('admin/loadFrontendHealth'),
};

export const analyticsReducer = createReducer(initialAnalyticsState, (builder) => {
  builder.addCase(analyticsActions.load.succeeded, (state, action) => {
    state.data = action.payload;
  });
  builder.addCase(analyticsActions.loadFrontend.succeeded, (state, action) => {
    state.frontend.data = action.payload;
    state.frontend.answers = action.meta.request;
  });
  addRemoteStatusCases(builder, analyticsActions.load, (state) => state.status);
  addRemoteStatusCases(builder, analyticsActions.loadFrontend, (state) => state.frontend.status);
});

interface WithAnalytics {
  admin: { analytics: AnalyticsState };
}
export const selectAnalytics = (state: WithAnalytics): AnalyticsState => state.admin.analytics;
export const selectFrontendHealth = (state: WithAnalytics): FrontendHealthState =>
  state.admin.analytics.frontend;
