// The connect page with its real saga and the shared client against a stand-in API over HTTP:
// an unknown system, a visitor signing up from a link, credentials refused on their field, the
// import followed to its summary, a failure tried again, and the OAuth round trip.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, LABELS, selectUser } from '@hostdash/shared-auth';
import { DEMO_MANAGER, DEMO_OWNER } from '@hostdash/testing/demoUsers';
import { renderRemote } from '../testing/renderRemote';
import { startOnboardServer, type OnboardServer } from '../testing/onboardServer';
import { browser } from './connectSaga';

let server: OnboardServer;
beforeAll(async () => {
  server = await startOnboardServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
});
afterAll(() => server.close());
beforeEach(() => {
  server.failAt = null;
});

const location = () => screen.getByTestId('location').textContent;
const bodiesTo = (path: string) =>
  server.requestsTo(path).map((request) => JSON.parse(request.body || '{}'));

it('says when it does not connect a system, and lists those it does', async () => {
  await renderRemote('/connect/airbnb');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'We don’t connect this system' }),
  ).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Systems Hostdash connects' });
  await userEvent.click(within(list).getByText('Hostaway'));
  expect(location()).toBe('/connect/hostaway');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Connect Hostaway' }),
  ).toBeInTheDocument();
});

it('fills the sign-up form from a sign-up link, and signs the new host in on the page', async () => {
  const { store } = await renderRemote('/connect/hostaway?token=good-link', { user: null });
  expect(await screen.findByText(/Welcome, Rui Costa/)).toBeInTheDocument();
  expect(screen.getByLabelText(/Your name/)).toHaveValue('Rui Costa');
  // The link makes the account for its own address only: the email is shown, not typed.
  const email = screen.getByLabelText(/^Email/);
  expect(email).toHaveValue('rui@example.com');
  expect(email).toHaveAttribute('readonly');
  await userEvent.type(email, 'x');
  expect(email).toHaveValue('rui@example.com');
  expect(screen.getByText(/From your sign-up link/)).toBeInTheDocument();
  expect(screen.getByLabelText(/Company/)).toHaveValue('Costa Homes');
  await userEvent.type(screen.getByLabelText(/Choose a password/), 'short');
  await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
  expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(/Choose a password/), '-but-longer');
  await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
  expect(await screen.findByRole('form', { name: 'Connect Hostaway' })).toBeInTheDocument();
  expect(selectUser(store.getState())?.email).toBe('rui@example.com');
  expect(bodiesTo('/user/accounts/signup').at(-1)).toMatchObject({
    token: 'good-link',
    email: 'rui@example.com',
    company: 'Costa Homes',
  });
});

it('asks an open sign-up for no password, and says to check the mail, whatever the address', async () => {
  const signUpsBefore = server.requestsTo('/user/accounts/signup').length;
  const { store } = await renderRemote('/connect/hostaway', { user: null });
  const form = await screen.findByRole('form', { name: 'Create your account' });
  expect(
    within(form).getByText(/We will mail you a link to confirm your address/),
  ).toBeInTheDocument();
  expect(within(form).queryByLabelText(/password/i)).not.toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText(/Your name/), 'Nia Host');
  await userEvent.type(within(form).getByLabelText(/^Email/), 'nia@example.com');
  await userEvent.type(within(form).getByLabelText(/Company/), 'Nia Stays');
  await userEvent.click(within(form).getByRole('button', { name: 'Create account' }));

  // The page says only what is true for a new address and for one that has an account alike.
  const sent = await screen.findByRole('status', { name: 'Check your mail' });
  expect(within(sent).getByText('nia@example.com')).toBeInTheDocument();
  expect(sent).toHaveTextContent(LABELS.authAnswer.signup_requested);
  expect(bodiesTo('/user/accounts/requestSignup').at(-1)).toEqual({
    name: 'Nia Host',
    email: 'nia@example.com',
    company: 'Nia Stays',
    pms: 'hostaway',
  });
  expect(server.requestsTo('/user/accounts/signup')).toHaveLength(signUpsBefore);
  expect(selectUser(store.getState())).toBeNull();

  // Back to the form to fix the address or send again, as it was typed.
  await userEvent.click(screen.getByRole('button', { name: 'Change the address or send again' }));
  expect(screen.getByLabelText(/^Email/)).toHaveValue('nia@example.com');
});

it('says a sign-up link expired and leaves the plain sign-up', async () => {
  await renderRemote('/connect/hostaway?token=old-link', { user: null });
  expect(await screen.findByText(/This sign-up link has expired/)).toBeInTheDocument();
  expect(screen.getByLabelText(/Your name/)).toHaveValue('');
});

