// The `onboard` slice (spec section 3): its top level is the connect page's `task` and `context`
// (connect/connectSlice.ts); the settings page keeps its part under `settings`.
import type { UnknownAction } from '@reduxjs/toolkit';
import { connectReducer, type ConnectState } from './connect/connectSlice';

export type OnboardState = ConnectState;

export function onboardReducer(
  state: OnboardState | undefined,
  action: UnknownAction,
): OnboardState {
  return connectReducer(state, action);
}

interface WithOnboard {
  onboard: OnboardState;
}
export const selectOnboard = (state: WithOnboard): OnboardState => state.onboard;
