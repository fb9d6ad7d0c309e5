// The one snackbar (spec section 3: open, text, action, props). The shell renders it; any remote
// drives it with these actions, and every failed remote action lands here.
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

/**
 * A button in the snackbar: it navigates inside the dashboard (`href`), reloads the page
 * (`reload`, e.g. to start a new version of a remote), or dispatches an action into the page's
 * store (`dispatch`: Undo, which puts back what the action the snackbar reports changed; the
 * action is plain data, and the remote whose saga answers it is the one that showed it).
 */
export type SnackbarAction =
  | { label: string; href: string }
  | { label: string; reload: true }
  | { label: string; dispatch: UnknownAction };

export interface SnackbarState {
  open: boolean;
  text: string;
  action: SnackbarAction | null;
  props: { severity: SnackbarSeverity; autoHideDuration: number | null };
}

export interface ShowSnackbar {
  text: string;
  action?: SnackbarState['action'];
  props?: Partial<SnackbarState['props']>;
}

export const SNACKBAR_AUTO_HIDE_MS = 6000;

export const initialSnackbarState: SnackbarState = {
  open: false,
  text: '',
  action: null,
  props: { severity: 'info', autoHideDuration: SNACKBAR_AUTO_HIDE_MS },
};

export const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState: initialSnackbarState,
  reducers: {
    show: (_state, { payload }: PayloadAction<ShowSnackbar>) => ({
      open: true,
      text: payload.text,
      action: payload.action ?? null,
      props: { ...initialSnackbarState.props, ...payload.props },
    }),
    // The text stays while the snackbar animates out.
    hide: (state) => {
      state.open = false;
    },
  },
});

export const snackbarActions = snackbarSlice.actions;
export const snackbarReducer = snackbarSlice.reducer;
export const selectSnackbar = (state: { snackbar?: SnackbarState }): SnackbarState =>
  state.snackbar ?? initialSnackbarState;
