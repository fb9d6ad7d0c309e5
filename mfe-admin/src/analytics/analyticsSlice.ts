// The analytics page's part of the `admin` slice (`admin.analytics`): the period's figures.
import { createReducer } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type { AnalyticsPeriod, PlatformAnalytics } from './analyticsApi';

export interface AnalyticsState {
  /** The last period's figures; kept (dimmed) while another period loads. */
  data: PlatformAnalytics | null;
  status: RemoteStatus;
}

export const initialAnalyticsState: AnalyticsState = { data: null, status: idleStatus() };

export const analyticsActions = {
  load: createRemoteAction<AnalyticsPeriod, PlatformAnalytics>('admin/loadAnalytics'),
};

export const analyticsReducer = createReducer(initialAnalyticsState, (builder) => {
  builder.addCase(analyticsActions.load.succeeded, (state, action) => {
    state.data = action.payload;
  });
  addRemoteStatusCases(builder, analyticsActions.load, (state) => state.status);
});

interface WithAnalytics {
  admin: { analytics: AnalyticsState };
}
export const selectAnalytics = (state: WithAnalytics): AnalyticsState => state.admin.analytics;