it('puts a refused key on its field, then follows the import to its summary', async () => {
  // The sign-up test above ends signed in on this page, and its own lookup of the import may or
  // may not have gone out before it ended: count this page's lookups from here.
  const lookupsBefore = server.requestsTo('/channel/hostaway/import').length;
  await renderRemote('/connect/hostaway', { user: DEMO_OWNER });
  const form = await screen.findByRole('form', { name: 'Connect Hostaway' });
  // "No import yet" is a normal answer (200 `{ import: null }`), not a 404 logged as a failure.
  await waitFor(() =>
    expect(server.requestsTo('/channel/hostaway/import')).toHaveLength(lookupsBefore + 1),
  );
  expect(server.requestsTo('/task/status')).toHaveLength(0);
  await userEvent.type(within(form).getByLabelText(/Account ID/), 'abc');
  await userEvent.click(within(form).getByRole('button', { name: 'Connect Hostaway' }));
  expect(within(form).getByText('This is not a Hostaway Account ID.')).toBeInTheDocument();
  expect(server.requestsTo('/channel/hostaway/onboardUser')).toHaveLength(0);

  await userEvent.clear(within(form).getByLabelText(/Account ID/));
  await userEvent.type(within(form).getByLabelText(/Account ID/), '100200');
  await userEvent.type(within(form).getByLabelText(/API key/), 'wrong');
  await userEvent.click(within(form).getByRole('button', { name: 'Connect Hostaway' }));
  expect(
    await within(form).findByText('Hostaway did not accept this API key.'),
  ).toBeInTheDocument();

  await userEvent.clear(within(form).getByLabelText(/API key/));
  await userEvent.type(within(form).getByLabelText(/API key/), 'sandbox');
  await userEvent.click(within(form).getByRole('button', { name: 'Connect Hostaway' }));
  expect(await screen.findByText('84 of 120 listings')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: /Import progress/ })).toHaveAttribute(
    'aria-valuenow',
    '29',
  );
  expect(
    await screen.findByText(/120 listings and 300 reservations came in/, {}, { timeout: 4000 }),
  ).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: /Import progress/ })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  expect(screen.getByRole('link', { name: 'See your listings' })).toHaveAttribute(
    'href',
    '/listings',
  );
  await waitFor(() => expect(server.requestsTo('/user/updateAfterIntegration')).toHaveLength(1));
  expect(
    new URL(server.requestsTo('/user/updateAfterIntegration')[0]!.url, 'http://x').searchParams.get(
      'id',
    ),
  ).toBe('7');
});

it('says what failed, and Try again resumes the import to the end', async () => {
  server.failAt = 1;
  await renderRemote('/connect/hostaway', { user: DEMO_OWNER });
  const form = await screen.findByRole('form', { name: 'Connect Hostaway' });
  await userEvent.click(within(form).getByRole('button', { name: 'Fill them in' }));
  await userEvent.click(within(form).getByRole('button', { name: 'Connect Hostaway' }));
  expect(
    await screen.findByText(/Hostaway did not answer five times in a row/, {}, { timeout: 3000 }),
  ).toBeInTheDocument();
  expect(
    screen.getByRole('heading', { name: 'The import from Hostaway stopped' }),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  // The click resolves before the request reaches the test server on a busy machine.
  await waitFor(() =>
    expect(bodiesTo('/user/updateIntegrations')).toEqual([{ pms: 'hostaway', action: 'sync' }]),
  );
  expect(
    await screen.findByText(/120 listings and 300 reservations came in/, {}, { timeout: 4000 }),
  ).toBeInTheDocument();
});

it('sends an OAuth system to its authorization page, and connects on the way back', async () => {
  const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  try {
    await renderRemote('/connect/cloudbeds', { user: DEMO_OWNER });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect with Cloudbeds' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://api/channel/cloudbeds/sandboxAuthorize?state=s1'),
    );
    expect(screen.getByRole('button', { name: 'Taking you to Cloudbeds…' })).toBeDisabled();
  } finally {
    assign.mockRestore();
  }
});

it('takes the code and state off the address, and says when the state is refused', async () => {
  await renderRemote('/connect/cloudbeds?code=sandbox-123&state=forged', { user: DEMO_OWNER });
  expect(await screen.findByText(/did not start from your session here/)).toBeInTheDocument();
  // The router replaces the address in a transition: it may land after the API's answer.
  await waitFor(() => expect(location()).toBe('/connect/cloudbeds'));
  expect(bodiesTo('/user/updateOauthConnection').at(-1)).toEqual({
    code: 'sandbox-123',
    state: 'forged',
  });
});

it('follows the import after a good OAuth return', async () => {
  await renderRemote('/connect/cloudbeds?code=sandbox-123&state=s1', { user: DEMO_OWNER });
  const summary = await screen.findByText(
    /300 reservations came in from Cloudbeds/,
    {},
    { timeout: 4000 },
  );
  // "Screened" is the risk score (docs/glossary.md), said so: not the guests' verification.
  expect(summary).toHaveTextContent(/reservations were screened for risk/);
});

it('tells a manager that connecting is the owner’s', async () => {
  await renderRemote('/connect/hostaway', { user: DEMO_MANAGER });
  expect(
    await screen.findByText(/Connecting a system is for the account owner/),
  ).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Connect Hostaway' })).not.toBeInTheDocument();
});
