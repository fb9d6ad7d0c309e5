// The background work's calls (Hostdash staff, /admin/jobs), typed with the API contract.
import type {
  AdminJob,
  AdminJobOverview,
  AdminJobQueue,
  AdminJobSchedule,
  AdminMail,
  AdminMailPage,
  Query,
} from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type {
  AdminJob,
  AdminJobOverview,
  AdminJobQueue,
  AdminJobSchedule,
  AdminMail,
  AdminMailPage,
};

export type JobState = AdminJob['state'];
export type MailState = AdminMail['state'];
export type JobsLoad = Query<'/admin/jobs', 'get'>;
export type MailsLoad = Query<'/admin/mails', 'get'>;

/**
 * A schedule an admin runs now. `asked`: the page asked first (a schedule that charges cards), so
 * a refusal is shown in that dialog; otherwise in the snackbar.
 */
export interface ScheduleRun {
  name: string;
  asked: boolean;
}

/** What an admin does to one job; each is asked first. */
export interface JobAction {
  job: Pick<AdminJob, 'id' | 'queue' | 'state'>;
  action: 'retry' | 'discard';
}

export const jobsApi = {
  load: (query: JobsLoad, signal?: AbortSignal) =>
    api.get<AdminJobOverview>('/admin/jobs', { params: query, signal }),
  loadMails: (query: MailsLoad, signal?: AbortSignal) =>
    api.get<AdminMailPage>('/admin/mails', { params: query, signal }),
  act: ({ job, action }: JobAction) =>
    api.post<AdminJob>(`/admin/jobs/${encodeURIComponent(job.id)}/${action}`),
  /** The schedule becomes due now: a worker queues its job within seconds. */
  runSchedule: ({ name }: ScheduleRun) =>
    api.post<AdminJobSchedule>(`/admin/jobs/schedules/${encodeURIComponent(name)}/run`),
};
