// The jobs page's calls. A newer address drops the older request (takeLatest); a failed load is
// shown in the page (LoadError), so it is silent here. A retry or a discard is refused inside its
// confirmation dialog; once done it is said in the snackbar and the lists are read again, so the
// job moves to the tab its new state belongs to.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, fork, put, select, takeEvery } from 'redux-saga/effects';
import { snackbarActions, takeRemote } from '@hostdash/shared-auth';
import { jobsApi, type AdminJob, type JobAction } from './jobsApi';
import { jobsActions, selectJobs, type JobsState } from './jobsSlice';
import { jobActionDoneMessage } from './jobWords';

const SHOWN_IN_PAGE = { silent: true } as const;

function* afterJobAction(action: PayloadAction<AdminJob, string, { request: JobAction }>) {
  yield put(
    snackbarActions.show({
      text: jobActionDoneMessage(action.meta.request.action, action.payload),
      props: { severity: 'success' },
    }),
  );
  const { load }: JobsState = yield select(selectJobs);
  if (load) yield put(jobsActions.load.requested(load));
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
  ]);
}
