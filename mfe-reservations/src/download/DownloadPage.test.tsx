import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { startReservationsServer, type ReservationsServer } from '../testing/reservationsServer';
import { renderRemote } from '../testing/renderRemote';

let server: ReservationsServer;
const clicked: string[] = [];

beforeEach(async () => {
  server = await startReservationsServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  clicked.length = 0;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(
    this: HTMLAnchorElement,
  ) {
    clicked.push(this.download);
  });
});
afterEach(() => server.close());

describe('DownloadPage', () => {
  it('downloads the report, then returns to the reservation', async () => {
    await renderRemote('/download/screening?reservation=1');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Download the screening report' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/reservation/1'));
    expect(clicked).toEqual(['hostdash-screening-report-1.pdf']);
    expect(
      server.requestsTo('/user/reports/generate/screening/1')[0]?.searchParams.get('download'),
    ).toBe('1');
  });

  it('shows a failed download and clears the error on the next try', async () => {
    server.failNext.set('/user/reports/generate/guest-portal/1', {
      status: 422,
      json: {
        error: 'nothing_to_report',
        message: 'The guest has not started the guest portal yet.',
      },
    });
    const { store } = await renderRemote('/download/guest-portal?reservation=1');
    expect(
      await screen.findByText('The guest has not started the guest portal yet.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/download/guest-portal');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(store.getState().reservations.task.error).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/reservation/1'));
  });
});
