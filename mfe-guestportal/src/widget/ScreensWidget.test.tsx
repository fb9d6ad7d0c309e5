import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider, createTheme } from '@mui/material';
import { configureApiClient, hostdashThemeOptions } from '@hostdash/shared-auth';
import {
  LISTING_ID,
  RESERVATION_ID,
  startGuestportalServer,
  type GuestportalServer,
  type GuestportalServerState,
} from '../testing/guestportalServer';
import type { ScreensTarget } from '../guestportalApi';
import { ScreensWidget } from './ScreensWidget';

let server: GuestportalServer;

async function open(target: ScreensTarget, initial: Partial<GuestportalServerState> = {}) {
  server = await startGuestportalServer(initial);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const onOpen = jest.fn();
  render(
    <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
      <ScreensWidget target={target} onOpenAccountScreens={onOpen} />
    </ThemeProvider>,
  );
  await screen.findByText(/screens on for/);
  return { user: userEvent.setup(), onOpen };
}

afterEach(() => server.close());

const source = (name: string) => screen.getByTestId(`screen-source-${name}`);

describe('the screens widget', () => {
  it('shows where each screen of a listing comes from, and switches it for the listing only', async () => {
    const { user } = await open({ kind: 'listing', id: LISTING_ID });
    expect(source('selfie')).toHaveTextContent('On — account default');
    expect(source('address')).toHaveTextContent('Off — account default');

    await user.click(screen.getByRole('switch', { name: 'Selfie for this listing' }));
    await waitFor(() => expect(source('selfie')).toHaveTextContent('Off — from this listing'));
    expect(
      server.requestsTo(`/guestportal/controlScreen/listing/${LISTING_ID}/selfie`)[0]!.url,
    ).toContain('state=off');

    // Back to the level above: the account's setting decides again.
    await user.click(
      screen.getByRole('button', { name: 'Selfie: use the account’s setting (on)' }),
    );
    await waitFor(() => expect(source('selfie')).toHaveTextContent('On — account default'));
    expect(
      server.requestsTo(`/guestportal/controlScreen/listing/${LISTING_ID}/selfie`)[1]!.url,
    ).toContain('state=inherit');
  });

  it('on a reservation, the reservation wins over its listing', async () => {
    const { user } = await open(
      { kind: 'reservation', id: RESERVATION_ID },
      { own: { listing: { selfie: 'off' }, reservation: {} } },
    );
    expect(source('selfie')).toHaveTextContent('Off — from this listing');
    await user.click(screen.getByRole('switch', { name: 'Selfie for this reservation' }));
    await waitFor(() => expect(source('selfie')).toHaveTextContent('On — from this reservation'));
    expect(
      screen.getByRole('button', { name: 'Selfie: use the listing’s setting (off)' }),
    ).toBeInTheDocument();
  });

  it('on a reservation, gives the guest’s check-in link, how far they got, and a new link after asking', async () => {
    const { user } = await open({ kind: 'reservation', id: RESERVATION_ID });
    const link = await screen.findByRole('textbox', { name: 'Check-in link' });
    expect(link).toHaveValue(server.link.url);
    expect(screen.getByText(/^2 of 6 screens done · works until/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New link' }));
    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect((link as HTMLInputElement).value).toContain('/guest/BBBB'));
    expect(server.requestsTo(`/guestportal/link/${RESERVATION_ID}/renew`)).toHaveLength(1);
  });

  it('says a refused switch beside the list and keeps the state the API has', async () => {
    const { user } = await open(
      { kind: 'listing', id: LISTING_ID },
      {
        refuseNext: {
          status: 404,
          json: { error: 'listing_not_found', message: 'This listing is not in your account.' },
        },
      },
    );
    await user.click(screen.getByRole('switch', { name: 'Selfie for this listing' }));
    expect(
      await screen.findByText('Selfie was not switched: This listing is not in your account.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Selfie for this listing' })).toBeChecked();
  });

  it('a failed load says so with Retry, and Retry asks again', async () => {
    server = await startGuestportalServer({
      effectiveRefusal: {
        status: 500,
        json: { error: 'internal', message: 'Something went wrong on our side.' },
      },
    });
    configureApiClient({ baseURL: server.url, logError: () => undefined });
    render(
      <ThemeProvider theme={createTheme(hostdashThemeOptions)}>
        <ScreensWidget target={{ kind: 'listing', id: LISTING_ID }} />
      </ThemeProvider>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    server.effectiveRefusal = null;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('6 of 8 screens on for this listing.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account screens' })).not.toBeInTheDocument();
  });
});
