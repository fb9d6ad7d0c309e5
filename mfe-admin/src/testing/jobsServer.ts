// A small stand-in for the jobs part of the admin API (/admin/jobs, /admin/mails) over real HTTP,
// so the jobs page, its saga and the shared client run for real in component tests. Its filtering
// is deliberately simple; the API's own (counts, order, who may call, what is never answered) is
// tested on its real database in api/src/admin/jobAdmin.test.ts. Every answer is checked against
// the API contract (api/openapi.json).
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type { AdminJob, AdminJobQueue, AdminJobSchedule, AdminMail } from '../jobs/jobsApi';

export function makeJob(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: '1',
    queue: 'mail',
    state: 'failed',
    attempts: 8,
    max_attempts: 8,
    run_after: '2026-11-24T09:00:00.000Z',
    locked_by: null,
    locked_until: null,
    last_error: '550 5.1.1 Mailbox unavailable',
    schedule: null,
    refs: { mailId: '17' },
    created_at: '2026-11-24T08:00:00.000Z',
    updated_at: '2026-11-24T09:00:00.000Z',
    started_at: '2026-11-24T08:00:01.000Z',
    finished_at: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

export function makeMail(overrides: Partial<AdminMail> = {}): AdminMail {
  return {
    id: '17',
    to: 'maria.costa@example.com',
    kind: 'guest_invite',
    subject: 'Check in for your stay at Harbour Loft',
    state: 'failed',
    created_at: '2026-11-24T08:00:00.000Z',
    delivered_at: null,
    failed_at: '2026-11-24T09:00:00.000Z',
    attempts: 8,
    last_error: '550 5.1.1 Mailbox unavailable',
    message_id: null,
    account_id: '1',
    reservation_id: '900',
    ...overrides,
  };
}

export const SCHEDULES: AdminJobSchedule[] = [
  {
    name: 'maintenance',
    cron: '7 * * * *',
    queue: 'maintenance',
    next_run_at: '2026-11-24T10:07:00.000Z',
    last_run_at: '2026-11-24T09:07:00.000Z',
  },
  {
    name: 'billing.close',
    cron: '0 2 1 * *',
    queue: 'billing.close',
    next_run_at: '2026-12-01T02:00:00.000Z',
    last_run_at: '2026-11-01T02:00:00.000Z',
  },
];

export const JOBS: AdminJob[] = [
  makeJob(),
  makeJob({
    id: '2',
    queue: 'import',
    last_error: 'The system refused the credentials.',
    attempts: 5,
    max_attempts: 5,
    refs: { connectionId: '4' },
  }),
  makeJob({
    id: '3',
    queue: 'import',
    state: 'running',
    attempts: 1,
    last_error: null,
    locked_by: '4121-9f2c',
    locked_until: '2026-11-24T09:01:00.000Z',
    finished_at: null,
  }),
  makeJob({
    id: '4',
    queue: 'maintenance',
    state: 'queued',
    attempts: 0,
    last_error: null,
    schedule: 'maintenance',
    refs: { period: '2026-11-24T09:07:00.000Z' },
    finished_at: null,
    started_at: null,
  }),
  makeJob({
    id: '5',
    queue: 'mail',
    state: 'queued',
    attempts: 2,
    last_error: 'Connection refused',
    run_after: '2099-01-01T00:00:00.000Z',
    refs: { mailId: '18' },
    finished_at: null,
  }),
];

export interface JobsServer extends Upstream {
  jobs: AdminJob[];
  mails: AdminMail[];
  schedules: AdminJobSchedule[];
  /** The next retry, discard or schedule run answers this instead. */
  failNextAction: UpstreamAnswer | null;
  requestsTo: (pathname: string) => RecordedRequest[];
}

function queuesOf(jobs: AdminJob[]): AdminJobQueue[] {
  const names = [...new Set([...jobs.map((job) => job.queue), 'maintenance'])].sort();
  return names.map((queue) => {
    const mine = jobs.filter((job) => job.queue === queue);
    const count = (test: (job: AdminJob) => boolean) => mine.filter(test).length;
    return {
      queue,
      queued_due: count((job) => job.state === 'queued' && job.run_after < '2050'),
      queued_later: count((job) => job.state === 'queued' && job.run_after >= '2050'),
      running: count((job) => job.state === 'running'),
      failed: count((job) => job.state === 'failed'),
      succeeded_24h: count((job) => job.state === 'succeeded'),
    };
  });
}

export async function startJobsServer(
  jobs: AdminJob[] = JOBS,
  mails: AdminMail[] = [
    makeMail(),
    makeMail({
      id: '16',
      state: 'delivered',
      subject: 'Welcome',
      failed_at: null,
      delivered_at: '2026-11-23T08:00:00.000Z',
      last_error: null,
      message_id: '<a1@mail.test>',
    }),
  ],
): Promise<JobsServer> {
  let state: Pick<JobsServer, 'jobs' | 'mails' | 'schedules' | 'failNextAction'> = {
    jobs: [...jobs],
    mails,
    schedules: [...SCHEDULES],
    failNextAction: null,
  };

  /** As the API does: the schedule is due now (a worker then queues its job). */
  function runSchedule(name: string): UpstreamAnswer {
    if (state.failNextAction) {
      const failure = state.failNextAction;
      state.failNextAction = null;
      return failure;
    }
    const schedule = state.schedules.find((candidate) => candidate.name === name);
    if (!schedule)
      return {
        status: 404,
        json: { error: 'not_found', message: 'There is no schedule of that name.' },
      };
    const due = { ...schedule, next_run_at: new Date().toISOString() };
    state.schedules = state.schedules.map((candidate) =>
      candidate.name === name ? due : candidate,
    );
    return { json: due };
  }

  function act(id: string, action: string): UpstreamAnswer {
    if (state.failNextAction) {
      const failure = state.failNextAction;
      state.failNextAction = null;
      return failure;
    }
    const job = state.jobs.find((candidate) => candidate.id === id);
    if (!job)
      return {
        status: 404,
        json: { error: 'not_found', message: 'There is no job with that id.' },
      };
    const changed: AdminJob =
      action === 'retry'
        ? { ...job, state: 'queued', attempts: 0, last_error: null, finished_at: null }
        : { ...job, state: 'discarded', finished_at: '2026-11-24T09:30:00.000Z' };
    state.jobs = state.jobs.map((candidate) => (candidate.id === id ? changed : candidate));
    return { json: changed };
  }

  const upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      const path = url.pathname;
      const query = url.searchParams;
      if (path === '/admin/jobs' && request.method === 'GET') {
        const from = Number(query.get('from') ?? 0);
        const size = Number(query.get('size') ?? 10);
        const matching = state.jobs.filter(
          (job) =>
            (!query.get('state') || job.state === query.get('state')) &&
            (!query.get('queue') || job.queue === query.get('queue')),
        );
        return {
          json: {
            queues: queuesOf(state.jobs),
            schedules: state.schedules,
            jobs: { items: matching.slice(from, from + size), total: matching.length, size, from },
          },
        };
      }
      if (path === '/admin/mails' && request.method === 'GET') {
        const from = Number(query.get('from') ?? 0);
        const size = Number(query.get('size') ?? 10);
        const recipient = query.get('recipient')?.toLowerCase();
        const matching = state.mails.filter(
          (mail) =>
            (!recipient || mail.to === recipient) &&
            (!query.get('kind') || mail.kind === query.get('kind')) &&
            (!query.get('state') || mail.state === query.get('state')),
        );
        return {
          json: { items: matching.slice(from, from + size), total: matching.length, size, from },
        };
      }
      const action = /^\/admin\/jobs\/([0-9]+)\/(retry|discard)$/.exec(path);
      if (action && request.method === 'POST') return act(action[1]!, action[2]!);
      const run = /^\/admin\/jobs\/schedules\/([^/]+)\/run$/.exec(path);
      if (run && request.method === 'POST') return runSchedule(decodeURIComponent(run[1]!));
      return { status: 404, json: { error: 'not_found', message: `No route ${path}` } };
    },
    { check: keepsContract },
  );
  const requests = upstream.requests;
  const server: JobsServer = Object.assign(upstream, state, {
    requestsTo: (pathname: string) =>
      requests.filter((request) => new URL(request.url, 'http://api').pathname === pathname),
  });
  state = server;
  return server;
}
