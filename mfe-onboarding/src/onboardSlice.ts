// The `onboard` slice (spec section 3): its top level is the connect page's `task` and `context`
// (connect/connectSlice.ts); the settings page keeps its part under `settings`
// (settings/settingsSlice.ts), with its own reducer, and the account's automatic guest invites under
// `guestInvites` (settings/guestInvitesSlice.ts).
import type { UnknownAction } from '@reduxjs/toolkit';
import { connectReducer, type ConnectState } from './connect/connectSlice';
import { settingsReducer, type SettingsState } from './settings/settingsSlice';
import { guestInvitesReducer, type GuestInvitesState } from './settings/guestInvitesSlice';

export type OnboardState = ConnectState & {
  settings: SettingsState;
  guestInvites: GuestInvitesState;
};

export function onboardReducer(
  state: OnboardState | undefined,
  action: UnknownAction,
): OnboardState {
  // The connect reducer changes only its own fields, though it may return a new object without
  // `settings` (another system opened): the settings part is carried over from the state before.
  // An action neither part handles returns the very same object, so selectors stay memoized.
  let next = connectReducer(state, action) as OnboardState;
  const settings = settingsReducer(state?.settings, action);
  if (settings !== next.settings) next = { ...next, settings };
  const guestInvites = guestInvitesReducer(state?.guestInvites, action);
  if (guestInvites !== next.guestInvites) next = { ...next, guestInvites };
  return next;
}

interface WithOnboard {
  onboard: OnboardState;
}
export const selectOnboard = (state: WithOnboard): OnboardState => state.onboard;
export const selectSettings = (state: WithOnboard): SettingsState => state.onboard.settings;
export const selectGuestInvites = (state: WithOnboard): GuestInvitesState =>
  state.onboard.guestInvites;
