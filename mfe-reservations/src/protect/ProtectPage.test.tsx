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

describe('ProtectPage', () => {
  it('asks first, saying how many stays change colour, then changes the tolerance', async () => {
    const { store } = await renderRemote('/protect');
    expect(screen.getByRole('heading', { level: 1, name: 'Protect' })).toBeInTheDocument();
    const choices = await screen.findByRole('radiogroup', { name: 'Risk tolerance' });
    // hidden: while the dialog is open the page behind it is hidden from assistive technology.
    const strict = () => within(choices).getByRole('radio', { name: 'Strict', hidden: true });
    expect(within(choices).getByRole('radio', { name: 'Balanced' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(choices).getByText('Red 50–100')).toBeInTheDocument();
    await userEvent.click(strict());

    const dialog = await screen.findByRole('dialog', {
      name: 'Change the risk tolerance to Strict?',
    });
    expect(await within(dialog).findByText('32 more stays will need attention.')).toBeVisible();
    expect(server.requestsTo('/protect/tolerancePreview').at(-1)?.searchParams.get('risk')).toBe(
      'low',
    );
    // Nothing changed by asking.
    expect(server.requestsTo('/protect/actions/setRiskTolerance')).toHaveLength(0);
    expect(strict()).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Change to Strict' }));
    await waitFor(() => expect(strict()).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      server.requestsTo('/protect/actions/setRiskTolerance').at(-1)?.searchParams.get('risk'),
    ).toBe('low');
    expect(store.getState().snackbar).toMatchObject({
      open: true,
      text: 'Risk tolerance is now Strict: the colours have changed.',
    });
  }, 15_000);

  it('changes nothing when the owner cancels', async () => {
    await renderRemote('/protect');
    const choices = await screen.findByRole('radiogroup', { name: 'Risk tolerance' });
    await userEvent.click(within(choices).getByRole('radio', { name: 'Lenient' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('12 fewer stays will need attention.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requestsTo('/protect/actions/setRiskTolerance')).toHaveLength(0);
  });
});
