import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectSnackbar, selectUser, type User } from '@hostdash/shared-auth';
import { DEMO_OWNER, demoUser } from '@hostdash/testing/demoUsers';
import {
  CHARGE_DECLINED_MESSAGE,
  failedOverview,
  makeOverview,
  startBillingServer,
  VISA_4242,
  type BillingServer,
} from '../testing/billingServer';
import { renderRemote } from '../testing/renderRemote';

let server: BillingServer;

const NEW_HOST: User = demoUser({
  billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
});

async function start(overview = makeOverview()) {
  server = await startBillingServer(overview);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
}

afterEach(() => server.close());

/** The user and the page are loaded again after a save; a test ends once they are back. */
async function settled(store: Awaited<ReturnType<typeof renderRemote>>['store']) {
  await waitFor(() => {
    const state = store.getState();
    expect(state.auth.status.loadAuth.loading || state.billing.load.loading).toBe(false);
  });
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });

async function enterCard(number: string) {
  await userEvent.clear(box(/Card number/));
  await userEvent.type(box(/Card number/), number);
  await userEvent.clear(box(/Expiry/));
  await userEvent.type(box(/Expiry/), '04 / 30');
  await userEvent.clear(box(/Security code/));
  await userEvent.type(box(/Security code/), '123');
  await userEvent.clear(box(/Name on the card/));
  await userEvent.type(box(/Name on the card/), 'Sam Okafor');
}

