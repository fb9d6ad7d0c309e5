// The jobs page keeps what it shows in the address, so Back, a reload and a link sent to a colleague
// show the same list: the tab (`view`: failed, running, scheduled, succeeded, discarded or mails),
// the queue, the page, and for the mail log the recipient, the kind and the mail's state
// (`?view=mails&recipient=maria%40example.com&state=failed`). Defaults are left out of the address.
import { LABELS, pageFromOffset } from '@hostdash/shared-auth';
import { ROWS_PER_PAGE_OPTIONS } from '@hostdash/shared-ui';
import type { JobState, JobsLoad, MailsLoad, MailState } from './jobsApi';

/** Rows per page, remembered in this browser for the jobs' and the mails' lists alike. */
export const JOBS_LIST_NAME = 'admin.jobs';

/** The tabs, in their order: each job tab is one state of the jobs table. */
export const JOB_VIEWS = ['failed', 'running', 'scheduled', 'succeeded', 'discarded'] as const;
export type JobView = (typeof JOB_VIEWS)[number];
export type View = JobView | 'mails';
export const DEFAULT_VIEW: View = 'failed';

/** The state of the jobs a tab lists: "Scheduled" is every queued job, due now or later. */
export const STATE_OF_VIEW: Record<JobView, JobState> = {
  failed: 'failed',
  running: 'running',
  scheduled: 'queued',
  succeeded: 'succeeded',
  discarded: 'discarded',
};

export const MAIL_STATES = Object.keys(LABELS.mailState) as MailState[];
export const MAIL_KINDS = Object.keys(LABELS.mailKind);

export interface JobsPageQuery {
  view: View;
  /** A queue's name; '' for every queue. */
  queue: string;
  /** The mail log's recipient: a whole address, or '' for every recipient. */
  recipient: string;
  /** The mail log's kind; '' for every kind. */
  kind: string;
  /** The mail log's state; '' for every state. */
  mailState: MailState | '';
  from: number;
  size: number;
}

const QUEUE = /^[a-z][a-z0-9_.-]{0,62}$/;
const KIND = /^[a-z][a-z0-9_]{0,62}$/;
/** Enough of an address to ask for (the API checks it properly). */
export const looksLikeEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

const positive = (value: string | null): number | null => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
};

const isView = (value: string | null): value is View =>
  value === 'mails' || (JOB_VIEWS as readonly (string | null)[]).includes(value);

/** The query an address asks for; anything unreadable in it falls back to the default. */
export function queryFromUrl(params: URLSearchParams, rememberedSize: number): JobsPageQuery {
  const view = params.get('view');
  const queue = params.get('queue') ?? '';
  const recipient = params.get('recipient')?.trim() ?? '';
  const kind = params.get('kind') ?? '';
  const state = params.get('state') ?? '';
  const askedSize = positive(params.get('size'));
  const size =
    askedSize !== null && ROWS_PER_PAGE_OPTIONS.includes(askedSize) ? askedSize : rememberedSize;
  const page = positive(params.get('page')) ?? 1;
  return {
    view: isView(view) ? view : DEFAULT_VIEW,
    queue: QUEUE.test(queue) ? queue : '',
    recipient: looksLikeEmail(recipient) ? recipient : '',
    kind: KIND.test(kind) ? kind : '',
    mailState: (MAIL_STATES as string[]).includes(state) ? (state as MailState) : '',
    from: (page - 1) * size,
    size,
  };
}

/** The address of a query: only what differs from the defaults, and only what its tab reads. */
export function urlOf(query: JobsPageQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.view !== DEFAULT_VIEW) params.set('view', query.view);
  if (query.view === 'mails') {
    if (query.recipient) params.set('recipient', query.recipient);
    if (query.kind) params.set('kind', query.kind);
    if (query.mailState) params.set('state', query.mailState);
  } else if (query.queue) params.set('queue', query.queue);
  const page = pageFromOffset(query.from, query.size) + 1;
  if (page > 1) {
    params.set('page', String(page));
    params.set('size', String(query.size));
  }
  return params;
}

/** What the API is asked for a job tab. */
export const jobsLoadOf = (query: JobsPageQuery): JobsLoad => ({
  state: query.view === 'mails' ? undefined : STATE_OF_VIEW[query.view],
  queue: query.queue || undefined,
  from: query.from,
  size: query.size,
});

/** What the API is asked for the mail log. */
export const mailsLoadOf = (query: JobsPageQuery): MailsLoad => ({
  recipient: query.recipient || undefined,
  kind: query.kind || undefined,
  state: query.mailState || undefined,
  from: query.from,
  size: query.size,
});
