import { screen, waitFor, within } from '@testing-library/react';
import { selectSnackbar } from '@hostdash/shared-auth';
import { openAsOwner } from '../testing/renderRemote';
import { type GuestportalServer, type GuestportalServerState } from '../testing/guestportalServer';

let server: GuestportalServer;

async function open(path: string, initial: Partial<GuestportalServerState> = {}) {
  const view = await openAsOwner(path, initial);
  server = view.server;
  return view;
}

afterEach(() => server.close());

const preview = () => within(screen.getByRole('region', { name: 'Preview at phone size' }));

describe('/guestportal/screen/{name}', () => {
  it('previews the edits at phone size as the guest will see them, and saves them', async () => {
    const { user, store } = await open('/guestportal/screen/house_rules');
    const title = await screen.findByLabelText(/^Title/);
    expect(preview().getByRole('heading', { name: 'House rules' })).toBeInTheDocument();
    expect(preview().getByText('No parties')).toBeInTheDocument();

    await user.clear(title);
    await user.type(title, 'Our rules');
    const text = screen.getByLabelText(/^Text/);
    await user.clear(text);
    await user.type(text, 'Be **kind** to the neighbours.');
    await user.click(screen.getByRole('checkbox', { name: 'Typed full name' }));

    expect(preview().getByRole('heading', { name: 'Our rules' })).toBeInTheDocument();
    expect(preview().getByText('kind').tagName).toBe('STRONG');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState()).text).toBe(
        'House rules saved. Guests see it from now on.',
      ),
    );
    expect(JSON.parse(server.requestsTo('/guestportal/screen/house_rules')[0]!.body)).toEqual({
      title: 'Our rules',
      text: 'Be **kind** to the neighbours.',
      required_fields: ['accept', 'signature'],
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps every edit and says the refusal under its field', async () => {
    const { user } = await open('/guestportal/screen/house_rules', {
      refuseNext: {
        status: 400,
        json: {
          error: 'invalid_request',
          message: '"text" must be at most 20000 characters.',
          field: 'text',
          in: 'body',
          rule: 'maxLength',
        },
      },
    });
    const text = await screen.findByLabelText(/^Text/);
    await user.type(text, ' More.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(text).toHaveAccessibleDescription('Text must be at most 20000 characters.'),
    );
    expect(text).toHaveValue(
      'Please read the house rules.\n\n- No parties\n- No smoking inside More.',
    );
  });

  it('an address that is not a screen is a not-found page', async () => {
    await open('/guestportal/screen/karaoke');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Screen not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the guest portal' })).toHaveAttribute(
      'href',
      '/guestportal',
    );
  });
});
