// The guest page in the guest's language (issue 34), against the stand-in API: the language the
// API chose (German here), the page's words and the host's texts switched at once to another
// language without losing what the guest typed, the choice remembered for the link on this device
// and kept with the link by the API.
import { createTheme, ThemeProvider } from '@mui/material';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hostdashThemeOptions } from '@hostdash/shared-auth';
import { createGuestApi } from './guestApi';
import type { GuestApi } from './guestApi';
import { GuestPortalApp } from './GuestPortalApp';
import { GUEST_TOKEN, startGuestServer, type GuestServer } from './testing/guestServer';

const theme = createTheme(hostdashThemeOptions);
let server: GuestServer;

afterEach(async () => {
  await server.close();
  localStorage.clear();
});

function openLink(api: GuestApi) {
  return render(
    <ThemeProvider theme={theme}>
      <GuestPortalApp api={api} />
    </ThemeProvider>,
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

it('speaks German when the API says so, and switches to Portuguese keeping the answers', async () => {
  const user = userEvent.setup();
  server = await startGuestServer({ screens: ['contact', 'house_rules'], language: 'de' });
  const view = openLink(createGuestApi(server.url, GUEST_TOKEN));
  const chosen = () =>
    server.requests
      .filter((request) => request.url === '/guest/portal/language')
      .map((request) => (JSON.parse(request.body) as { language: string }).language);

  await heading('Willkommen, Ana!');
  // Dates through Intl in the guest's language.
  expect(screen.getByText('04.12.2026')).toBeInTheDocument();
  expect(screen.getByText(/bittet Olivia Sie, 2 kurze Schritte auszufüllen/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Starten' }));
  await heading('Wie erreichen wir Sie?');
  await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'ana@example.com');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'pt');
  await heading('Como podemos contactá-lo?');
  expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ana@example.com');
  expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  expect(screen.getByText('Passo 2 de 3')).toBeInTheDocument();
  // Kept with the link on the server too.
  await waitFor(() => expect(chosen()).toEqual(['pt']));
  expect(view.container.firstElementChild).toHaveAttribute('lang', 'pt');

  // A refusal is said in the page's language, naming the field by its label.
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  expect(await screen.findByText('Preencha «Número de telefone».')).toBeInTheDocument();

  // Opened again on this device: still Portuguese, whatever the API's choice.
  view.unmount();
  openLink(createGuestApi(server.url, GUEST_TOKEN));
  await heading('Olá, Ana!');
});

it('keeps the choice on this device when the client cannot send it', async () => {
  const user = userEvent.setup();
  server = await startGuestServer({ screens: ['house_rules'] });
  const first = openLink(createGuestApi(server.url, GUEST_TOKEN));
  await heading('Welcome, Ana!');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
  await heading('Willkommen, Ana!');
  first.unmount();
  openLink(createGuestApi(server.url, GUEST_TOKEN));
  await heading('Willkommen, Ana!');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de'));
});
