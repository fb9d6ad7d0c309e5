import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { selectSnackbar } from '@hostdash/shared-auth';
import { openAsOwner } from '../testing/renderRemote';
import {
  makeDelivery,
  RESERVATION_ID,
  type GuestportalServer,
  type GuestportalServerState,
} from '../testing/guestportalServer';

let server: GuestportalServer;
type Store = Awaited<ReturnType<typeof openAsOwner>>['store'];

async function open(path: string, initial: Partial<GuestportalServerState> = {}) {
  const view = await openAsOwner(path, initial);
  server = view.server;
  return view;
}

afterEach(() => server.close());

/**
 * The message for Maria's stay was saved (the snackbar says so), and the stand-in API received
 * its door code in English, and `more` beside it.
 */
async function expectSaved(store: Store, more: Record<string, unknown>) {
  await waitFor(() =>
    expect(selectSnackbar(store.getState()).text).toBe(
      'Message saved: held for 1 stay until the guest is verified.',
    ),
  );
  expect(JSON.parse(server.requestsTo('/stargate/messages')[0]!.body)).toEqual({
    reservation_id: RESERVATION_ID,
    kind: 'check_in_instructions',
    title: 'Your door code',
    body: 'The code is **4821**.',
    ...more,
  });
}

describe('/stargate', () => {
  it('lists the account’s messages, held and released, and filters them by state', async () => {
    const { user } = await open('/stargate', {
      deliveries: [
        makeDelivery('1'),
        makeDelivery('2', {
          title: 'Wi-Fi',
          kind: 'wifi',
          state: 'released',
          released_at: '2026-11-24T12:00:00Z',
          released_automatically: true,
        }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Guest messages' });
    // Its internal name is no word a host reads (issue 33).
    expect(
      screen.queryAllByText(/stargate/i, { ignore: 'script, style, [data-testid="location"]' }),
    ).toEqual([]);
    expect(await screen.findByText('Your door code')).toBeInTheDocument();
    expect(screen.getByText(/automatically, when the guest was verified/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Maria/ })[0]).toHaveAttribute(
      'href',
      `/stargate/${RESERVATION_ID}`,
    );

    await user.click(screen.getByRole('button', { name: 'Held until verified' }));
    await waitFor(() => expect(screen.queryByText('Wi-Fi')).not.toBeInTheDocument());
    expect(server.requests.at(-1)!.url).toContain('state=held');
  });

  it('shows each message’s words formatted as the guest reads them, never as HTML', async () => {
    await open('/stargate', {
      deliveries: [
        makeDelivery('1', {
          body: 'The door code is **4721**.\n\n- Ring twice\n- <b>Smile</b>',
        }),
      ],
    });
    const code = await screen.findByText('4721');
    expect(code.tagName).toBe('STRONG');
    expect(screen.getByText('Ring twice').tagName).toBe('LI');
    expect(screen.getByText('<b>Smile</b>')).toBeInTheDocument();
    expect(screen.queryByText(/\*\*4721\*\*/)).not.toBeInTheDocument();
  });

  it('releases a held message by hand only with a note, which goes to the API', async () => {
    const { user, store } = await open('/stargate', { deliveries: [makeDelivery('1')] });
    await user.click(
      await screen.findByRole('button', { name: 'Release now: “Your door code” to Maria' }),
    );
    const dialog = within(screen.getByRole('dialog'));
    const release = dialog.getByRole('button', { name: 'Release now' });
    expect(release).toBeDisabled();
    await user.type(dialog.getByLabelText(/Why release it now/), 'Guest called, ID checked');
    await user.click(release);
    await waitFor(() => expect(selectSnackbar(store.getState()).text).toBe('Released to Maria.'));
    expect(JSON.parse(server.requestsTo('/stargate/deliveries/1/release')[0]!.body)).toEqual({
      note: 'Guest called, ID checked',
    });
    expect(screen.getByText('Note: Guest called, ID checked')).toBeInTheDocument();
  });

  it('keeps the note and says the refusal when a release is refused', async () => {
    const { user } = await open('/stargate', {
      deliveries: [makeDelivery('1')],
      refuseNext: {
        status: 409,
        json: { error: 'delivery_not_held', message: 'This message is no longer held.' },
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Release now: “Your door code” to Maria' }),
    );
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText(/Why release it now/), 'Early check-in');
    await user.click(dialog.getByRole('button', { name: 'Release now' }));
    expect(await dialog.findByText('This message is no longer held.')).toBeInTheDocument();
    expect(dialog.getByLabelText(/Why release it now/)).toHaveValue('Early check-in');
  });
});

describe('/stargate/{id}', () => {
  it('writes a message for this stay, held until the guest is verified', async () => {
    const { user, store } = await open(`/stargate/${RESERVATION_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Messages to Maria' });
    expect(screen.getByText('No messages to Maria yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Guest messages' })).toHaveAttribute(
      'href',
      '/stargate',
    );

    await user.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('radio', { name: 'Maria only (this stay)' })).toBeChecked();
    await user.type(dialog.getByLabelText(/^Title/), 'Your door code');
    await user.type(dialog.getByLabelText(/^Message/), 'The code is **4821**.');
    // The live preview is what the guest will read: the code in bold, no asterisks.
    const preview = within(dialog.getByRole('region', { name: 'What the guest reads' }));
    expect(preview.getByText('Your door code')).toBeInTheDocument();
    expect(preview.getByText('4821').tagName).toBe('STRONG');
    expect(preview.queryByText(/\*\*/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save message' }));

    await expectSaved(store, {});
    expect(await screen.findByText('Your door code')).toBeInTheDocument();
  });

  it('sends the message in French too, and no language left empty', async () => {
    const { user, store } = await open(`/stargate/${RESERVATION_ID}`);
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialogElement = screen.getByRole('dialog');
    const dialog = within(dialogElement);
    await user.type(dialog.getByLabelText(/^Title/), 'Your door code');
    await user.type(dialog.getByLabelText(/^Message/), 'The code is **4821**.');

    await user.click(dialog.getByRole('tab', { name: 'French' }));
    const title = dialog.getByLabelText(/^Title/);
    expect(title).toHaveValue('');
    expect(title).not.toBeRequired();
    expect(title).toHaveAttribute('lang', 'fr');
    // Not written yet: the preview is what a French guest reads, English's.
    const preview = within(dialog.getByRole('region', { name: 'What the guest reads' }));
    expect(preview.getByText('Your door code')).toBeInTheDocument();
    await user.type(title, 'Votre code');
    // A title without its text is not sent half: saving waits for both, or neither.
    expect(dialog.getByRole('button', { name: 'Save message' })).toBeDisabled();
    expect(dialog.getByText(/Write both in French, or leave both empty/)).toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: 'French (unfinished)' })).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Message/), 'Le code est **4821**.');
    expect(preview.getByText('Votre code')).toBeInTheDocument();
    // Another language opened and left empty is not sent.
    await user.click(dialog.getByRole('tab', { name: 'German' }));
    expect(dialog.getByRole('tab', { name: 'French (written)' })).toBeInTheDocument();
    const results = await axe.run(dialogElement, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      results.violations
        .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
        .map((violation) => violation.id),
    ).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Save message' }));

    await expectSaved(store, {
      translations: { fr: { title: 'Votre code', body: 'Le code est **4821**.' } },
    });
  });

  it('withdraws a held message after asking', async () => {
    const { user } = await open(`/stargate/${RESERVATION_ID}`, { deliveries: [makeDelivery('1')] });
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw “Your door code” for Maria' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByText('Your door code')).not.toBeInTheDocument());
    expect(server.requestsTo('/stargate/deliveries/1/withdraw')).toHaveLength(1);
  });
});
