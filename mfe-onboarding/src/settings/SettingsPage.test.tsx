// `/settings` (issue 33): the account's settings only, the owner's; the person's own settings are
// at `/settings/profile`, linked from here.
import { screen, within } from '@testing-library/react';
import { configureApiClient } from '@hostdash/shared-auth';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import { renderRemote } from '../testing/renderRemote';
import { startSettingsServer, type SettingsServer } from '../testing/settingsServer';

let server: SettingsServer;

afterEach(() => server.close());

describe('/settings', () => {
  it('has the account’s parts under their headings, and leads to the person’s own settings', async () => {
    server = await startSettingsServer();
    configureApiClient({ baseURL: server.url, logError: () => undefined });
    await renderRemote('/settings', { user: DEMO_OWNER });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Connected systems',
      'Guest check-in links',
      'Risk tolerance',
      'Billing',
    ]);
    expect(screen.getByRole('link', { name: 'Your settings' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
    const region = (name: string) => within(screen.getByRole('region', { name }));
    expect(region('Risk tolerance').getByRole('link', { name: 'Protect page' })).toHaveAttribute(
      'href',
      '/protect',
    );
    expect(region('Billing').getByRole('link', { name: 'Billing page' })).toHaveAttribute(
      'href',
      '/billing',
    );
    // The person's profile is not here any more.
    expect(screen.queryByRole('form', { name: 'Password' })).not.toBeInTheDocument();
    expect(server.requestsTo('/user/profile', 'GET')).toHaveLength(0);
  });
});
