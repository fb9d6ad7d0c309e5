// `/admin/jobs` (Hostdash staff): the background work of every API. Each queue's counts, then one
// tab per state — failed (with Retry and Discard, each asked first), running (which worker holds
// it, until when), scheduled (the recurring schedules, each with Run now — asked first for the one
// that charges cards — and every waiting job), succeeded, discarded
// — and the mail log, searched by recipient, so support can answer "I never got the mail". The
// address holds the tab, the queue, the page and the mail log's search (jobsQuery.ts).
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useDispatch, useSelector } from 'react-redux';
import { Box, Button, Chip, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { formatDateTime, getRowsPerPage, labelOf, LABELS } from '@hostdash/shared-auth';
import {
  ConfirmDialog,
  FilterBar,
  FilterSelect,
  ListPagination,
  LoadError,
  PageFrame,
  ResponsiveList,
  routeFrame,
  useDelayed,
  type ListColumn,
  StatusChip,
} from '@hostdash/shared-ui';
import { usePendingChange } from '../usePendingChange';
import type {
  AdminJob,
  AdminJobOverview,
  AdminJobQueue,
  AdminJobSchedule,
  AdminMail,
  JobAction,
  MailState,
  ScheduleRun,
} from './jobsApi';
import {
  JOB_VIEWS,
  JOBS_LIST_NAME,
  jobsLoadOf,
  looksLikeEmail,
  MAIL_KINDS,
  MAIL_STATES,
  mailsLoadOf,
  queryFromUrl,
  urlOf,
  type JobView,
  type JobsPageQuery,
  type View,
} from './jobsQuery';
import { jobsActions, selectJobs } from './jobsSlice';
import {
  emptyJobs,
  jobName,
  jobQuestion,
  refsText,
  scheduleQuestion,
  VIEW_LABELS,
} from './jobWords';

const NONE = '—';
const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** One queue's counts as chips: what needs an admin (failed) first, idle said in words. */
function QueueCard({
  queue,
  selected,
  onShow,
}: {
  queue: AdminJobQueue;
  selected: boolean;
  onShow: () => void;
}) {
  const waiting = queue.queued_due + queue.queued_later;
  const chips: { label: string; color: 'error' | 'info' | 'default' | 'success' }[] = [];
  if (queue.failed > 0) chips.push({ label: `${queue.failed} failed`, color: 'error' });
  if (queue.running > 0) chips.push({ label: `${queue.running} running`, color: 'info' });
  if (queue.queued_due > 0) chips.push({ label: `${queue.queued_due} due now`, color: 'default' });
  if (queue.queued_later > 0)
    chips.push({ label: `${queue.queued_later} later`, color: 'default' });
  if (queue.succeeded_24h > 0)
    chips.push({ label: `${queue.succeeded_24h} done in 24 h`, color: 'success' });
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={`Queue ${queue.queue}`}
      sx={{
        p: 1.5,
        listStyle: 'none',
        borderColor: selected ? 'primary.main' : undefined,
        borderWidth: selected ? 2 : 1,
      }}
    >
      <Typography sx={{ ...mono, fontWeight: 500, mb: 1 }}>{queue.queue}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {chips.map((chip) => (
          <Chip
            key={chip.label}
            size="small"
            variant={chip.color === 'error' ? 'filled' : 'outlined'}
            color={chip.color}
            label={chip.label}
          />
        ))}
        {waiting === 0 && queue.running === 0 && queue.failed === 0 && (
          <Chip size="small" variant="outlined" label="Idle" />
        )}
      </Stack>
      <Button size="small" onClick={onShow} sx={{ mt: 1, ml: -0.5 }}>
        {selected ? 'Show all queues' : `Show only ${queue.queue}`}
      </Button>
    </Paper>
  );
}

const JOB_COLUMN: ListColumn<AdminJob> = {
  key: 'job',
  header: 'Job',
  width: '20%',
  phone: 'primary',
  render: (job) => (
    <>
      <Typography sx={{ fontWeight: 500 }}>
        {jobName(job)}
        {job.schedule ? ` · ${job.schedule}` : ''}
      </Typography>
      {Object.keys(job.refs).length > 0 && (
        <Typography variant="body2" color="textSecondary" sx={mono}>
          {refsText(job.refs)}
        </Typography>
      )}
    </>
  ),
};

