// The settings page's part of the `onboard` slice (`onboard.settings`): the account's connected
// systems as last answered, the person's profile, the notification switches as shown (a toggle
// shows at once and goes back if the API refuses it), a second-step set-up waiting for its first
// code and the recovery codes shown once, and one status per call (each shown where it was asked).
import { createAction, createReducer } from '@reduxjs/toolkit';
import {
  defineRemoteCall,
  idleStatus,
  type ApiError,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import {
  settingsApi,
  type Integrations,
  type Message,
  type NotificationPreferences,
  type PasswordChange,
  type PmsConnectionSummary,
  type PreferenceKind,
  type PreferencesChange,
  type Profile,
  type ProfileChange,
  type RecoveryCodes,
  type SecondStepCode,
  type SecondStepSetup,
} from './settingsApi';

type PmsName = PmsConnectionSummary['pms'];

/** A connected system to sync or disconnect, with the name the messages say. */
export interface IntegrationRequest {
  pms: PmsName;
  label: string;
}

export interface SettingsState {
  integrations: Integrations | null;
  /** Asking how a running import goes stopped getting answers (the import goes on in the API). */
  pollError: ApiError | null;
  /** The system whose "Sync now" is under way. */
  syncing: PmsName | null;
  profile: Profile | null;
  /** The switches as shown: the saved preferences with the toggles not answered yet. */
  preferences: NotificationPreferences | null;
  /** The preferences whose save is under way. */
  savingPreferences: PreferenceKind[];
  secondStep: {
    /** A new secret waiting for its first code. */
    setup: SecondStepSetup | null;
    /** Shown once: from the confirmation until the person says they saved them, or leaves. */
    recoveryCodes: string[] | null;
  };
  status: {
    integrations: RemoteStatus;
    sync: RemoteStatus;
    disconnect: RemoteStatus;
    profile: RemoteStatus;
    saveProfile: RemoteStatus;
    changePassword: RemoteStatus;
    setUpSecondStep: RemoteStatus;
    confirmSecondStep: RemoteStatus;
    disableSecondStep: RemoteStatus;
  };
}

export const initialSettingsState = (): SettingsState => ({
  integrations: null,
  pollError: null,
  syncing: null,
  profile: null,
  preferences: null,
  savingPreferences: [],
  secondStep: { setup: null, recoveryCodes: null },
  status: {
    integrations: idleStatus(),
    sync: idleStatus(),
    disconnect: idleStatus(),
    profile: idleStatus(),
    saveProfile: idleStatus(),
    changePassword: idleStatus(),
    setUpSecondStep: idleStatus(),
    confirmSecondStep: idleStatus(),
    disableSecondStep: idleStatus(),
  },
});

// Each refusal is shown where it was asked (beside its field, in its dialog, on its section), so
// the calls are silent.
export const settingsActions = {
  loadIntegrations: defineRemoteCall<SettingsState, void, Integrations>(
    'onboard/loadIntegrations',
    (_request, { signal }) => settingsApi.integrations(undefined, { signal }),
    { status: (state) => state.status.integrations, silent: true },
  ),
  sync: defineRemoteCall<SettingsState, IntegrationRequest, Integrations>(
    'onboard/syncIntegration',
    ({ pms }) => settingsApi.updateIntegration({ pms, action: 'sync' }),
    { status: (state) => state.status.sync, strategy: 'leading', silent: true },
  ),
  disconnect: defineRemoteCall<SettingsState, IntegrationRequest, Integrations>(
    'onboard/disconnectIntegration',
    ({ pms }) => settingsApi.updateIntegration({ pms, action: 'disconnect' }),
    { status: (state) => state.status.disconnect, strategy: 'leading', silent: true },
  ),
  /** The connections as asked again while an import runs (no loading shown). */
  integrationsPolled: createAction<Integrations>('onboard/integrationsPolled'),
  integrationsPollFailed: createAction<ApiError>('onboard/integrationsPollFailed'),
  loadProfile: defineRemoteCall<SettingsState, void, Profile>(
    'onboard/loadProfile',
    (_request, { signal }) => settingsApi.profile(undefined, { signal }),
    { status: (state) => state.status.profile, silent: true },
  ),
  saveProfile: defineRemoteCall<SettingsState, ProfileChange, Profile>(
    'onboard/saveProfile',
    settingsApi.saveProfile,
    { status: (state) => state.status.saveProfile, strategy: 'leading', silent: true },
  ),
  changePassword: defineRemoteCall<SettingsState, PasswordChange, Message>(
    'onboard/changePassword',
    settingsApi.changePassword,
    { status: (state) => state.status.changePassword, strategy: 'leading', silent: true },
  ),
  // Each switch on its own: toggling one does not wait for another.
  savePreferences: defineRemoteCall<SettingsState, PreferencesChange, NotificationPreferences>(
    'onboard/savePreferences',
    settingsApi.savePreferences,
    { strategy: 'every', silent: true },
  ),
  setUpSecondStep: defineRemoteCall<SettingsState, void, SecondStepSetup>(
    'onboard/setUpSecondStep',
    settingsApi.setUpSecondStep,
    { status: (state) => state.status.setUpSecondStep, strategy: 'leading', silent: true },
  ),
  confirmSecondStep: defineRemoteCall<SettingsState, SecondStepCode, RecoveryCodes>(
    'onboard/confirmSecondStep',
    settingsApi.confirmSecondStep,
    { status: (state) => state.status.confirmSecondStep, strategy: 'leading', silent: true },
  ),
  disableSecondStep: defineRemoteCall<SettingsState, SecondStepCode, Message>(
    'onboard/disableSecondStep',
    settingsApi.disableSecondStep,
    { status: (state) => state.status.disableSecondStep, strategy: 'leading', silent: true },
  ),
  secondStepSetupCancelled: createAction('onboard/secondStepSetupCancelled'),
  /** "I have saved them": the recovery codes are not shown again. */
  recoveryCodesSaved: createAction('onboard/recoveryCodesSaved'),
  /** The page closed: polling stops, and a set-up or recovery codes are not kept. */
  left: createAction('onboard/settingsLeft'),
};

const changedKinds = (change: PreferencesChange) =>
  Object.keys(change).filter(
    (kind): kind is PreferenceKind => change[kind as PreferenceKind] !== undefined,
  );

export const settingsReducer = createReducer(initialSettingsState, (builder) => {
  builder
    .addCase(settingsActions.loadIntegrations.succeeded, (state, { payload }) => {
      state.integrations = payload;
      state.pollError = null;
    })
    .addCase(settingsActions.integrationsPolled, (state, { payload }) => {
      state.integrations = payload;
      state.pollError = null;
    })
    .addCase(settingsActions.integrationsPollFailed, (state, { payload }) => {
      state.pollError = payload;
    })
    .addCase(settingsActions.sync.requested, (state, { payload }) => {
      state.syncing = payload.pms;
    })
    .addCase(settingsActions.sync.succeeded, (state, { payload }) => {
      state.syncing = null;
      state.integrations = payload;
    })
    .addCase(settingsActions.sync.failed, (state) => {
      state.syncing = null;
    })
    .addCase(settingsActions.disconnect.succeeded, (state, { payload }) => {
      state.integrations = payload;
    })
    .addCase(settingsActions.loadProfile.succeeded, (state, { payload }) => {
      state.profile = payload;
      // A toggle still under way keeps what the person chose until it is answered.
      const shown = { ...payload.notification_preferences };
      if (state.preferences)
        for (const kind of state.savingPreferences) shown[kind] = state.preferences[kind];
      state.preferences = shown;
    })
    .addCase(settingsActions.saveProfile.succeeded, (state, { payload }) => {
      state.profile = payload;
    })
    .addCase(settingsActions.savePreferences.requested, (state, { payload }) => {
      if (!state.preferences) return;
      for (const kind of changedKinds(payload)) {
        state.preferences[kind] = payload[kind]!;
        if (!state.savingPreferences.includes(kind)) state.savingPreferences.push(kind);
      }
    })
    .addCase(settingsActions.savePreferences.succeeded, (state, { payload, meta }) => {
      // Only the keys this answer was for: another switch may have a toggle of its own under way.
      const kinds = changedKinds(meta.request);
      if (state.preferences) for (const kind of kinds) state.preferences[kind] = payload[kind];
      if (state.profile)
        for (const kind of kinds) state.profile.notification_preferences[kind] = payload[kind];
      state.savingPreferences = state.savingPreferences.filter((kind) => !kinds.includes(kind));
    })
    .addCase(settingsActions.savePreferences.failed, (state, { meta }) => {
      if (!meta.request) return;
      const kinds = changedKinds(meta.request);
      // Back to what was saved before the toggle.
      if (state.preferences)
        for (const kind of kinds) state.preferences[kind] = !meta.request[kind];
      state.savingPreferences = state.savingPreferences.filter((kind) => !kinds.includes(kind));
    })
    .addCase(settingsActions.setUpSecondStep.succeeded, (state, { payload }) => {
      state.secondStep.setup = payload;
      state.secondStep.recoveryCodes = null;
    })
    .addCase(settingsActions.setUpSecondStep.failed, (state, { payload }) => {
      // It was on already (turned on in another tab): the section says so.
      if (payload.error === 'second_step_on' && state.profile) state.profile.second_step = true;
    })
    .addCase(settingsActions.secondStepSetupCancelled, (state) => {
      state.secondStep.setup = null;
      state.status.confirmSecondStep = idleStatus();
    })
    .addCase(settingsActions.confirmSecondStep.succeeded, (state, { payload }) => {
      state.secondStep.setup = null;
      state.secondStep.recoveryCodes = payload.recovery_codes;
      if (state.profile) state.profile.second_step = true;
    })
    .addCase(settingsActions.recoveryCodesSaved, (state) => {
      state.secondStep.recoveryCodes = null;
    })
    .addCase(settingsActions.disableSecondStep.succeeded, (state) => {
      if (state.profile) state.profile.second_step = false;
    })
    .addCase(settingsActions.disableSecondStep.failed, (state, { payload }) => {
      if (payload.error === 'second_step_off' && state.profile) state.profile.second_step = false;
    })
    .addCase(settingsActions.left, (state) => {
      state.secondStep = { setup: null, recoveryCodes: null };
      state.pollError = null;
    });
  settingsActions.loadIntegrations.addStatusCases(builder);
  settingsActions.sync.addStatusCases(builder);
  settingsActions.disconnect.addStatusCases(builder);
  settingsActions.loadProfile.addStatusCases(builder);
  settingsActions.saveProfile.addStatusCases(builder);
  settingsActions.changePassword.addStatusCases(builder);
  settingsActions.setUpSecondStep.addStatusCases(builder);
  settingsActions.confirmSecondStep.addStatusCases(builder);
  settingsActions.disableSecondStep.addStatusCases(builder);
});

/** Whether an import of the account is queued or running (then the page keeps asking). */
export const importUnderWay = (integrations: Integrations | null): boolean =>
  integrations?.items.some(
    (item) => item.task?.state === 'queued' || item.task?.state === 'running',
  ) ?? false;
