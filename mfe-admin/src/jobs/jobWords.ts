// What the jobs page says: its tabs, the questions before a retry, a discard or a schedule run
// that charges cards, and what the snackbar says after, each tab's empty list in an admin's words. The values' own words (a job's
// state, a mail's kind and state) are the shared LABELS.
import { formatMonth } from '@hostdash/shared-auth';
import type { AdminJob, AdminJobSchedule, JobAction } from './jobsApi';
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

/** The schedule that closes the month that ended and charges every account's card for it. */
export const BILLING_CLOSE_SCHEDULE = 'billing.close';

/** `2026-10` on any day of November 2026 (UTC, as the schedule counts): the month that ended. */
export function monthBefore(now: Date): string {
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return previous.toISOString().slice(0, 7);
}

/**
 * The question before running a schedule now, for one whose run charges cards; null for the
 * others, which run at once (a run now only brings forward what runs by itself anyway).
 */
export function scheduleQuestion(name: string, now: Date): JobQuestion | null {
  if (name !== BILLING_CLOSE_SCHEDULE) return null;
  const month = formatMonth(monthBefore(now));
  return {
    title: `Run ${name} now?`,
    text: `It closes ${month} for every account and charges their cards now, as on the first of the month. A month already closed is not charged again; a declined card is tried again on its days and its owners are mailed.`,
    confirmLabel: 'Run and charge',
    destructive: true,
  };
}

export const scheduleRunMessage = (schedule: AdminJobSchedule): string =>
  `${schedule.name} runs now: a worker queues its job within seconds.`;

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
