import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { startReservationsServer, type ReservationsServer } from '../testing/reservationsServer';
import { renderRemote } from '../testing/renderRemote';

let server: ReservationsServer;
beforeEach(async () => {
  server = await startReservationsServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
});
afterEach(() => server.close());

async function open() {
  const view = await renderRemote('/reservation/1');
  await screen.findByRole('heading', { level: 1, name: 'Lukas Brandt' });
  return view;
}

describe('ReservationDetailPage', () => {
  it('shows the stay and the screening with every factor and its points', async () => {
    await open();
    const factors = screen.getByRole('table', { name: 'Risk factors' });
    expect(within(factors).getByText('Party words in the message')).toBeInTheDocument();
    expect(within(factors).getByText('“birthday party”')).toBeInTheDocument();
    expect(within(factors).getByText('+20')).toBeInTheDocument();
    // The total closes the list, on a phone as on a desk.
    expect(within(screen.getByText('Score').parentElement!).getByText('70')).toBeInTheDocument();
    expect(screen.getByText('Coming for a birthday party!')).toBeInTheDocument();
    // Where the guest lives, with the country by name, not its code (US).
    expect(screen.getByText('Lives in').nextElementSibling).toHaveTextContent(
      /^Miami Beach, United States$/,
    );
  });

  it('changes the verification of the open reservation and shows the log entry', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Change verification' }));
    const dialog = screen.getByRole('dialog');
    // Pasted, not typed: each keystroke re-renders the page, which a busy CI machine feels.
    await userEvent.click(
      within(dialog).getByRole('textbox', { name: 'Note for the protect log' }),
    );
    await userEvent.paste('Called the guest.');
    // It opens on the current status with nothing ticked: the host chooses and vouches.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Verification status' }));
    await userEvent.click(screen.getByRole('option', { name: /^Verified/ }));
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: "I reviewed this guest's documents myself" }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const log = await screen.findByRole('table', { name: 'Protect log' });
    // The log reloads after the change: wait for the new entry, not just the table.
    expect(await within(log).findByText('Verification changed')).toBeInTheDocument();
    expect(within(log).getByText('In review → Verified')).toBeInTheDocument();
    expect(within(log).getByText('Called the guest.')).toBeInTheDocument();
  }, 15_000); // several dialog steps: slow on a busy machine

  it('rotates an image, shows the new one and says so', async () => {
    const { store } = await open();
    const before = screen
      .getByRole('img', { name: 'ID front of Lukas Brandt' })
      .getAttribute('src');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate ID front' }));
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'ID front of Lukas Brandt' }).getAttribute('src'),
      ).not.toBe(before),
    );
    expect(server.requestsTo('/reservation/rotateImage/1').at(-1)?.searchParams.get('image')).toBe(
      'id_front',
    );
    expect(store.getState().snackbar).toMatchObject({ open: true, text: 'ID front rotated.' });
  });

  it('generates a report, says so, and keeps a failure on the card until the next try', async () => {
    const { store } = await open();
    server.failNext.set('/user/reports/generate/guest-portal/1', {
      status: 422,
      json: {
        error: 'nothing_to_report',
        message: 'The guest has not started the guest portal yet.',
      },
    });
    const generate = () => screen.getAllByRole('button', { name: 'Generate' })[0]!;
    await userEvent.click(generate());
    expect(
      await screen.findByText('The guest has not started the guest portal yet.'),
    ).toBeInTheDocument();
    expect(store.getState().reservations.task.error?.error).toBe('nothing_to_report');
    // Shown once, on the card: the snackbar does not repeat it.
    expect(store.getState().snackbar.open).toBe(false);
    await userEvent.click(generate());
    await waitFor(() =>
      expect(
        screen.queryByText('The guest has not started the guest portal yet.'),
      ).not.toBeInTheDocument(),
    );
    expect(store.getState().reservations.task.result).toMatchObject({
      type: 'guest-portal',
      status: 'done',
    });
    expect(store.getState().snackbar).toMatchObject({
      open: true,
      text: 'Guest portal report generated.',
    });
  });

  it('tells a stored failure in a sentence of its own, never the text the server kept', async () => {
    const internal = "TypeError: Cannot read properties of undefined (reading 'bytes')";
    server.reservations[0]!.reports = [
      {
        type: 'guest-portal',
        format: 'pdf',
        status: 'failed',
        generated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        error: internal,
      },
    ];
    await open();
    expect(
      screen.getByText("The last try (5 minutes ago) didn't produce a report. Generate it again."),
    ).toBeInTheDocument();
    expect(screen.queryByText(new RegExp('TypeError'))).not.toBeInTheDocument();
  });

  it('says so when the reservation does not exist', async () => {
    await renderRemote('/reservation/404');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reservation not found' }),
    ).toBeInTheDocument();
  });
});