const triesOf = (job: AdminJob) => `${job.attempts} of ${job.max_attempts}`;
const errorOf = (job: AdminJob) =>
  job.last_error ? (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {job.last_error}
    </Typography>
  ) : (
    NONE
  );
const at = (value: string | null) => (value ? formatDateTime(value) : NONE);

function jobColumns(
  view: JobView,
  act: (action: JobAction) => void,
  now: number,
): ListColumn<AdminJob>[] {
  const actions = (kinds: JobAction['action'][]): ListColumn<AdminJob> => ({
    key: 'actions',
    header: 'Actions',
    width: '16%',
    render: (job) => (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {kinds.map((action) => (
          <Button
            key={action}
            size="small"
            variant="outlined"
            color={action === 'discard' ? 'error' : 'primary'}
            onClick={() => act({ job, action })}
            aria-label={`${action === 'retry' ? 'Retry' : 'Discard'} job ${job.id}`}
          >
            {action === 'retry' ? 'Retry' : 'Discard'}
          </Button>
        ))}
      </Stack>
    ),
  });
  const tries: ListColumn<AdminJob> = {
    key: 'tries',
    header: 'Tries',
    width: '9%',
    render: triesOf,
  };
  switch (view) {
    case 'failed':
      return [
        JOB_COLUMN,
        { key: 'error', header: 'Error', width: '37%', render: errorOf },
        tries,
        { key: 'finished', header: 'Failed', width: '18%', render: (job) => at(job.finished_at) },
        actions(['retry', 'discard']),
      ];
    case 'running':
      return [
        JOB_COLUMN,
        {
          key: 'worker',
          header: 'Worker',
          width: '30%',
          render: (job) => <Box sx={mono}>{job.locked_by ?? NONE}</Box>,
        },
        { key: 'started', header: 'Started', width: '18%', render: (job) => at(job.started_at) },
        {
          key: 'lease',
          header: 'Held until',
          width: '18%',
          render: (job) => at(job.locked_until),
        },
        tries,
      ];
    case 'scheduled':
      return [
        JOB_COLUMN,
        {
          key: 'due',
          header: 'Due',
          width: '18%',
          render: (job) => (Date.parse(job.run_after) <= now ? 'Now' : at(job.run_after)),
        },
        tries,
        {
          key: 'error',
          header: 'Last error',
          width: '37%',
          render: (job) => (job.attempts > 0 ? errorOf(job) : NONE),
        },
        actions(['discard']),
      ];
    case 'succeeded':
      return [
        JOB_COLUMN,
        { key: 'created', header: 'Queued', width: '25%', render: (job) => at(job.created_at) },
        { key: 'finished', header: 'Finished', width: '25%', render: (job) => at(job.finished_at) },
        tries,
      ];
    case 'discarded':
      return [
        JOB_COLUMN,
        { key: 'error', header: 'Last error', width: '37%', render: errorOf },
        {
          key: 'finished',
          header: 'Discarded',
          width: '18%',
          render: (job) => at(job.finished_at),
        },
        tries,
        actions(['retry']),
      ];
  }
}

function scheduleColumns(
  now: number,
  run: (schedule: AdminJobSchedule) => void,
  running: boolean,
): ListColumn<AdminJobSchedule>[] {
  return [
    {
      key: 'name',
      header: 'Schedule',
      phone: 'primary',
      render: (schedule) => (
        <>
          <Typography sx={{ fontWeight: 500 }}>{schedule.name}</Typography>
          <Typography variant="body2" color="textSecondary">
            Queue {schedule.queue}
          </Typography>
        </>
      ),
    },
    {
      key: 'cron',
      header: 'When (cron, UTC)',
      render: (schedule) => <Box sx={mono}>{schedule.cron}</Box>,
    },
    {
      key: 'next',
      header: 'Next run',
      // Run now, or its time come: a worker queues it within seconds.
      render: (schedule) =>
        Date.parse(schedule.next_run_at) <= now ? 'Now' : formatDateTime(schedule.next_run_at),
    },
    {
      key: 'last',
      header: 'Last run',
      render: (schedule) =>
        schedule.last_run_at ? formatDateTime(schedule.last_run_at) : 'Not yet',
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (schedule) => (
        <Button
          size="small"
          variant="outlined"
          disabled={running}
          onClick={() => run(schedule)}
          // The name holds the visible words, as speech input expects (WCAG 2.5.3).
          aria-label={`Run now: ${schedule.name}`}
        >
          Run now
        </Button>
      ),
    },
  ];
}

