import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_CONSOLE_PREFIX, selectSnackbar } from '@hostdash/shared-auth';
import { STAFF } from '../testing/staff';
import { startConsoleServer, VERSIONS, type ConsoleServer } from '../testing/consoleServer';
import { renderRemote } from '../testing/renderRemote';
import { consoleClient } from './remotesApi';
import { checkCanaryForm } from './remoteWords';

const ADMIN = STAFF;

const { older, live, aborted, unreleased, reservations, reservationsCanary, billing } = VERSIONS;
let server: ConsoleServer;

async function open() {
  server = await startConsoleServer();
  consoleClient.configure({
    baseURL: `${server.url}${DELIVERY_CONSOLE_PREFIX}`,
    logError: () => undefined,
  });
  const view = await renderRemote('/admin/remotes', { user: ADMIN });
  await screen.findByRole('article', { name: 'listings' });
  return view;
}

afterEach(() => server.close());

/** A remote's card (also behind an open dialog, which hides the page from the accessibility tree). */
const card = (name: string) => screen.getByRole('article', { name, hidden: true });
const dialog = () => screen.getByRole('dialog');
const loads = () => server.requestsTo(`${DELIVERY_CONSOLE_PREFIX}/remotes`).length;

describe('RemotesPage', () => {
  it('shows each remote: live, canary, history newest first, and a failing check in words', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery' })).toBeInTheDocument();
    expect(screen.getByText(/^Checked at /)).toBeInTheDocument();

    const listingsLive = within(card('listings')).getByRole('region', { name: 'Live' });
    expect(listingsLive).toHaveTextContent(live);
    expect(listingsLive).toHaveTextContent(/Live since Nov 20, 2026, .*, by admin@hostdash\.test/);
    expect(listingsLive).toHaveTextContent(`Commit c0ffee${live.slice(-8, -2)}`);
    expect(within(card('listings')).getByText('Healthy')).toBeInTheDocument();
    expect(within(card('listings')).queryByRole('region', { name: 'Canary' })).toBeNull();

    const canary = within(card('reservations')).getByRole('region', { name: 'Canary' });
    expect(canary).toHaveTextContent(reservationsCanary);
    expect(canary).toHaveTextContent('For 25% of sign-ins and 2 named users');
    expect(canary).toHaveTextContent('Named users (ids): 4, 7');
    expect(canary).toHaveTextContent(
      'Rolling out by linear10-every-5m: step 3 of 9; the next step from Nov 22, 2026',
    );
    expect(canary).toHaveTextContent(
      'Health check: Healthy — error rate 0.3 % vs 0.4 %, 120 sessions',
    );
    expect(within(card('reservations')).getByRole('region', { name: 'Live' })).toHaveTextContent(
      reservations,
    );

    const failing = card('billing');
    expect(within(failing).getByText('Failing its health check')).toBeInTheDocument();
    expect(within(failing).getByRole('alert')).toHaveTextContent(
      `billing ${billing}: manifest does not answer (the manifest answered 404)`,
    );
    expect(within(failing).getByRole('region', { name: 'Live' })).toHaveTextContent(
      'Failing: its manifest does not answer (the manifest answered 404)',
    );

    // A version published but never deployed: preview it (a preview link, which the frame asks
    // about) or start its canary.
    const unreleasedSection = within(card('listings')).getByRole('region', {
      name: 'Published versions of listings not deployed',
    });
    expect(unreleasedSection).toHaveTextContent(unreleased);
    expect(
      within(unreleasedSection).getByRole('link', { name: `Preview listings ${unreleased}` }),
    ).toHaveAttribute('href', `?preview=${encodeURIComponent(`listings@${unreleased}`)}`);
    expect(
      within(unreleasedSection).getByRole('button', {
        name: `Start canary of listings ${unreleased}`,
      }),
    ).toBeInTheDocument();
    // A running canary's candidate can be previewed too.
    expect(
      within(card('reservations')).getByRole('link', {
        name: `Preview reservations ${reservationsCanary}`,
      }),
    ).toBeInTheDocument();

    // The history is folded away until asked for, then newest first with who and which commit.
    expect(within(card('listings')).queryByRole('table')).toBeNull();
    await userEvent.click(
      within(card('listings')).getByRole('button', { name: 'Show history (5)' }),
    );
    const rows = within(
      within(card('listings')).getByRole('table', { name: 'History of listings' }),
    ).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      // A preview is no version to go back to: no buttons in its row.
      expect.stringMatching(
        new RegExp(
          `^${escape(unreleased)}PreviewedIn admin@hostdash\\.test's browser only, for 2 hours or until stopped.*admin@hostdash\\.testc0ffee9a9b9c$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^${escape(aborted)}Canary aborted.*dana`)),
      expect.stringMatching(new RegExp(`^${escape(aborted)}Canary started.*dana`)),
      expect.stringMatching(
        new RegExp(`^${escape(live)}Deployed \\(was ${escape(older)}\\).*admin@hostdash\\.test`),
      ),
      expect.stringMatching(new RegExp(`^${escape(older)}Deployed.*Nov\\s18,\\s2026.*dana`)),
    ]);
  });

  it('rolls back after asking, naming both versions, then says so and reads the registry again', async () => {
    const { store } = await open();
    await userEvent.click(
      within(card('listings')).getByRole('button', { name: `Roll back to ${older}` }),
    );
    expect(
      within(dialog()).getByRole('heading', {
        name: `Roll back listings from ${live} to ${older}?`,
      }),
    ).toBeInTheDocument();
    expect(dialog()).toHaveTextContent(
      /Open dashboards hear of it on their next navigation .* they offer a Reload, keeping/,
    );
    expect(server.changes()).toEqual([]);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.changes()).toEqual([
      { name: 'listings', action: 'rollback', body: { version: older, from: live } },
    ]);
    expect(selectSnackbar(store.getState()).text).toBe(
      `Listings is back on ${older} (was ${live}). Open dashboards hear of it on their next navigation.`,
    );
    await waitFor(() =>
      expect(within(card('listings')).getByRole('region', { name: 'Live' })).toHaveTextContent(
        older,
      ),
    );
    expect(loads()).toBe(2);
  });

  it('says in the dialog that someone else changed the remote, and shows what is live now', async () => {
    await open();
    await userEvent.click(within(card('listings')).getByRole('button', { name: /Show history/ }));
    await userEvent.click(
      within(card('listings')).getByRole('button', { name: `Roll back listings to ${aborted}` }),
    );
    expect(
      within(dialog()).getByRole('heading', {
        name: `Roll back listings from ${live} to ${aborted}?`,
      }),
    ).toBeInTheDocument();
    // Meanwhile someone rolls listings back from a terminal.
    server.remotes[0]!.live.version = older;

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Roll back' }));
    expect(
      await within(dialog()).findByText(/Someone else changed listings since this page read it/),
    ).toHaveTextContent(`listings is now live on ${older}, not ${live}`);
    expect(within(dialog()).getByRole('button', { name: 'Roll back' })).toBeDisabled();
    await waitFor(() =>
      expect(
        within(card('listings')).getByRole('region', { name: 'Live', hidden: true }),
      ).toHaveTextContent(older),
    );
    expect(loads()).toBe(2);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.changes()).toHaveLength(1);
  });

  it('aborts a canary after asking, and keeps any other refusal in the dialog to try again', async () => {
    await open();
    const reservationsCard = card('reservations');
    // While a canary runs there is nothing to roll back to until it is promoted or aborted.
    expect(within(reservationsCard).queryByRole('button', { name: /Roll back/ })).toBeNull();
    expect(within(reservationsCard).getByRole('button', { name: 'Promote' })).toBeInTheDocument();

    await userEvent.click(within(reservationsCard).getByRole('button', { name: 'Abort canary' }));
    expect(
      within(dialog()).getByRole('heading', {
        name: `Abort the canary of reservations ${reservationsCanary}?`,
      }),
    ).toBeInTheDocument();
    expect(dialog()).toHaveTextContent(
      `The canary's 25% of sign-ins and 2 named users go back to ${reservations}.`,
    );
    server.failNextChange = {
      status: 503,
      json: { error: 'registry_busy', message: 'Another change is being made: try again.' },
    };
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Abort canary' }));
    expect(
      await within(dialog()).findByText('Another change is being made: try again.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Abort canary' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.changes().at(-1)).toEqual({
      name: 'reservations',
      action: 'abort',
      body: { version: reservationsCanary, from: reservations },
    });
    await waitFor(() =>
      expect(within(card('reservations')).queryByRole('region', { name: 'Canary' })).toBeNull(),
    );
  });

  it('promotes a candidate the health check judged unhealthy only when the admin says anyway', async () => {
    await open();
    const candidate = server.remotes.find((remote) => remote.name === 'reservations')?.canary;
    if (!candidate?.health) throw new Error('the reservations canary has a verdict');
    candidate.health = {
      ...candidate.health,
      verdict: 'unhealthy',
      reason: 'INP p75 420 ms vs 120 ms, 64 sessions',
    };
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const canary = within(card('reservations')).getByRole('region', { name: 'Canary' });
    await waitFor(() =>
      expect(canary).toHaveTextContent(
        'Health check: Unhealthy — INP p75 420 ms vs 120 ms, 64 sessions',
      ),
    );
    await userEvent.click(within(card('reservations')).getByRole('button', { name: 'Promote' }));
    expect(
      within(dialog()).getByRole('heading', {
        name: `Promote reservations ${reservationsCanary} although the health check judged it unhealthy?`,
      }),
    ).toBeInTheDocument();
    expect(dialog()).toHaveTextContent(
      'The health check found INP p75 420 ms vs 120 ms, 64 sessions.',
    );
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Promote anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.changes().at(-1)).toEqual({
      name: 'reservations',
      action: 'promote',
      body: { version: reservationsCanary, from: reservations, force: true },
    });
  });

  it('checks the canary form as it is typed in, and sends the share and users it shows', async () => {
    await open();
    await userEvent.click(within(card('listings')).getByRole('button', { name: /Show history/ }));
    await userEvent.click(
      within(card('listings')).getByRole('button', {
        name: `Start canary of listings ${older}`,
      }),
    );
    expect(
      within(dialog()).getByRole('heading', { name: `Start a canary of listings ${older}?` }),
    ).toBeInTheDocument();
    const share = within(dialog()).getByRole('textbox', { name: 'Share of sign-ins (%)' });
    const users = within(dialog()).getByRole('textbox', { name: 'Named users' });
    const start = within(dialog()).getByRole('button', { name: 'Start canary' });

    await userEvent.clear(share);
    await userEvent.type(share, '150');
    expect(within(dialog()).getByText('A whole percentage from 0 to 100.')).toBeInTheDocument();
    expect(start).toBeDisabled();

    await userEvent.clear(share);
    await userEvent.type(share, '0');
    expect(
      within(dialog()).getByText('Give a share above 0%, or name at least one user.'),
    ).toBeInTheDocument();
    await userEvent.type(users, 'owner@hostdash.test');
    expect(
      within(dialog()).getByText(/"owner@hostdash.test" is not a user id/),
    ).toBeInTheDocument();
    expect(start).toBeDisabled();

    await userEvent.clear(users);
    await userEvent.type(users, '4, 7');
    await userEvent.clear(share);
    await userEvent.type(share, '5');
    expect(dialog()).toHaveTextContent(
      `5% of sign-ins and 2 named users get ${older}; everyone else stays on ${live}.`,
    );
    expect(server.changes()).toEqual([]);
    await userEvent.click(start);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.changes()).toEqual([
      {
        name: 'listings',
        action: 'canary',
        body: { version: older, from: live, percent: 5, users: ['4', '7'] },
      },
    ]);
    await waitFor(() =>
      expect(within(card('listings')).getByRole('region', { name: 'Canary' })).toHaveTextContent(
        older,
      ),
    );
  });
});

describe('checkCanaryForm', () => {
  it('takes a share or named ids, and nothing else', () => {
    expect(checkCanaryForm({ percent: '25', users: '' })).toEqual({
      percent: 25,
      users: [],
      errors: {},
    });
    expect(checkCanaryForm({ percent: '', users: '4,4 7' })).toEqual({
      percent: 0,
      users: ['4', '7'],
      errors: {},
    });
    expect(checkCanaryForm({ percent: '2.5', users: '' }).errors.percent).toBe(
      'A whole percentage from 0 to 100.',
    );
    expect(checkCanaryForm({ percent: '-1', users: '' }).errors.percent).toBeDefined();
  });
});

/** A version as a regular expression's literal text. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
