import { screen } from '@testing-library/react';
import { CONTRACT_VERSION } from '@hostdash/shared-auth';
import { loadRegistry, remoteStatuses } from '../remotes/registry';
import { makeUser, renderShell } from '../testing/renderShell';
import { release } from '../testing/remotes';
import { AboutDialog } from './AboutDialog';

jest.mock('../remotes/registry', () => ({ loadRegistry: jest.fn(), remoteStatuses: jest.fn() }));

describe('the About dialog', () => {
  it("lists each remote's version, the canary this user gets, and a newer version waiting", async () => {
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
    renderShell(<AboutDialog open onClose={() => undefined} />, { path: '/', user: makeUser() });
    expect(await screen.findByRole('dialog', { name: 'About Hostdash' })).toBeInTheDocument();
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
