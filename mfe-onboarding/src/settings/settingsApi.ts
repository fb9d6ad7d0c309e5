// The settings page's calls, typed with the API contract: the account's connected systems, the
// person's profile and password, the second step, and what Hostdash tells them about.
import type {
  Body,
  Integrations,
  ListingSource,
  Message,
  NotificationPreferences,
  PmsConnectionSummary,
  Profile,
  RecoveryCodes,
  SecondStepSetup,
} from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type {
  Integrations,
  ListingSource,
  Message,
  NotificationPreferences,
  PmsConnectionSummary,
  Profile,
  RecoveryCodes,
  SecondStepSetup,
};

/** Sync a connected system now, or disconnect it (`POST /user/updateIntegrations`). */
export type IntegrationChange = Body<'/user/updateIntegrations', 'post'>;
/** Only the profile fields that change; `current_password` when the email does. */
export type ProfileChange = Body<'/user/profile', 'post'>;
export type PasswordChange = Body<'/user/auth/password/change', 'post'>;
/** Only the preferences that change. */
export type PreferencesChange = Body<'/user/notificationPreferences', 'post'>;
export type PreferenceKind = keyof NotificationPreferences;
/** A code of the authenticator app (confirming), or a recovery code too (turning it off). */
export type SecondStepCode = Body<'/user/auth/secondStep/disable', 'post'>;

type Signal = { signal?: AbortSignal };

export const settingsApi = {
  integrations: (_request: void, { signal }: Signal = {}) =>
    api.get<Integrations>('/user/integrations', { signal }),
  updateIntegration: (change: IntegrationChange) =>
    api.post<Integrations>('/user/updateIntegrations', { data: change }),
  profile: (_request: void, { signal }: Signal = {}) =>
    api.get<Profile>('/user/profile', { signal }),
  saveProfile: (change: ProfileChange) => api.post<Profile>('/user/profile', { data: change }),
  changePassword: (change: PasswordChange) =>
    api.post<Message>('/user/auth/password/change', { data: change }),
  savePreferences: (change: PreferencesChange) =>
    api.post<NotificationPreferences>('/user/notificationPreferences', { data: change }),
  setUpSecondStep: () => api.post<SecondStepSetup>('/user/auth/secondStep/setup'),
  confirmSecondStep: (code: SecondStepCode) =>
    api.post<RecoveryCodes>('/user/auth/secondStep/confirm', { data: code }),
  disableSecondStep: (code: SecondStepCode) =>
    api.post<Message>('/user/auth/secondStep/disable', { data: code }),
};
