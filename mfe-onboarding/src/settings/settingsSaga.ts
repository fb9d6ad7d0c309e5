// The settings page's calls. Each refusal is shown where it was asked (beside its field, in its
// dialog, on its section), so the calls are silent; what went through is said in the snackbar.
// While an import of the account runs, the connections are asked again every 2 s until none
// runs; leaving the page stops it.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { all, call, cancel, delay, fork, put, take, takeEvery } from 'redux-saga/effects';
import {
  authActions,
  snackbarActions,
  toApiError,
  type ApiError,
  type FailureMeta,
  type SuccessMeta,
} from '@hostdash/shared-auth';
import {
  settingsApi,
  type Integrations,
  type Message,
  type PreferencesChange,
  type Profile,
  type ProfileChange,
} from './settingsApi';
import { importUnderWay, settingsActions, type IntegrationRequest } from './settingsSlice';
import {
  preferenceRefusedInWords,
  preferenceSavedInWords,
  syncRefusedInWords,
} from './settingsWords';

/** How often the page asks about the connections while an import runs. */
export const POLL_MS = 2_000;

const said = (text: string, severity: 'success' | 'error' | 'info' = 'success') =>
  snackbarActions.show({ text, props: { severity } });

function* pollWhileImporting() {
  while (true) {
    yield delay(POLL_MS);
    try {
      const integrations = (yield call(settingsApi.integrations)) as Integrations;
      yield put(settingsActions.integrationsPolled(integrations));
      if (!importUnderWay(integrations)) return;
    } catch (error) {
      // Said on the page; it keeps asking (the import goes on in the API).
      yield put(settingsActions.integrationsPollFailed(toApiError(error)));
    }
  }
}

/** Starts polling when an answer shows an import under way; stops it when the page is left. */
function* watchImports() {
  let polling: Task | null = null;
  while (true) {
    const action = (yield take([
      settingsActions.loadIntegrations.succeeded.type,
      settingsActions.sync.succeeded.type,
      settingsActions.disconnect.succeeded.type,
      settingsActions.left.type,
    ])) as PayloadAction<Integrations | undefined>;
    if (action.type === settingsActions.left.type) {
      if (polling) yield cancel(polling);
      polling = null;
    } else if (importUnderWay(action.payload ?? null) && !polling?.isRunning()) {
      polling = (yield fork(pollWhileImporting)) as Task;
    }
  }
}

function* synced(action: PayloadAction<Integrations, string, SuccessMeta<IntegrationRequest>>) {
  yield put(
    said(
      `${action.meta.request.label} is syncing. New listings and reservations come in as it goes.`,
    ),
  );
}

function* syncRefused(action: PayloadAction<ApiError, string, FailureMeta<IntegrationRequest>>) {
  const label = action.meta.request?.label ?? 'The system';
  yield put(said(syncRefusedInWords(label, action.payload), 'error'));
  // An import the page did not know of: show it (and follow it).
  if (action.payload.error === 'import_in_progress')
    yield put(settingsActions.loadIntegrations.requested());
}

function* disconnected(
  action: PayloadAction<Integrations, string, SuccessMeta<IntegrationRequest>>,
) {
  yield put(
    said(
      `${action.meta.request.label} is disconnected. Its listings and reservations stay in Hostdash.`,
    ),
  );
}

function* profileSaved(action: PayloadAction<Profile, string, SuccessMeta<ProfileChange>>) {
  const emailChanged = action.meta.request.email !== undefined;
  yield put(
    said(
      emailChanged
        ? `Your profile is saved. Hostdash now writes to ${action.payload.email}, and told your old address.`
        : 'Your profile is saved.',
    ),
  );
  // The shell shows the person's name and email: it learns them again.
  yield put(authActions.loadAuth.requested());
}

function* passwordChanged(action: PayloadAction<Message>) {
  yield put(said(action.payload.message));
}

function* preferenceSaved(action: PayloadAction<unknown, string, SuccessMeta<PreferencesChange>>) {
  for (const [kind, on] of Object.entries(action.meta.request))
    if (on !== undefined)
      yield put(said(preferenceSavedInWords(kind as keyof PreferencesChange, on)));
}

function* preferenceRefused(
  action: PayloadAction<ApiError, string, FailureMeta<PreferencesChange>>,
) {
  for (const [kind, on] of Object.entries(action.meta.request ?? {}))
    if (on !== undefined)
      yield put(
        said(preferenceRefusedInWords(kind as keyof PreferencesChange, action.payload), 'error'),
      );
}

function* secondStepOff(action: PayloadAction<Message>) {
  yield put(said(action.payload.message));
}

export function* settingsSaga() {
  yield all([
    fork(settingsActions.loadIntegrations.watch),
    fork(settingsActions.sync.watch),
    fork(settingsActions.disconnect.watch),
    fork(settingsActions.loadProfile.watch),
    fork(settingsActions.saveProfile.watch),
    fork(settingsActions.changePassword.watch),
    fork(settingsActions.savePreferences.watch),
    fork(settingsActions.setUpSecondStep.watch),
    fork(settingsActions.confirmSecondStep.watch),
    fork(settingsActions.disableSecondStep.watch),
    takeEvery(settingsActions.sync.succeeded.type, synced),
    takeEvery(settingsActions.sync.failed.type, syncRefused),
    takeEvery(settingsActions.disconnect.succeeded.type, disconnected),
    takeEvery(settingsActions.saveProfile.succeeded.type, profileSaved),
    takeEvery(settingsActions.changePassword.succeeded.type, passwordChanged),
    takeEvery(settingsActions.savePreferences.succeeded.type, preferenceSaved),
    takeEvery(settingsActions.savePreferences.failed.type, preferenceRefused),
    takeEvery(settingsActions.disableSecondStep.succeeded.type, secondStepOff),
    fork(watchImports),
  ]);
}
