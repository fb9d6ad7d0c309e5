// The guest's portal against a stand-in API over real HTTP: the welcome names the stay, each
// screen is saved before the next (a refusal stays beside its field), photos go up as they are
// taken (the API's 415 said in its words), a reload resumes at the first screen not done, the
// last one finishes the portal and shows the host's released messages. A wrong or expired link
// shows only that; an API that does not answer, a Try again.
import { createTheme } from '@mui/material';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hostdashThemeOptions } from '@hostdash/shared-auth';
import { GuestPortalRoot } from './portal';
import {
  EXPIRED_TOKEN,
  GUEST_TOKEN,
  startGuestServer,
  type GuestServer,
} from './testing/guestServer';

const theme = createTheme(hostdashThemeOptions);
let server: GuestServer | null = null;

beforeAll(() => {
  let next = 0;
  Object.assign(URL, {
    createObjectURL: () => `blob:photo-${(next += 1)}`,
    revokeObjectURL: () => undefined,
  });
});

afterEach(async () => {
  await server?.close();
  server = null;
});

function openLink(token = GUEST_TOKEN) {
  if (!server) throw new Error('start the stand-in API first');
  return render(<GuestPortalRoot token={token} apiBase={server.url} theme={theme} />);
}

const photo = (name: string, bytes = 'jpeg-bytes') =>
  new File([bytes], name, { type: 'image/jpeg' });

/** The part of a screen with one photo: its title, preview, progress, button and refusal. */
const photoBox = (label: string) => screen.getByLabelText(label).closest('section') as HTMLElement;

async function heading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}

