import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { snackbarActions } from '@hostdash/shared-auth';
import { makeUser, renderShell } from '../testing/renderShell';
import { ShellSnackbar } from './ShellSnackbar';

describe('the snackbar', () => {
  it('runs the action its Undo carries in the page’s store, and closes', async () => {
    const { store } = renderShell(<ShellSnackbar />, { path: '/listings', user: makeUser() });
    // The carried action is plain data; here one the test can see: a snackbar of its own.
    const undo = snackbarActions.show({ text: 'Put back: Bay View Loft is active again.' });
    act(() => {
      store.dispatch(
        snackbarActions.show({
          text: 'Bay View Loft archived.',
          action: { label: 'Undo', dispatch: undo },
          props: { severity: 'success' },
        }),
      );
    });
    expect(await screen.findByText('Bay View Loft archived.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Put back: Bay View Loft is active again.')).toBeInTheDocument();
    expect(store.getState().snackbar.action).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/listings');
  });

  it('is a polite status for news and an alert for an error', async () => {
    const { store } = renderShell(<ShellSnackbar />, { path: '/listings', user: makeUser() });
    act(() => {
      store.dispatch(snackbarActions.show({ text: 'Saved.', props: { severity: 'success' } }));
    });
    // (The test's location probe is an <output>, a status too.)
    const status = (await screen.findByText('Saved.')).closest('[role="status"]');
    expect(status).not.toBeNull();
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(
        snackbarActions.show({ text: 'That did not save.', props: { severity: 'error' } }),
      );
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not save.');
  });
});
