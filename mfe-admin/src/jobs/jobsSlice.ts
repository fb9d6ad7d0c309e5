// The jobs page's part of the `admin` slice (`admin.jobs`): the overview (queues, schedules and the
// jobs of the tab the address asks for), the mail log's page, one action on a job at a time, and
// a schedule run now.
import { createReducer } from '@reduxjs/toolkit';
import {
  addRemoteStatusCases,
  createRemoteAction,
  idleStatus,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import type {
  AdminJob,
  AdminJobOverview,
  AdminMailPage,
  JobAction,
  AdminJobSchedule,
  JobsLoad,
  MailsLoad,
  ScheduleRun,
} from './jobsApi';

export interface JobsState {
  /** null until the first answer. */
  overview: AdminJobOverview | null;
  /** What the overview was last asked for: an action reloads the same list. */
  load: JobsLoad | null;
  mails: AdminMailPage | null;
  status: { load: RemoteStatus; mails: RemoteStatus; act: RemoteStatus; run: RemoteStatus };
}

export const initialJobsState: JobsState = {
  overview: null,
  load: null,
  mails: null,
  status: { load: idleStatus(), mails: idleStatus(), act: idleStatus(), run: idleStatus() },
};

export const jobsActions = {
  load: createRemoteAction<JobsLoad, AdminJobOverview>('admin/loadJobs'),
  loadMails: createRemoteAction<MailsLoad, AdminMailPage>('admin/loadMails'),
  act: createRemoteAction<JobAction, AdminJob>('admin/actOnJob'),
  runSchedule: createRemoteAction<ScheduleRun, AdminJobSchedule>('admin/runSchedule'),
};

export const jobsReducer = createReducer(initialJobsState, (builder) => {
  builder
    .addCase(jobsActions.load.requested, (state, action) => {
      state.load = action.payload;
    })
    .addCase(jobsActions.load.succeeded, (state, action) => {
      state.overview = action.payload;
    })
    .addCase(jobsActions.loadMails.succeeded, (state, action) => {
      state.mails = action.payload;
    });
  addRemoteStatusCases(builder, jobsActions.load, (state) => state.status.load);
  addRemoteStatusCases(builder, jobsActions.loadMails, (state) => state.status.mails);
  addRemoteStatusCases(builder, jobsActions.act, (state) => state.status.act);
  addRemoteStatusCases(builder, jobsActions.runSchedule, (state) => state.status.run);
});

interface WithJobs {
  admin: { jobs: JobsState };
}
export const selectJobs = (state: WithJobs): JobsState => state.admin.jobs;
