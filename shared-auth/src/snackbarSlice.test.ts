import {
  initialSnackbarState,
  selectSnackbar,
  snackbarActions,
  snackbarReducer,
} from './snackbarSlice';

describe('the snackbar slice', () => {
  it('shows a message with a navigating action, as before', () => {
    const state = snackbarReducer(
      initialSnackbarState,
      snackbarActions.show({
        text: 'Listing archived.',
        action: { label: 'Open', href: '/listing/42' },
        props: { severity: 'success' },
      }),
    );
    expect(state).toEqual({
      open: true,
      text: 'Listing archived.',
      action: { label: 'Open', href: '/listing/42' },
      props: { severity: 'success', autoHideDuration: 6000 },
    });
  });

  it('carries an action that reloads the page, and can stay until dismissed', () => {
    const state = snackbarReducer(
      initialSnackbarState,
      snackbarActions.show({
        text: 'A new version of Listings is available',
        action: { label: 'Reload', reload: true },
        props: { autoHideDuration: null },
      }),
    );
    expect(state.action).toEqual({ label: 'Reload', reload: true });
    expect(state.props).toEqual({ severity: 'info', autoHideDuration: null });
  });

  it('hides but keeps the text while it animates out; no action by default', () => {
    const shown = snackbarReducer(initialSnackbarState, snackbarActions.show({ text: 'Saved.' }));
    expect(shown.action).toBeNull();
    const hidden = snackbarReducer(shown, snackbarActions.hide());
    expect(hidden).toMatchObject({ open: false, text: 'Saved.' });
    expect(selectSnackbar({})).toBe(initialSnackbarState);
  });
});
