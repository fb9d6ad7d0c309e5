// The steps after the welcome come as a chunk of their own (loadSteps.ts): fetched while the guest
// reads the welcome, without a click; when that fetch fails (a phone offline), the welcome stays
// as it is, and the step the guest opens says so and offers to try again, which brings it.
import { createTheme } from '@mui/material';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hostdashThemeOptions } from '@hostdash/shared-auth';
import { GuestPortalRoot } from './portal';
import { GUEST_TOKEN, startGuestServer, type GuestServer } from './testing/guestServer';

// The chunk's fetch, as the browser would make it: each import of ./steps asks the network again
// until one arrives (jest keeps a module once its factory has returned).
const mockNetwork = { offline: true, fetches: 0 };
jest.mock('./steps', () => {
  mockNetwork.fetches += 1;
  if (mockNetwork.offline) throw new Error('Loading chunk guest-steps failed (offline)');
  return jest.requireActual('./steps');
});

let server: GuestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

it('fetches the steps during the welcome, and offers Try again when they cannot come', async () => {
  const user = userEvent.setup();
  server = await startGuestServer();
  render(
    <GuestPortalRoot
      token={GUEST_TOKEN}
      apiBase={server.url}
      theme={createTheme(hostdashThemeOptions)}
    />,
  );
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana!' });
  // Asked for while the guest reads (a second after the welcome), without a click; its failure
  // changes nothing on screen.
  expect(mockNetwork.fetches).toBe(0);
  await waitFor(() => expect(mockNetwork.fetches).toBe(1), { timeout: 5000 });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Start' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/can't reach the check-in server/);
  expect(mockNetwork.fetches).toBe(2);
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();

  mockNetwork.offline = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 1, name: 'How can we reach you?' });
  expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
