import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { snackbarActions } from '@hostdash/shared-auth';
import { ShellSnackbar } from '../layout/ShellSnackbar';
import { checkForNewVersions } from '../remotes/registry';
import { makeUser, renderShell } from '../testing/renderShell';
import { release } from '../testing/remotes';
import { NewVersionNotice, newVersionText } from './NewVersionNotice';
import { reloadPage } from './reloadPage';

jest.mock('../remotes/registry', () => ({ checkForNewVersions: jest.fn() }));
jest.mock('./reloadPage', () => ({ reloadPage: jest.fn() }));

const mockedCheck = jest.mocked(checkForNewVersions);

function GoTo({ path }: { path: string }) {
  const navigate = useNavigate();
  return <button onClick={() => navigate(path)}>go to {path}</button>;
}

describe('a new version of a remote while the dashboard is open', () => {
  it('is looked for on in-app navigation (not on the page load) and offered with Reload', async () => {
    mockedCheck.mockResolvedValue([release('listings', '0.1.0+22222222')]);
    renderShell(
      <>
        <GoTo path="/buildings" />
        <NewVersionNotice />
        <ShellSnackbar />
      </>,
      { path: '/listings', user: makeUser(), config: { remotesRecheckMs: 5000 } },
    );
    expect(mockedCheck).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'go to /buildings' }));
    expect(mockedCheck).toHaveBeenCalledWith(5000);
    expect(await screen.findByText('A new version of Listings is available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalled();
  });

  it('says nothing when nothing changed', async () => {
    mockedCheck.mockResolvedValue([]);
    const { store } = renderShell(
      <>
        <GoTo path="/buildings" />
        <NewVersionNotice />
      </>,
      { path: '/listings', user: makeUser() },
    );
    await userEvent.click(screen.getByRole('button', { name: 'go to /buildings' }));
    await waitFor(() => expect(mockedCheck).toHaveBeenCalled());
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('names several features in one message', () => {
    expect(
      newVersionText([
        release('listings', '2'),
        release('reservations', '2'),
        release('billing', '2'),
      ]),
    ).toBe('New versions of Listings, Reservations and Billing are available');
  });

  it('keeps the snackbar action that navigates', async () => {
    const { store } = renderShell(<ShellSnackbar />, { path: '/listings', user: makeUser() });
    act(() => {
      store.dispatch(
        snackbarActions.show({ text: 'Saved.', action: { label: 'Open', href: '/listing/42' } }),
      );
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/listing/42');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