describe('BillingPage', () => {
  it('shows the card on file, the upcoming invoice line by line and past invoices', async () => {
    await start();
    await renderRemote('/billing', { user: DEMO_OWNER });
    expect(await screen.findByText('Visa ending 4242')).toBeInTheDocument();
    expect(screen.getByText(/Expires 12 \/ 2030 · Olivia Hart/)).toBeInTheDocument();

    const upcoming = screen.getByRole('table', { name: 'Upcoming invoice' });
    const rows = within(upcoming).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Active listings \(per listing, per month\)12 × €5\.00€60\.00$/),
      expect.stringMatching(
        /^Screened reservations \(per stay, by check-in date\)40 × €1\.20€48\.00$/,
      ),
      expect.stringMatching(/^VAT 23 %€24\.84$/),
      expect.stringMatching(/^Total€132\.84$/),
    ]);
    expect(screen.getByText(/November 2026 so far · charged on Dec 1, 2026/)).toBeInTheDocument();

    const past = screen.getByRole('table', { name: 'Past invoices' });
    expect(within(past).getByText('October 2026')).toBeInTheDocument();
    expect(within(past).getByText('€129.15')).toBeInTheDocument();
    expect(within(past).getByText('Paid')).toBeInTheDocument();
    expect(within(past).getByRole('link', { name: /^Download PDF: invoice for / })).toHaveAttribute(
      'href',
      '/api/user/billing/invoice/3/pdf',
    );
  });

  it('says a host without a card adds one to start screening, and shows the test mode', async () => {
    await start(makeOverview({ customer_id: null, card: null, invoices: [] }));
    await renderRemote('/billing', { user: NEW_HOST });
    expect(await screen.findByText(/Add a card to start screening/)).toBeInTheDocument();
    expect(screen.getByText(/Test mode: use Stripe's test cards/)).toBeInTheDocument();
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
  });

  it('shows a declined card beside the form, keeps what was typed, and saves nothing', async () => {
    await start(makeOverview({ customer_id: null, card: null, invoices: [] }));
    const { store } = await renderRemote('/billing', { user: NEW_HOST });
    await screen.findByText(/Add a card to start screening/);
    await enterCard('4000000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));

    const form = screen.getByRole('form', { name: 'Card details' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Your card was declined. Try another card, or ask your bank why.',
    );
    expect(box(/Card number/)).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByTestId('location')).toHaveTextContent('/billing');
    expect(server.overview.card).toBeNull();
    // Said once, beside the form: not again in the snackbar.
    expect(selectSnackbar(store.getState()).open).toBe(false);
    // The card went to the tokeniser; billing only ever received the token.
    const [create] = server.requestsTo(`/user/billing/create/${DEMO_OWNER.id}`);
    expect(JSON.parse(create!.body)).toEqual({ payment_method: expect.stringMatching(/^pm_/) });
  });

  it("takes a host to the dashboard once their first card is saved and the shell's user says so", async () => {
    await start(makeOverview({ customer_id: null, card: null, invoices: [] }));
    // The user is read again after the save; until it says there is a card, rule 6 would send
    // the host straight back to /billing, so the page waits for it.
    server.loadAuthDelayMs = 300;
    const { store } = await renderRemote('/billing', { user: NEW_HOST });
    await screen.findByText(/Add a card to start screening/);
    await enterCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));

    await waitFor(() => expect(server.requestsTo('/loadAuth')).toHaveLength(1));
    expect(selectUser(store.getState())?.billing?.stripe_customer_id ?? null).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/billing$/);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(selectUser(store.getState())?.billing?.stripe_customer_id).toBe('cus_test_new');
    expect(selectSnackbar(store.getState()).text).toBe(
      'Card saved: Visa ending 4242. Nothing is charged until the month ends.',
    );
    await settled(store);
  });

  it('keeps the form filled and says nothing was charged when the provider is away', async () => {
    await start();
    await renderRemote('/billing', { user: DEMO_OWNER });
    await userEvent.click(await screen.findByRole('button', { name: 'Replace card' }));
    server.failSaves = {
      status: 503,
      json: {
        error: 'provider_unavailable',
        message: "We couldn't reach the payment provider. Nothing was charged.",
      },
    };
    await enterCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Replace card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't reach the payment provider. Nothing was charged.",
    );
    expect(box(/Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(box(/Name on the card/)).toHaveValue('Sam Okafor');
    expect(server.overview.card).toEqual(VISA_4242);
  });

  it('sends one save for a second click while saving', async () => {
    await start();
    const { store } = await renderRemote('/billing', { user: DEMO_OWNER });
    await userEvent.click(await screen.findByRole('button', { name: 'Replace card' }));
    server.saveDelayMs = 300;
    await enterCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Replace card' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Saving…' }), {
      pointerEventsCheck: 0,
    });
    await userEvent.type(box(/Name on the card/), '{Enter}');
    expect(await screen.findByText('Visa ending 4242')).toBeInTheDocument();
    expect(server.requestsTo(`/user/billing/updateCard/${DEMO_OWNER.id}`)).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/billing');
    await settled(store);
  });

  it('charges the failed month to a new card, says so, and has the shell read the user again', async () => {
    await start(failedOverview());
    const { store } = await renderRemote('/billing', {
      user: demoUser({
        billing: {
          stripe_customer_id: 'cus_demo_olivia',
          past_due_since: null,
          failed_payment: {
            period: '2026-10',
            message: CHARGE_DECLINED_MESSAGE,
            next_try_at: '2026-12-03T02:00:00Z',
          },
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Replace card' }));
    await enterCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Replace card' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState()).text).toBe(
        'Card saved: Visa ending 4242. The unpaid invoice is charged to it now.',
      ),
    );
    // The shell's user no longer has a failed payment: its banner goes.
    expect(server.requestsTo('/loadAuth')).toHaveLength(1);
    await waitFor(() => expect(selectUser(store.getState())?.billing.failed_payment).toBeNull());
    const past = screen.getByRole('table', { name: 'Past invoices' });
    expect(within(past).getByRole('row', { name: /October\s2026/ })).toHaveTextContent('Paid');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: 'What past due means' })).toBeNull();
    await settled(store);
  });

  it('says so when the new card could not pay the failed month either', async () => {
    await start(failedOverview());
    const { store } = await renderRemote('/billing', { user: DEMO_OWNER });
    await userEvent.click(await screen.findByRole('button', { name: 'Replace card' }));
    await enterCard('4000000000000341');
    await userEvent.click(screen.getByRole('button', { name: 'Replace card' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState())).toMatchObject({
        text: 'Card saved: Visa ending 0341. The unpaid invoice could not be charged to it: see the warning above.',
        props: { severity: 'warning' },
      }),
    );
    expect(selectUser(store.getState())?.billing.failed_payment?.period).toBe('2026-10');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Last payment failed/);
    await settled(store);
  });

  it('shows a failed invoice with its next try, and what past due would change', async () => {
    await start(failedOverview());
    await renderRemote('/billing', { user: DEMO_OWNER });
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(/^Last payment failedThe payment for October 2026 failed\./);
    const past = screen.getByRole('table', { name: 'Past invoices' });
    expect(within(past).getByRole('row', { name: /October\s2026/ })).toHaveTextContent(
      /Payment failednext try Dec 3, 2026/,
    );
    const note = screen.getByRole('region', { name: 'What past due means' });
    expect(note).toHaveTextContent(/If the last try fails too, your account is past due\./);
    expect(note).toHaveTextContent(/Nothing is switched off/);
  });

  it('says a past-due account is past due, since when, and that nothing is switched off', async () => {
    await start(failedOverview({ pastDue: true }));
    await renderRemote('/billing', {
      user: demoUser({
        billing: {
          stripe_customer_id: 'cus_demo_olivia',
          past_due_since: '2026-11-08T02:00:00Z',
          failed_payment: {
            period: '2026-10',
            message: CHARGE_DECLINED_MESSAGE,
            next_try_at: null,
          },
        },
      }),
    });
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(/^Past dueYour account is past due/);
    const past = screen.getByRole('table', { name: 'Past invoices' });
    expect(within(past).getByRole('row', { name: /October\s2026/ })).toHaveTextContent(
      /Payment failedno try left/,
    );
    const note = screen.getByRole('region', { name: 'What past due means' });
    expect(note).toHaveTextContent('Your account is past due since Nov 8, 2026.');
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Nothing is switched off while a payment is due: screening, syncs and guest mails keep running.',
      'A banner on every page of the dashboard says so until the unpaid months are paid.',
      'Replace your card and we charge the unpaid months to it at once.',
    ]);
  });

  it('shows a banner while the card is expiring or the last charge failed', async () => {
    await start(
      makeOverview({
        warnings: [
          { code: 'card_expiring', message: 'Your card expires at the end of November.' },
          { code: 'last_charge_failed', message: 'The charge for October failed.' },
        ],
      }),
    );
    await renderRemote('/billing', { user: DEMO_OWNER });
    expect(
      await screen.findByText('Your card expires at the end of November.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The charge for October failed.')).toBeInTheDocument();
  });

  it('says once when the page cannot load, and loads again on Retry', async () => {
    await start();
    server.failLoads.push({
      status: 500,
      json: {
        error: 'internal',
        message: 'Something went wrong on our side. Try again in a moment.',
      },
    });
    await renderRemote('/billing', { user: DEMO_OWNER });
    expect(await screen.findByText(/Something went wrong on our side/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Visa ending 4242')).toBeInTheDocument();
  });
});