const MAIL_COLUMNS: ListColumn<AdminMail>[] = [
  {
    key: 'mail',
    header: 'Mail',
    width: '26%',
    phone: 'primary',
    render: (mail) => (
      <>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{mail.subject}</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          To {mail.to} · {labelOf('mailKind', mail.kind)}
        </Typography>
      </>
    ),
  },
  {
    key: 'state',
    header: 'State',
    width: '12%',
    render: (mail) => <StatusChip kind="mailState" value={mail.state} />,
  },
  { key: 'created', header: 'Written', width: '14%', render: (mail) => at(mail.created_at) },
  {
    key: 'outcome',
    header: 'Delivered or failed',
    width: '14%',
    render: (mail) => at(mail.delivered_at ?? mail.failed_at),
  },
  { key: 'tries', header: 'Tries', width: '7%', render: (mail) => String(mail.attempts) },
  {
    key: 'error',
    header: 'Error',
    width: '27%',
    render: (mail) =>
      mail.last_error || mail.message_id ? (
        <>
          {mail.last_error && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {mail.last_error}
            </Typography>
          )}
          {mail.message_id && (
            <Typography variant="body2" color="textSecondary" sx={mono}>
              Message id {mail.message_id}
            </Typography>
          )}
        </>
      ) : (
        NONE
      ),
  },
];

/** The tab counts: what an admin must look at, for the queue shown (or every queue). */
function countsOf(overview: AdminJobOverview | null, queue: string): Partial<Record<View, number>> {
  if (!overview) return {};
  const queues = overview.queues.filter((entry) => !queue || entry.queue === queue);
  const sum = (pick: (entry: AdminJobQueue) => number) =>
    queues.reduce((total, entry) => total + pick(entry), 0);
  return {
    failed: sum((entry) => entry.failed),
    running: sum((entry) => entry.running),
    scheduled: sum((entry) => entry.queued_due + entry.queued_later),
  };
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function MailSearch({
  query,
  onSearch,
}: {
  query: JobsPageQuery;
  onSearch: (changes: Partial<JobsPageQuery>) => void;
}) {
  const [recipient, setRecipient] = useState(query.recipient);
  const [touched, setTouched] = useState(false);
  // Back (or another link) changes the address: the box follows.
  useEffect(() => {
    setRecipient(query.recipient);
    setTouched(false);
  }, [query.recipient]);
  const text = recipient.trim();
  const invalid = text !== '' && !looksLikeEmail(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!invalid) onSearch({ recipient: text });
  };
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Search the mail log"
      onSubmit={submit}
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap', rowGap: 1.5 }}
    >
      <TextField
        type="email"
        label="Recipient’s email"
        placeholder="maria@example.com"
        value={recipient}
        onChange={(event) => setRecipient(event.target.value)}
        error={touched && invalid}
        helperText={
          touched && invalid ? 'Enter the whole address, e.g. maria@example.com.' : undefined
        }
        sx={{ minWidth: { sm: 320 }, width: { xs: '100%', sm: 'auto' } }}
      />
      <Button type="submit" variant="contained">
        Search
      </Button>
      <FilterSelect
        label="Kind"
        allLabel="All kinds"
        value={query.kind}
        choices={MAIL_KINDS.map((kind) => ({ value: kind, label: labelOf('mailKind', kind) }))}
        onChange={(kind) => onSearch({ kind })}
      />
      <FilterSelect
        label="State"
        allLabel="All states"
        value={query.mailState}
        choices={MAIL_STATES.map((state) => ({ value: state, label: LABELS.mailState[state] }))}
        onChange={(state) => onSearch({ mailState: state as MailState | '' })}
      />
      {(query.recipient || query.kind || query.mailState) && (
        <Box>
          <Button onClick={() => onSearch({ recipient: '', kind: '', mailState: '' })}>
            Clear search
          </Button>
        </Box>
      )}
    </Stack>
  );
}

