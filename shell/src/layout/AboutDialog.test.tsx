import { screen } from '@testing-library/react';
import { CONTRACT_VERSION } from '@hostdash/shared-auth';
import { loadRegistry, remoteStatuses } from '../remotes/registry';
import { makeUser, renderShell } from '../testing/renderShell';
import { release } from '../testing/remotes';
import { AboutDialog } from './AboutDialog';

jest.mock('../remotes/registry', () => ({ loadRegistry: jest.fn(), remoteStatuses: jest.fn() }));

function mockStatuses() {
  jest.mocked(loadRegistry).mockResolvedValue([]);
  jest.mocked(remoteStatuses).mockReturnValue([
    {
      entry: release('listings', '0.2.0+bbbbbbbb', {
        canary: true,
        liveVersion: '0.1.0+aaaaaaaa',
      }),
      running: true,
    },
    {
      entry: release('reservations', '0.1.0+cccccccc'),
      running: true,
      newer: release('reservations', '0.1.0+dddddddd'),
    },
  ]);
}

describe('the About dialog', () => {
  // Issue 12: hosts saw build hashes.
  it("lists each remote's release for a host, the canary they get and a newer version waiting, with build ids only in the title", async () => {
    mockStatuses();
    renderShell(<AboutDialog open onClose={() => undefined} />, { path: '/', user: makeUser() });
    expect(await screen.findByRole('dialog', { name: 'About Hostdash' })).toBeInTheDocument();
    // Issue 33: the contract between the dashboard and its features is no host's business.
    expect(screen.queryByText(/remote contract/)).not.toBeInTheDocument();
    expect(screen.queryByText(CONTRACT_VERSION, { exact: false })).not.toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^Listings0\.2\.0CanaryEveryone else: 0\.1\.0$/);
    expect(rows[2]).toHaveTextContent(
      /^Reservations0\.1\.0A new version is available: reload to use it$/,
    );
    expect(screen.getByTitle('0.2.0+bbbbbbbb')).toHaveTextContent(/^0\.2\.0$/);
  });

  it('shows Hostdash staff the whole build ids', async () => {
    mockStatuses();
    renderShell(<AboutDialog open onClose={() => undefined} />, {
      path: '/',
      user: makeUser({ type: 'admin', subtype: 'admin' }),
    });
    expect(
      screen.getByText(`remote contract ${CONTRACT_VERSION}`, { exact: false }),
    ).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Listings0.2.0+bbbbbbbbCanaryEveryone else: 0.1.0+aaaaaaaa');
    expect(rows[2]).toHaveTextContent(
      'Reservations0.1.0+ccccccccNew version 0.1.0+dddddddd available: reload to use it',
    );
  });
});
