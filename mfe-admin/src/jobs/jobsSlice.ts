// The jobs page's part of the `admin` slice (`admin.jobs`): the overview (queues, schedules and the
// jobs of the tab the address asks for), the mail log's page, one action on a job at a time, and
// a schedule run now.
import { createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import {
  jobsApi,
  type AdminJob,
  type AdminJobOverview,
  type AdminMailPage,
  type JobAction,
  type AdminJobSchedule,
  type JobsLoad,
  type MailsLoad,
  type ScheduleRun,
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
  load: defineRemoteCall<JobsState, JobsLoad, AdminJobOverview>(
    'admin/loadJobs',
    (query, { signal }) => jobsApi.load(query, signal),
    { status: (state) => state.status.load, silent: true },
  ),
  loadMails: defineRemoteCall<JobsState, MailsLoad, AdminMailPage>(
    'admin/loadMails',
    (query, { signal }) => jobsApi.loadMails(query, signal),
    { status: (state) => state.status.mails, silent: true },
  ),
  act: defineRemoteCall<JobsState, JobAction, AdminJob>('admin/actOnJob', jobsApi.act, {
    status: (state) => state.status.act,
    strategy: 'leading',
    silent: true,
  }),
  runSchedule: defineRemoteCall<JobsState, ScheduleRun, AdminJobSchedule>(
    'admin/runSchedule',
    jobsApi.runSchedule,
    { status: (state) => state.status.run, strategy: 'leading', silent: true },
  ),
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
  jobsActions.load.addStatusCases(builder);
  jobsActions.loadMails.addStatusCases(builder);
  jobsActions.act.addStatusCases(builder);
  jobsActions.runSchedule.addStatusCases(builder);
});

interface WithJobs {
  admin: { jobs: JobsState };
}
export const selectJobs = (state: WithJobs): JobsState => state.admin.jobs;
