// The connect page's sagas: connecting (or going to the provider for OAuth), following the import
// task until it ends, recording the finished connection, and "Try again". Following polls
// `GET /task/status` every second; a few failed polls in a row are said on the page (the import
// goes on in the API) while it keeps asking, more slowly. Leaving the page stops the polling.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, cancel, delay, fork, put, take, takeLatest } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { formActions, toApiError, type ApiError, type SuccessMeta } from '@hostdash/shared-auth';
import { connectActions } from './connectSlice';
import {
  onboardApi,
  type ImportTask,
  type Integrations,
  type OnboardStart,
  type PmsConnectionSummary,
} from './onboardApi';

/** How often the page asks how the import is going. */
export const POLL_MS = 1_000;
/** Failed polls in a row before the page says it lost touch (and asks less often). */
export const POLL_FAILURES_SAID = 3;
const SLOW_POLL_MS = 5_000;

/** Sends the browser to the provider's authorization page (a seam for tests). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

function* follow(first: ImportTask) {
  let task = first;
  let failures = 0;
  while (task.state === 'queued' || task.state === 'running') {
    yield delay(failures >= POLL_FAILURES_SAID ? SLOW_POLL_MS : POLL_MS);
    try {
      task = (yield call(onboardApi.taskStatus, { pms: task.pms, id: task.id })) as ImportTask;
      failures = 0;
      yield put(connectActions.taskUpdated(task));
    } catch (error) {
      failures += 1;
      if (failures === POLL_FAILURES_SAID)
        yield put(connectActions.followFailed(toApiError(error)));
    }
  }
  if (task.state !== 'succeeded') return;
  // Recorded once the task succeeded; asked again a few times if the API does not answer.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const connection = (yield call(onboardApi.recordFinished, {
        pms: task.pms,
        id: task.id,
      })) as PmsConnectionSummary;
      yield put(connectActions.finished(connection));
      return;
    } catch (error) {
      const apiError: ApiError = toApiError(error);
      if (attempt >= POLL_FAILURES_SAID) {
        yield put(connectActions.followFailed(apiError));
        return;
      }
      yield delay(POLL_MS * attempt);
    }
  }
}

/**
 * Follows each task the page starts or finds, until it ends or the page is left (or opens another
 * system, or starts over). Finding no task changes nothing: the page may have just started one.
 */
function* followTasks() {
  let following: Task | null = null;
  while (true) {
    const action = (yield take([
      connectActions.taskStarted.type,
      connectActions.resume.succeeded.type,
      connectActions.left.type,
      connectActions.startOver.type,
      connectActions.opened.type,
    ])) as PayloadAction<ImportTask | null>;
    const found =
      action.type === connectActions.taskStarted.type ||
      action.type === connectActions.resume.succeeded.type;
    if (found && action.payload === null) continue;
    if (following) yield cancel(following);
    following = null;
    const task = action.payload;
    if (found && task && task.state !== 'failed') following = (yield fork(follow, task)) as Task;
  }
}

/** What connecting answered: a task to follow, or where to authorize. */
function* started(action: PayloadAction<OnboardStart>) {
  const { task, authorize_url: authorizeUrl } = action.payload;
  if (task) {
    // Connected: the form's draft has done its work.
    yield put(formActions.draftCleared(`connect/${task.pms}`));
    yield put(connectActions.taskStarted(task));
  } else if (authorizeUrl) {
    yield put(connectActions.authorizing());
    yield call(browser.assign, authorizeUrl);
  }
}

function* retried(
  action: PayloadAction<Integrations, string, SuccessMeta<{ pms: ImportTask['pms'] }>>,
) {
  const { pms } = action.meta.request;
  const task = action.payload.items.find((item) => item.pms === pms)?.task;
  if (task) yield put(connectActions.taskStarted(task));
}

export function* connectSaga() {
  yield all([
    fork(connectActions.loadSystems.watch),
    fork(connectActions.connect.watch),
    fork(connectActions.finishOAuth.watch),
    fork(connectActions.retry.watch),
    fork(connectActions.resume.watch),
    takeLatest(
      [connectActions.connect.succeeded.type, connectActions.finishOAuth.succeeded.type],
      started,
    ),
    takeLatest(connectActions.retry.succeeded.type, retried),
    fork(followTasks),
  ]);
}
