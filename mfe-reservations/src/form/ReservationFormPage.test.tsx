import { fireEvent, screen, waitFor } from '@testing-library/react';
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

const text = (name: string) => screen.getByRole('textbox', { name });

describe('ReservationFormPage', () => {
  it('explains what is missing and sends nothing', async () => {
    await renderRemote('/create-reservation');
    await userEvent.click(screen.getByRole('button', { name: 'Create reservation' }));
    expect(screen.getByText('Choose the listing.')).toBeInTheDocument();
    expect(screen.getByText("The guest's name is required.")).toBeInTheDocument();
    expect(server.requestsTo('/reservation/create')).toHaveLength(0);
  });

  it('normalises the home address, creates the reservation and opens it', async () => {
    await renderRemote('/create-reservation');
    await userEvent.click(screen.getByRole('combobox', { name: 'Listing' }));
    await userEvent.click(await screen.findByRole('option', { name: /Marina Lofts 1A/ }));
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: '2026-12-13' } });
    expect(screen.getByText('3 nights')).toBeInTheDocument();
    await userEvent.type(text('Name'), 'Nia Campbell');
    await userEvent.type(text('Email'), 'nia@example.com');
    await userEvent.click(text("Guest's home address"));
    await userEvent.paste('12 ocean drive apt 4b, miami beach fl 33139, us');
    await userEvent.tab();
    expect(
      await screen.findByText('12 Ocean Drive, Apt 4B, Miami Beach, FL 33139, US'),
    ).toBeInTheDocument();
    expect(text('Home city')).toHaveValue('Miami Beach');
    expect(text('Home country')).toHaveValue('US');

    await userEvent.click(screen.getByRole('button', { name: 'Create reservation' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/reservation/99'),
    );
    const body = JSON.parse(
      server.requests.find((request) => request.url === '/reservation/create')?.body ?? '{}',
    );
    expect(body).toMatchObject({
      listing_id: '5',
      guest_name: 'Nia Campbell',
      check_in_date: '2026-12-10',
      check_out_date: '2026-12-13',
      guest_city: 'Miami Beach',
      guest_country: 'US',
      guests: 2,
    });
  });
});
