import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Action } from 'redux';
import { runSaga, stdChannel } from 'redux-saga';
import { configureApiClient, isFailedRemoteAction } from '@hostdash/shared-auth';
import { reservationsApi, type ReservationInput } from '../reservations/reservationsApi';
import { reservationsSaga } from '../reservations/reservationsSaga';
import { reservationsActions } from '../reservations/reservationsSlice';
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
  it('keeps what was typed when the host leaves and comes back, until they start again', async () => {
    const { store } = await renderRemote('/create-reservation');
    await userEvent.type(text('Name'), 'Nia Campbell');
    await userEvent.type(text('Email'), 'nia@');
    await userEvent.click(screen.getByRole('link', { name: 'Reservations' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/reservations'));
    expect(store.getState().form['reservation/new']?.values).toMatchObject({
      guest_name: 'Nia Campbell',
      guest_email: 'nia@',
    });

    await userEvent.click(await screen.findByRole('link', { name: 'New reservation' }));
    expect(await screen.findByText(/What you typed earlier is back/)).toBeInTheDocument();
    expect(text('Name')).toHaveValue('Nia Campbell');
    // The field was touched before: its error shows as it did.
    expect(screen.getByText('Enter an email address like guest@example.com.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(text('Name')).toHaveValue('');
    expect(screen.queryByText(/What you typed earlier is back/)).toBeNull();
    expect(store.getState().form['reservation/new']).toBeUndefined();
  });

  it('drops the draft on Cancel', async () => {
    const { store } = await renderRemote('/create-reservation');
    await userEvent.type(text('Name'), 'Nia Campbell');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/reservations'));
    expect(store.getState().form['reservation/new']).toBeUndefined();
  });

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
    expect(screen.getByRole('combobox', { name: 'Home country' })).toHaveValue('United States');

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

  it('says a refusal of the API beside the field it is about, in the form’s words, once', async () => {
    await renderRemote('/create-reservation');
    await userEvent.click(screen.getByRole('combobox', { name: 'Listing' }));
    await userEvent.click(await screen.findByRole('option', { name: /Marina Lofts 1A/ }));
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: '2026-12-13' } });
    await userEvent.type(text('Name'), 'Nia Campbell');
    await userEvent.type(text('Email'), 'nia@example.com');
    await userEvent.type(text('Phone'), '+1 305 555 0199');
    server.failNext.set('/reservation/create', {
      status: 400,
      json: {
        error: 'invalid_request',
        message:
          '"guest_phone" must be a phone number: digits, spaces, +, - and parentheses, with 6 to 20 digits.',
        field: 'guest_phone',
        in: 'body',
        rule: 'pattern',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create reservation' }));

    const sentence =
      'Phone must be a phone number: digits, spaces, +, - and parentheses, with 6 to 20 digits.';
    await waitFor(() => expect(text('Phone')).toHaveAccessibleDescription(sentence));
    expect(text('Phone')).toBeInvalid();
    // Once: not above the form (nor in the snackbar: see the saga's test), never with the API's
    // name for the field.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/guest_phone/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/create-reservation');

    // Changing the field takes the refusal away.
    await userEvent.type(text('Phone'), '9');
    expect(text('Phone')).not.toHaveAccessibleDescription(sentence);
    expect(text('Phone')).toBeValid();
  });

  it('says a refusal that is about no field once, above the form', async () => {
    await renderRemote('/create-reservation');
    await userEvent.click(screen.getByRole('combobox', { name: 'Listing' }));
    await userEvent.click(await screen.findByRole('option', { name: /Marina Lofts 1A/ }));
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: '2026-12-13' } });
    await userEvent.type(text('Name'), 'Nia Campbell');
    await userEvent.type(text('Email'), 'nia@example.com');
    server.failNext.set('/reservation/create', {
      status: 500,
      json: {
        error: 'internal',
        message: 'Something went wrong on our side. Try again in a moment.',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create reservation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Try again in a moment.',
    );
  });

  it('keeps a refused save out of the shell’s snackbar: the form says it', async () => {
    const refusal = { error: 'invalid_request', message: 'No.', field: 'guest_phone', in: 'body' };
    const create = jest.spyOn(reservationsApi, 'create').mockRejectedValueOnce(refusal);
    // The saga run whole; what it puts is what the shell's saga would see.
    const channel = stdChannel<Action>();
    const dispatched: Action[] = [];
    const task = runSaga(
      {
        channel,
        dispatch: (action: Action) => {
          dispatched.push(action);
          channel.put(action);
        },
        getState: () => ({}),
      },
      reservationsSaga,
    );
    channel.put(
      reservationsActions.saveReservation.requested({
        id: null,
        version: null,
        input: {} as ReservationInput,
      }),
    );
    await waitFor(() => expect(dispatched.some(isFailedRemoteAction)).toBe(true));
    task.cancel();
    create.mockRestore();
    expect(dispatched.find(isFailedRemoteAction)).toMatchObject({
      payload: refusal,
      meta: { silent: true },
    });
  });
});
