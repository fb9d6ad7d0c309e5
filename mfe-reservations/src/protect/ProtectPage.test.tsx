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
  it('shows what each tolerance means and changes it', async () => {
    await renderRemote('/protect');
    expect(screen.getByRole('heading', { level: 1, name: 'Protect' })).toBeInTheDocument();
    const choices = await screen.findByRole('radiogroup', { name: 'Risk tolerance' });
    expect(within(choices).getByRole('radio', { name: 'Balanced' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(choices).getByText('Red 50–100')).toBeInTheDocument();
    await userEvent.click(within(choices).getByRole('radio', { name: 'Strict' }));
    await waitFor(() =>
      expect(within(choices).getByRole('radio', { name: 'Strict' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(
      server.requestsTo('/protect/actions/setRiskTolerance').at(-1)?.searchParams.get('risk'),
    ).toBe('low');
  });
});
