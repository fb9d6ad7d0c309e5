// The jobs page's calls. A newer address drops the older request (takeLatest); a failed load is
// shown in the page (LoadError), so it is silent here. A retry or a discard is refused inside its
// confirmation dialog; once done it is said in the snackbar and the lists are read again, so the
// job moves to the tab its new state belongs to. A schedule run now is said the same way; a
// refusal goes in its dialog when it was asked first, else in the snackbar.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, select, takeEvery } from 'redux-saga/effects';
import {
  readableMessage,
  snackbarActions,
  takeRemote,
  type FailureMeta,
  type SuccessMeta,
  type ApiError,
} from '@hostdash/shared-auth';
import {
  jobsApi,
  type AdminJob,
  type AdminJobSchedule,
  type JobAction,
  type ScheduleRun,
} from './jobsApi';
import { jobsActions, selectJobs, type JobsState } from './jobsSlice';
import { jobActionDoneMessage, scheduleRunMessage } from './jobWords';

const SHOWN_IN_PAGE = { silent: true } as const;

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
    fork(
      takeRemote(
        jobsActions.load,
        (query, { signal }) => jobsApi.load(query, signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
    fork(
      takeRemote(
        jobsActions.loadMails,
        (query, { signal }) => jobsApi.loadMails(query, signal),
        'latest',
        SHOWN_IN_PAGE,
      ),
    ),
    fork(takeRemote(jobsActions.act, jobsApi.act, 'leading', SHOWN_IN_PAGE)),
    takeEvery(jobsActions.act.succeeded.type, afterJobAction),
    fork(takeRemote(jobsActions.runSchedule, jobsApi.runSchedule, 'leading', SHOWN_IN_PAGE)),
    takeEvery(jobsActions.runSchedule.succeeded.type, afterScheduleRun),
    takeEvery(jobsActions.runSchedule.failed.type, scheduleRunRefused),
  ]);
}
