// The jobs page's calls. A newer address drops the older request (takeLatest); a failed load is
// shown in the page (LoadError), so it is silent. A retry or a discard is refused inside its
// confirmation dialog; once done it is said in the snackbar and the lists are read again, so the
// job moves to the tab its new state belongs to. A schedule run now is said the same way; a
// refusal goes in its dialog when it was asked first, else in the snackbar.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, select, takeEvery } from 'redux-saga/effects';
import {
  readableMessage,
  snackbarActions,
  type FailureMeta,
  type SuccessMeta,
  type ApiError,
} from '@hostdash/shared-auth';
import type { AdminJob, AdminJobSchedule, JobAction, ScheduleRun } from './jobsApi';
import { jobsActions, selectJobs, type JobsState } from './jobsSlice';
import { jobActionDoneMessage, scheduleRunMessage } from './jobWords';

function* reloadJobs() {
  const { load }: JobsState = yield select(selectJobs);
  if (load) yield put(jobsActions.load.requested(load));
}

function* afterJobAction(action: PayloadAction<AdminJob, string, { request: JobAction }>) {
  yield put(
    snackbarActions.show({
      text: jobActionDoneMessage(action.meta.request.action, action.payload),
      props: { severity: 'success' },
    }),
  );
  yield* reloadJobs();
}

function* afterScheduleRun(
  action: PayloadAction<AdminJobSchedule, string, SuccessMeta<ScheduleRun>>,
) {
  yield put(
    snackbarActions.show({
      text: scheduleRunMessage(action.payload),
      props: { severity: 'success' },
    }),
  );
  yield* reloadJobs();
}

function* scheduleRunRefused(action: PayloadAction<ApiError, string, FailureMeta<ScheduleRun>>) {
  if (action.meta.request?.asked) return;
  yield put(
    snackbarActions.show({ text: readableMessage(action.payload), props: { severity: 'error' } }),
  );
}

export function* jobsSaga() {
  yield all([
    fork(jobsActions.load.watch),
    fork(jobsActions.loadMails.watch),
    fork(jobsActions.act.watch),
    takeEvery(jobsActions.act.succeeded.type, afterJobAction),
    fork(jobsActions.runSchedule.watch),
    takeEvery(jobsActions.runSchedule.succeeded.type, afterScheduleRun),
    takeEvery(jobsActions.runSchedule.failed.type, scheduleRunRefused),
  ]);
}
