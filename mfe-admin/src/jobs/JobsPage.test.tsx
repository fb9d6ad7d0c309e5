import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectSnackbar } from '@hostdash/shared-auth';
import { STAFF } from '../testing/staff';
import { startJobsServer, type JobsServer } from '../testing/jobsServer';
import { renderRemote } from '../testing/renderRemote';

let server: JobsServer;

async function open(path = '/admin/jobs') {
  server = await startJobsServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const view = await renderRemote(path, { user: STAFF });
  await screen.findByRole('heading', { level: 1, name: 'Jobs' });
  return view;
}

afterEach(() => server.close());

const location = () => screen.getByTestId('location').textContent;
const dialog = () => screen.getByRole('dialog');
/** The last query string the page sent to `pathname`. */
const lastQuery = (pathname: string) =>
  new URL(server.requestsTo(pathname).at(-1)!.url, 'http://api').searchParams;
const list = (name: string) => screen.findByRole('table', { name });
const rowOf = async (table: string, text: string | RegExp) =>
  (await within(await list(table)).findByText(text)).closest('tr') as HTMLElement;

async function choose(filter: string, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: filter }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('JobsPage', () => {
  it('shows each queue’s counts and, first, the failed jobs with their error and tries', async () => {
    await open();
    const queues = screen.getByRole('list', { name: 'Queues' });
    const mail = await within(queues).findByRole('listitem', { name: 'Queue mail' });
    expect(within(mail).getByText('1 failed')).toBeInTheDocument();
    expect(within(mail).getByText('1 later')).toBeInTheDocument();
    const imports = within(queues).getByRole('listitem', { name: 'Queue import' });
    expect(within(imports).getByText('1 running')).toBeInTheDocument();
    expect(within(queues).getByRole('listitem', { name: 'Queue maintenance' })).toHaveTextContent(
      '1 due now',
    );

    expect(screen.getByRole('tab', { name: 'Failed (2)', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Running (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Scheduled (2)' })).toBeInTheDocument();
    const failed = await rowOf('Failed jobs', 'Job 2 (import)');
    expect(failed).toHaveTextContent('The system refused the credentials.');
    expect(failed).toHaveTextContent('5 of 5');
    expect(failed).toHaveTextContent('connectionId 4');
    expect(lastQuery('/admin/jobs').get('state')).toBe('failed');
  });

  it('keeps the queue and the tab in the address, and asks the API for them', async () => {
    await open();
    await list('Failed jobs');
    await choose('Queue', 'import');
    await waitFor(() => expect(location()).toBe('/admin/jobs?queue=import'));
    await waitFor(() => expect(lastQuery('/admin/jobs').get('queue')).toBe('import'));
    expect(await screen.findByRole('tab', { name: 'Failed (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /^Running/ }));
    await waitFor(() => expect(location()).toBe('/admin/jobs?view=running&queue=import'));
    const running = await rowOf('Running jobs', 'Job 3 (import)');
    expect(running).toHaveTextContent('4121-9f2c');
    expect(lastQuery('/admin/jobs').get('state')).toBe('running');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(location()).toBe('/admin/jobs?view=running'));
  });

  it('opens on what a shared address says', async () => {
    await open('/admin/jobs?view=scheduled&queue=mail');
    expect(await screen.findByRole('tab', { name: 'Scheduled (1)', selected: true })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveTextContent('mail');
    const waiting = await rowOf('Scheduled jobs', 'Job 5 (mail)');
    expect(waiting).toHaveTextContent('Connection refused');
    expect(waiting).toHaveTextContent('2 of 8');
    const query = lastQuery('/admin/jobs');
    expect([query.get('state'), query.get('queue')]).toEqual(['queued', 'mail']);
  });

  it('lists the schedules with their next and last run on the Scheduled tab', async () => {
    await open('/admin/jobs?view=scheduled');
    const schedule = await rowOf('Schedules', 'maintenance');
    expect(schedule).toHaveTextContent('7 * * * *');
    expect(schedule).toHaveTextContent(/Nov 24, 2026/);
    // A job due already says so.
    expect(await rowOf('Scheduled jobs', /^Job 4 \(maintenance\)/)).toHaveTextContent('Now');
  });

  it('runs a schedule now, says so and reads the list again', async () => {
    const { store } = await open('/admin/jobs?view=scheduled');
    const row = await rowOf('Schedules', 'maintenance');
    const loads = server.requestsTo('/admin/jobs').length;
    await userEvent.click(within(row).getByRole('button', { name: 'Run now: maintenance' }));
    // Nothing it does would not happen by itself within the hour: no question first.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(selectSnackbar(store.getState()).text).toBe(
        'maintenance runs now: a worker queues its job within seconds.',
      ),
    );
    expect(server.requestsTo('/admin/jobs/schedules/maintenance/run')).toHaveLength(1);
    await waitFor(() => expect(server.requestsTo('/admin/jobs').length).toBe(loads + 1));
    await waitFor(async () =>
      expect((await rowOf('Schedules', 'maintenance')).querySelectorAll('td')[2]).toHaveTextContent(
        /^Now$/,
      ),
    );
  });

  it('asks before running billing.close, which charges cards, and sends nothing on Cancel', async () => {
    const { store } = await open('/admin/jobs?view=scheduled');
    const row = await rowOf('Schedules', 'billing.close');
    await userEvent.click(within(row).getByRole('button', { name: 'Run now: billing.close' }));
    expect(
      within(dialog()).getByRole('heading', { name: 'Run billing.close now?' }),
    ).toBeInTheDocument();
    expect(dialog()).toHaveTextContent(/for every account and charges their cards now/);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/admin/jobs/schedules/billing.close/run')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Run now: billing.close' }));
    server.failNextAction = {
      status: 500,
      json: {
        error: 'internal',
        message: 'Something went wrong on our side. Try again in a moment.',
      },
    };
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Run and charge' }));
    expect(
      await within(dialog()).findByText('Something went wrong on our side. Try again in a moment.'),
    ).toBeInTheDocument();
    // Said in the dialog that asked, not again in the snackbar.
    expect(selectSnackbar(store.getState()).open).toBe(false);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Run and charge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/admin/jobs/schedules/billing.close/run')).toHaveLength(2);
    expect(selectSnackbar(store.getState()).text).toBe(
      'billing.close runs now: a worker queues its job within seconds.',
    );
  });

  it('says a refused run in the snackbar, in words', async () => {
    const { store } = await open('/admin/jobs?view=scheduled');
    const row = await rowOf('Schedules', 'maintenance');
    server.failNextAction = {
      status: 404,
      json: { error: 'not_found', message: 'There is no schedule of that name.' },
    };
    await userEvent.click(within(row).getByRole('button', { name: 'Run now: maintenance' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState())).toMatchObject({
        text: 'There is no schedule of that name.',
        props: { severity: 'error' },
      }),
    );
  });

  it('asks before retrying, then says so and moves the job out of the failed list', async () => {
    const { store } = await open();
    const row = await rowOf('Failed jobs', 'Job 1 (mail)');
    await userEvent.click(within(row).getByRole('button', { name: 'Retry job 1' }));
    expect(
      within(dialog()).getByRole('heading', { name: 'Retry Job 1 (mail)?' }),
    ).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('Its mail is sent again');
    expect(server.requestsTo('/admin/jobs/1/retry')).toHaveLength(0);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Retry job' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/admin/jobs/1/retry')).toHaveLength(1);
    expect(selectSnackbar(store.getState()).text).toBe(
      'Job 1 (mail) is queued again: a worker picks it up within seconds.',
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Failed jobs' })).queryByText('Job 1 (mail)'),
      ).toBeNull(),
    );
    expect(await screen.findByRole('tab', { name: 'Failed (1)' })).toBeInTheDocument();
  });

  it('asks before discarding, keeps a refusal in the dialog, and sends nothing on Cancel', async () => {
    await open();
    const row = await rowOf('Failed jobs', 'Job 2 (import)');
    await userEvent.click(within(row).getByRole('button', { name: 'Discard job 2' }));
    expect(dialog()).toHaveTextContent('It will not run again.');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/admin/jobs/2/discard')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Discard job 2' }));
    server.failNextAction = {
      status: 409,
      json: {
        error: 'job_not_discardable',
        message: 'Job 2 is running now: only a queued or failed job can be discarded.',
      },
    };
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Discard job' }));
    expect(
      await within(dialog()).findByText(
        'Job 2 is running now: only a queued or failed job can be discarded.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Discard job' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/admin/jobs/2/discard')).toHaveLength(2);
  });

  it('searches the mail log by recipient, kept in the address, with each mail’s fate', async () => {
    await open();
    await userEvent.click(screen.getByRole('tab', { name: 'Mail log' }));
    await waitFor(() => expect(location()).toBe('/admin/jobs?view=mails'));
    const search = screen.getByRole('textbox', { name: 'Recipient’s email' });
    await userEvent.type(search, 'maria');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter the whole address, e.g. maria@example.com.')).toBeVisible();
    expect(location()).toBe('/admin/jobs?view=mails');

    await userEvent.type(search, '.costa@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(location()).toBe('/admin/jobs?view=mails&recipient=maria.costa%40Example.com'),
    );
    const failed = await rowOf('Mail log', 'Check in for your stay at Harbour Loft');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('550 5.1.1 Mailbox unavailable');
    expect(failed).toHaveTextContent('Guest check-in invite');
    expect(await rowOf('Mail log', 'Welcome')).toHaveTextContent('Message id <a1@mail.test>');
    expect(lastQuery('/admin/mails').get('recipient')).toBe('maria.costa@Example.com');

    await choose('State', 'Delivered');
    await waitFor(() =>
      expect(location()).toBe(
        '/admin/jobs?view=mails&recipient=maria.costa%40Example.com&state=delivered',
      ),
    );
    await waitFor(() => expect(lastQuery('/admin/mails').get('state')).toBe('delivered'));
  });

  it('says when a recipient has no mail', async () => {
    await open('/admin/jobs?view=mails&recipient=nobody%40example.com');
    expect(await screen.findByText('No mail to nobody@example.com')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Recipient’s email' })).toHaveValue(
      'nobody@example.com',
    );
  });
});