export function JobsPage() {
  const dispatch = useDispatch();
  const [params, setParams] = useSearchParams();
  const { overview, mails, status } = useSelector(selectJobs);
  const query = queryFromUrl(params, getRowsPerPage(JOBS_LIST_NAME));
  const queryKey = JSON.stringify(query);
  const jobView: JobView | null = query.view === 'mails' ? null : query.view;
  const mailView = jobView === null;
  const change = usePendingChange<JobAction>(status.act);
  const { pending } = change;
  const showSkeleton = useDelayed(status.load.loading || status.mails.loading);
  const tabsId = useId();
  // "Due now" is judged against the time of the answer, not of each render.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [overview]);
  const scheduleRun = usePendingChange<ScheduleRun>(status.run);
  const runQuestion = scheduleRun.pending
    ? scheduleQuestion(scheduleRun.pending.name, new Date(now))
    : null;
  // A schedule that charges cards is asked first; any other runs at once.
  const runNow = (schedule: AdminJobSchedule) => {
    if (scheduleQuestion(schedule.name, new Date()))
      scheduleRun.ask({ name: schedule.name, asked: true });
    else dispatch(jobsActions.runSchedule.requested({ name: schedule.name, asked: false }));
  };

  const loadJobs = () => dispatch(jobsActions.load.requested(jobsLoadOf(query)));
  const loadMails = () => dispatch(jobsActions.loadMails.requested(mailsLoadOf(query)));
  const refresh = () => {
    setNow(Date.now());
    loadJobs();
    if (mailView) loadMails();
  };

  // What the address asks for, whenever it changes (a tab, a filter, Back, a link). The mail log
  // still reads the overview once, for the queues and the tabs' counts.
  useEffect(() => {
    setNow(Date.now());
    if (!mailView || overview === null) loadJobs();
    if (mailView) loadMails();
    // `queryKey` is the query; the loaders read it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKey]);

  const show = (changes: Partial<JobsPageQuery>, options: { replace?: boolean } = {}) =>
    setParams(urlOf({ ...query, from: 0, ...changes }), options);

  const counts = countsOf(overview, query.queue);
  const queueChoices = (overview?.queues ?? []).map((entry) => ({
    value: entry.queue,
    label: entry.queue,
  }));
  const jobsLoaded = overview !== null && !status.load.loading;

  const jobList = (view: JobView) => (
    <Paper>
      <ResponsiveList
        label={`${VIEW_LABELS[view]} jobs`}
        columns={jobColumns(view, change.ask, now)}
        rows={overview?.jobs.items ?? []}
        rowKey={(job) => job.id}
        loading={status.load.loading}
        showSkeleton={showSkeleton}
        placeholders={overview ? 0 : 5}
        minTableWidth={880}
        empty={status.load.error ? undefined : emptyJobs(view, query.queue)}
        footer={
          overview && overview.jobs.total > 0 ? (
            <ListPagination
              listName={JOBS_LIST_NAME}
              total={overview.jobs.total}
              from={query.from}
              size={query.size}
              onChange={(page) => show(page, { replace: page.size !== query.size })}
            />
          ) : undefined
        }
      />
    </Paper>
  );

  return (
    <PageFrame {...routeFrame('/admin/jobs')} actions={<Button onClick={refresh}>Refresh</Button>}>
      {status.load.error && <LoadError error={status.load.error} onRetry={loadJobs} />}

      <Section label="Queues">
        {overview && overview.queues.length === 0 ? (
          <Typography color="textSecondary">
            No queue has had work in the last 24 hours, and none is on a schedule.
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Queues"
            sx={{
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
            }}
          >
            {(overview?.queues ?? []).map((entry) => (
              <QueueCard
                key={entry.queue}
                queue={entry}
                selected={query.queue === entry.queue}
                onShow={() =>
                  show({
                    queue: query.queue === entry.queue ? '' : entry.queue,
                    view: mailView ? 'failed' : query.view,
                  })
                }
              />
            ))}
          </Box>
        )}
      </Section>

      <Box>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={query.view}
            onChange={(_event, view: View) => show({ view })}
            aria-label="Jobs by state, and the mail log"
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
          >
            {[...JOB_VIEWS, 'mails' as const].map((view) => (
              <Tab
                key={view}
                value={view}
                id={`${tabsId}-${view}`}
                aria-controls={`${tabsId}-panel`}
                label={
                  counts[view] === undefined
                    ? VIEW_LABELS[view]
                    : `${VIEW_LABELS[view]} (${counts[view]})`
                }
              />
            ))}
          </Tabs>
        </Box>

        <Stack
          spacing={2}
          role="tabpanel"
          id={`${tabsId}-panel`}
          aria-labelledby={`${tabsId}-${query.view}`}
        >
          {!mailView && (
            <FilterBar>
              <FilterSelect
                label="Queue"
                allLabel="All queues"
                value={query.queue}
                choices={queueChoices}
                onChange={(queue) => show({ queue })}
              />
              {query.queue && (
                <Box>
                  <Button onClick={() => show({ queue: '' })}>Clear filter</Button>
                </Box>
              )}
            </FilterBar>
          )}

          {query.view === 'scheduled' && (
            <Section label="Schedules">
              <Paper>
                <ResponsiveList
                  label="Schedules"
                  columns={scheduleColumns(now, runNow, status.run.loading)}
                  rows={overview?.schedules ?? []}
                  rowKey={(schedule) => schedule.name}
                  placeholders={overview ? 0 : 2}
                  empty={{
                    title: 'No schedules',
                    text: 'An API writes its recurring schedules here when its worker starts.',
                  }}
                />
              </Paper>
            </Section>
          )}

          {mailView ? (
            <>
              <MailSearch query={query} onSearch={(changes) => show(changes)} />
              {status.mails.error && <LoadError error={status.mails.error} onRetry={loadMails} />}
              <Paper>
                <ResponsiveList
                  label="Mail log"
                  columns={MAIL_COLUMNS}
                  rows={mails?.items ?? []}
                  rowKey={(mail) => mail.id}
                  loading={status.mails.loading}
                  showSkeleton={showSkeleton}
                  placeholders={mails ? 0 : 5}
                  minTableWidth={960}
                  empty={
                    status.mails.error
                      ? undefined
                      : query.recipient
                        ? {
                            title: `No mail to ${query.recipient}`,
                            text: `Hostdash has written no mail to this address${query.kind || query.mailState ? ' with these filters' : ''}. Check the spelling, or ask which address they signed up with.`,
                          }
                        : {
                            title: 'No mail',
                            text: 'Every mail Hostdash writes is listed here, newest first, with what became of it.',
                          }
                  }
                  footer={
                    mails && mails.total > 0 ? (
                      <ListPagination
                        listName={JOBS_LIST_NAME}
                        total={mails.total}
                        from={query.from}
                        size={query.size}
                        onChange={(page) => show(page, { replace: page.size !== query.size })}
                      />
                    ) : undefined
                  }
                />
              </Paper>
            </>
          ) : query.view === 'scheduled' ? (
            <Section label="Waiting jobs">{jobList(query.view)}</Section>
          ) : (
            jobView && jobList(jobView)
          )}
          {!mailView && jobsLoaded && (
            <Typography variant="body2" color="textSecondary">
              As of {formatDateTime(now)}.
            </Typography>
          )}
        </Stack>
      </Box>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? jobQuestion(pending).title : ''}
        confirmLabel={pending ? jobQuestion(pending).confirmLabel : ''}
        destructive={pending ? jobQuestion(pending).destructive : false}
        busy={change.busy}
        error={change.error}
        onConfirm={() => change.confirm((asked) => dispatch(jobsActions.act.requested(asked)))}
        onCancel={change.cancel}
      >
        {pending ? jobQuestion(pending).text : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={runQuestion !== null}
        title={runQuestion?.title ?? ''}
        confirmLabel={runQuestion?.confirmLabel ?? ''}
        destructive={runQuestion?.destructive ?? false}
        busy={scheduleRun.busy}
        error={scheduleRun.error}
        onConfirm={() =>
          scheduleRun.confirm((asked) => dispatch(jobsActions.runSchedule.requested(asked)))
        }
        onCancel={scheduleRun.cancel}
      >
        {runQuestion?.text ?? null}
      </ConfirmDialog>
    </PageFrame>
  );
}