it('walks a guest through every screen, saving each, and ends with the host’s messages', async () => {
  const user = userEvent.setup();
  server = await startGuestServer({
    messages: [
      {
        id: '31',
        subject: 'Door code',
        body: 'The door code is **4812**.\nThe key box is left of the door.',
        releasedAt: '2026-11-25T10:00:00.000Z',
      },
    ],
  });
  openLink();

  await heading('Welcome, Ana!');
  expect(screen.getByText('Marina Loft 3')).toBeInTheDocument();
  expect(
    screen.getByText(/Before you arrive, Olivia asks you to complete 4 short steps/),
  ).toBeInTheDocument();
  expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Start' }));

  // Contact: a refusal stays beside its field; nothing moves on.
  await heading('How can we reach you?');
  expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  expect(screen.getByText('during your trip').tagName).toBe('STRONG');
  const email = screen.getByRole('textbox', { name: 'Email' });
  expect(screen.getByLabelText('Phone number')).toHaveAttribute('inputmode', 'tel');
  await user.type(email, 'ana@');
  await user.type(screen.getByLabelText('Phone number'), '+351 912 345 678');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Check “Email”: it does not look right.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('How can we reach you?');
  await user.type(email, 'example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  // ID: Continue before the photos says which is missing; a PDF is refused in the API's words.
  await heading('Your ID');
  // The focus is on the new step's title, where a screen reader and the next Tab start.
  expect(screen.getByRole('heading', { level: 1, name: 'Your ID' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Upload the front of your ID first.')).toBeInTheDocument();
  const front = screen.getByLabelText('Front of your ID');
  expect(front).toHaveAttribute('capture', 'environment');
  expect(front).toHaveAttribute('accept', 'image/*');
  // A PDF renamed .jpg: the API looks at the bytes, and the page says what it answered.
  await user.upload(front, photo('scan.jpg', '%PDF-1.7 not a photo'));
  expect(await screen.findByText('Choose a JPEG or PNG photo.')).toBeInTheDocument();
  await user.upload(front, photo('front.jpg'));
  const frontBox = photoBox('Front of your ID');
  expect(
    await within(frontBox).findByRole('img', { name: 'Front of your ID, as sent' }),
  ).toBeInTheDocument();
  expect(within(frontBox).queryByText('Choose a JPEG or PNG photo.')).not.toBeInTheDocument();
  expect(within(frontBox).getByText('Retake photo')).toBeInTheDocument();
  await user.upload(screen.getByLabelText('Back of your ID'), photo('back.jpg'));
  await within(photoBox('Back of your ID')).findByRole('img');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await heading('A quick selfie');
  expect(screen.getByLabelText('Your selfie')).toHaveAttribute('capture', 'user');
  await user.upload(screen.getByLabelText('Your selfie'), photo('me.jpg'));
  await screen.findByRole('img', { name: 'Your selfie, as sent' });

  // Back keeps what was done; Continue saves again.
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await heading('Your ID');
  expect(screen.getAllByText('Retake photo')).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('A quick selfie');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await heading('House rules');
  expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
  expect(
    screen.getByRole('textbox', { name: 'Type your full name to sign (optional)' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Finish' }));
  expect(await screen.findByText('Tick the box to accept.')).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'I have read and accept this' }));
  await user.click(screen.getByRole('button', { name: 'Finish' }));

  await heading('You’re all set'.replace('’', "'"));
  expect(screen.getByRole('heading', { name: 'Door code' })).toBeInTheDocument();
  expect(screen.getByText(/The door code is/)).toBeInTheDocument();
  // The host's Markdown reads as formatting, as on the screens: the code in bold, no asterisks.
  expect(screen.getByText('4812').tagName).toBe('STRONG');
  expect(screen.queryByText(/\*\*/)).not.toBeInTheDocument();
  expect(screen.queryByText(/Step \d of/)).not.toBeInTheDocument();

  const saved = server.portal();
  expect(saved.completedAt).not.toBeNull();
  expect(saved.screens.find((one) => one.name === 'contact')?.values).toEqual({
    email: 'ana@example.com',
    phone: '+351 912 345 678',
  });
  expect(saved.screens.find((one) => one.name === 'house_rules')?.values).toEqual({ accept: true });
  expect(saved.images.map((image) => image.kind).sort()).toEqual(['id_back', 'id_front', 'selfie']);
  // The token went in its header only, never in an address.
  for (const request of server.requests.filter((one) => one.method !== 'OPTIONS')) {
    expect(request.headers['x-guest-token']).toBe(GUEST_TOKEN);
    expect(request.url).not.toContain(GUEST_TOKEN);
  }
});

it('resumes at the first screen not done after a reload, with the photos already sent', async () => {
  const user = userEvent.setup();
  server = await startGuestServer();
  const first = openLink();
  await heading('Welcome, Ana!');
  await user.click(screen.getByRole('button', { name: 'Start' }));
  await heading('How can we reach you?');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
  await user.type(screen.getByLabelText('Phone number'), '912345678');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Your ID');
  await user.upload(screen.getByLabelText('Front of your ID'), photo('front.jpg'));
  await screen.findByRole('img', { name: 'Front of your ID, as sent' });
  first.unmount();

  openLink();
  await heading('Your ID');
  expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
  // The front comes back from the API; the back is still to take.
  expect(await screen.findByRole('img', { name: 'Front of your ID, as sent' })).toBeInTheDocument();
  expect(within(photoBox('Back of your ID')).getByText('Take photo')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await heading('How can we reach you?');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@example.com');
});

it('takes a returning guest who has finished straight to the done page', async () => {
  const user = userEvent.setup();
  server = await startGuestServer({ screens: ['arrival_time'] });
  const first = openLink();
  await heading('Welcome, Ana!');
  expect(screen.getByText(/complete one short step/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Start' }));
  await heading('When will you arrive?');
  expect(screen.getByLabelText('Arrival time')).toHaveAttribute('type', 'time');
  await user.type(screen.getByLabelText('Arrival time'), '15:30');
  await user.type(
    screen.getByRole('textbox', { name: 'Anything your host should know? (optional)' }),
    'By train',
  );
  await user.click(screen.getByRole('button', { name: 'Finish' }));
  await heading("You're all set");
  expect(screen.getByText(/check-in instructions will appear here/)).toBeInTheDocument();
  first.unmount();

  openLink();
  await heading("You're all set");
  expect(server.portal().screens[0]?.values).toEqual({
    arrival_time: '15:30',
    arrival_note: 'By train',
  });
});

it('asks the guest to authorise the deposit hold on the card they booked with, and no card number', async () => {
  const user = userEvent.setup();
  server = await startGuestServer({ screens: ['security_deposit'] });
  openLink();
  await user.click(await screen.findByRole('button', { name: 'Start' }));
  await heading('Security deposit');
  expect(screen.getByText(/No card number is needed/)).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Finish' }));
  expect(
    await screen.findByText(
      'Tick the box to authorise the deposit hold on the card you booked with.',
    ),
  ).toBeInTheDocument();
  await user.click(
    screen.getByRole('checkbox', {
      name: 'I authorise the deposit hold on the card I booked with',
    }),
  );
  await user.click(screen.getByRole('button', { name: 'Finish' }));
  await heading("You're all set");
  expect(server.portal().screens[0]?.values).toEqual({ card: true });
});

it('reads the portal from the answer the page asked for while its code loaded, without asking again', async () => {
  server = await startGuestServer();
  const firstPortal = fetch(`${server.url}/guest/portal`, {
    headers: { 'x-guest-token': GUEST_TOKEN },
  });
  render(
    <GuestPortalRoot
      token={GUEST_TOKEN}
      apiBase={server.url}
      theme={theme}
      firstPortal={firstPortal}
    />,
  );
  await screen.findByText(/Marina Loft/);
  const portalReads = server.requests.filter(
    (request) => request.method === 'GET' && request.url === '/guest/portal',
  );
  expect(portalReads).toHaveLength(1);
});

it('shows only that a link is not valid, or has expired', async () => {
  server = await startGuestServer();
  const wrong = openLink('Zz7_k2mP-9vB3nR8sT1uW4yZ6aC0dE5fG7hJ2kL9mN0');
  await heading('Link not valid');
  expect(
    screen.getByText('This check-in link is not valid. Ask your host for a new one.'),
  ).toBeInTheDocument();
  expect(screen.queryByText(/Marina Loft/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  wrong.unmount();

  openLink(EXPIRED_TOKEN);
  await heading('Link expired');
  expect(screen.getByText('This check-in link has expired.')).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

it('says the check-in cannot be reached when the API does not answer, with Try again', async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const sent = jest.spyOn(globalThis, 'fetch');
  // Nothing listens there: no answer at all.
  render(<GuestPortalRoot token={GUEST_TOKEN} apiBase="http://127.0.0.1:9" theme={theme} />);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    "We can't reach the check-in server right now. Check your connection, then try again.",
  );
  const calls = sent.mock.calls.length;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(sent.mock.calls.length).toBeGreaterThan(calls));
  expect(await screen.findByRole('alert')).toBeInTheDocument();
});
