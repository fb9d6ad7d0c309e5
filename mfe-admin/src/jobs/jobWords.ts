// What the jobs page says: its tabs, the questions before a retry or a discard and what the
// snackbar says after, each tab's empty list in an admin's words. The values' own words (a job's
// state, a mail's kind and state) are the shared LABELS.
import type { AdminJob, JobAction } from './jobsApi';
import type { View } from './jobsQuery';

export const VIEW_LABELS: Record<View, string> = {
  failed: 'Failed',
  running: 'Running',
  scheduled: 'Scheduled',
  succeeded: 'Succeeded',
  discarded: 'Discarded',
  mails: 'Mail log',
};

/** "Job 42 (mail)": how a job is named in a sentence. */
export const jobName = (job: Pick<AdminJob, 'id' | 'queue'>): string =>
  `Job ${job.id} (${job.queue})`;

/** What the job is about, from its ids: "mailId 17 · period 2026-11-23T10:00:00.000Z". */
export const refsText = (refs: AdminJob['refs']): string =>
  Object.entries(refs)
    .map(([key, value]) => `${key} ${value}`)
    .join(' · ');

export interface JobQuestion {
  title: string;
  text: string;
  confirmLabel: string;
  destructive: boolean;
}

export function jobQuestion({ job, action }: JobAction): JobQuestion {
  const mail = job.queue === 'mail';
  return action === 'retry'
    ? {
        title: `Retry ${jobName(job)}?`,
        text: `It runs again within seconds, with its tries counted from zero.${mail ? ' Its mail is sent again, to the same address.' : ''}`,
        confirmLabel: 'Retry job',
        destructive: false,
      }
    : {
        title: `Discard ${jobName(job)}?`,
        text: `It will not run${job.state === 'failed' ? ' again' : ''}.${mail ? ' Its mail is marked failed in the mail log and is not sent.' : ''} You can still retry it from the Discarded tab.`,
        confirmLabel: 'Discard job',
        destructive: true,
      };
}

export const jobActionDoneMessage = (action: JobAction['action'], job: AdminJob): string =>
  action === 'retry'
    ? `${jobName(job)} is queued again: a worker picks it up within seconds.`
    : `${jobName(job)} is discarded: it will not run.`;

/** Each job tab's empty list, for all queues or one. */
export function emptyJobs(
  view: Exclude<View, 'mails'>,
  queue: string,
): { title: string; text: string } {
  const where = queue ? ` in the ${queue} queue` : '';
  switch (view) {
    case 'failed':
      return {
        title: `No failed jobs${where}`,
        text: 'A job that runs out of tries, or can never succeed, waits here with its error until you retry or discard it.',
      };
    case 'running':
      return {
        title: `Nothing running${where} right now`,
        text: 'Workers take due jobs within a second or two; a long import or sync shows here while it runs, with the worker holding it.',
      };
    case 'scheduled':
      return {
        title: `No jobs waiting${where}`,
        text: 'Jobs due now, retries waiting their back-off and work planned for later show here.',
      };
    case 'succeeded':
      return {
        title: `No finished jobs${where}`,
        text: 'Finished jobs are kept for a while, then removed by the maintenance job.',
      };
    case 'discarded':
      return {
        title: `No discarded jobs${where}`,
        text: 'A job you discard stays here, where it can still be retried.',
      };
  }
}
