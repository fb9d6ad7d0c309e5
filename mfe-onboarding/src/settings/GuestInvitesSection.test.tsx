import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { configureApiClient, selectSnackbar } from '@hostdash/shared-auth';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import { renderRemote } from '../testing/renderRemote';
import { startSettingsServer, type SettingsServer } from '../testing/settingsServer';

let server: SettingsServer;
afterEach(() => server.close());

async function open() {
  server = await startSettingsServer();
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const view = await renderRemote('/settings', { user: DEMO_OWNER });
  const section = await screen.findByRole('region', { name: 'Guest check-in links' });
  await within(section).findByRole('switch', {
    name: 'Mail guests their check-in link automatically',
  });
  return { ...view, section: within(section), element: section };
}

describe('/settings: guest check-in links', () => {
  it('shows the account’s setting and saves the days before check-in', async () => {
    const { store, section, element } = await open();
    expect(
      section.getByRole('switch', { name: 'Mail guests their check-in link automatically' }),
    ).toBeChecked();
    const days = section.getByRole('spinbutton', { name: 'Days before check-in' });
    expect(days).toHaveValue(3);
    expect(section.getByText(/A booking made later gets it at once\. Default: 3\./)).toBeVisible();
    expect(section.getByRole('link', { name: 'Reservations' })).toHaveAttribute(
      'href',
      '/reservations',
    );
    const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.click(section.getByRole('button', { name: 'Save days' }));
    await waitFor(() =>
      expect(server.bodiesTo('/user/guestInvites')).toEqual([{ days_before: 5 }]),
    );
    await waitFor(() =>
      expect(selectSnackbar(store.getState()).text).toBe(
        'Guests get their check-in link 5 days before check-in.',
      ),
    );
    expect(section.getByRole('button', { name: 'Save days' })).toBeDisabled();
  });

  it('refuses days out of range before asking the API', async () => {
    const { section } = await open();
    const days = section.getByRole('spinbutton', { name: 'Days before check-in' });
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    expect(section.getByText('A whole number of days from 0 to 30.')).toBeVisible();
    expect(section.getByRole('button', { name: 'Save days' })).toBeDisabled();
  });

  it('switches them off and on again, saying what it means', async () => {
    const { store, section } = await open();
    const toggle = section.getByRole('switch', {
      name: 'Mail guests their check-in link automatically',
    });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(selectSnackbar(store.getState()).text).toBe(
      'Guests are no longer mailed their check-in link automatically.',
    );
    expect(section.getByRole('spinbutton', { name: 'Days before check-in' })).toBeDisabled();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(selectSnackbar(store.getState()).text).toBe(
      'Guests booked from now on get their check-in link 3 days before check-in.',
    );
    expect(server.bodiesTo('/user/guestInvites')).toEqual([{ enabled: false }, { enabled: true }]);
  });
});
