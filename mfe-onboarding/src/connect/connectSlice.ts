// The `onboard` slice's connect part (spec section 3: `task`, `context`): the import task the
// connect page follows, and where the page is — the form, waiting for the provider (OAuth),
// following the import, finished, or failed — with the refusal or failure to show.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  defineRemoteCall,
  idleStatus,
  type ApiError,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import {
  onboardApi,
  type ConnectRequest,
  type ImportTask,
  type Integrations,
  type OAuthReturn,
  type OnboardStart,
  type PmsConnectionSummary,
  type PmsName,
  type PmsSystemList,
} from './onboardApi';

export type ConnectPhase =
  'form' | 'starting' | 'authorizing' | 'following' | 'finished' | 'failed';

export interface OnboardContext {
  pms: PmsName | null;
  phase: ConnectPhase;
  /** Why connecting was refused (a credential's field error, or a sentence). */
  error: ApiError | null;
  /** Following the task stopped getting answers; the import itself goes on in the API. */
  followError: ApiError | null;
  /** The finished connection (after `updateAfterIntegration`). */
  connection: PmsConnectionSummary | null;
  systems: PmsSystemList | null;
  systemsStatus: RemoteStatus;
  /** The API's clock minus the page's, from the last task answer: elapsed time on one clock. */
  clockOffsetMs: number;
}

export interface ConnectState {
  task: ImportTask | null;
  context: OnboardContext;
}

export const connectActions = {
  loadSystems: defineRemoteCall<ConnectState, void, PmsSystemList>(
    'onboard/loadSystems',
    (_request, { signal }) => onboardApi.systems(undefined, { signal }),
    { status: (state) => state.context.systemsStatus },
  ),
  // Refusals are shown on the form, beside their field: not again in the snackbar.
  /** Connect with credentials, or (OAuth) learn where to authorize. */
  connect: defineRemoteCall<ConnectState, ConnectRequest, OnboardStart>(
    'onboard/connect',
    onboardApi.connect,
    { strategy: 'leading', silent: true },
  ),
  /** Back from the provider with a code and the state. */
  finishOAuth: defineRemoteCall<ConnectState, OAuthReturn, OnboardStart>(
    'onboard/finishOAuth',
    onboardApi.finishOAuth,
    { strategy: 'leading', silent: true },
  ),
  /**
   * The page opened while signed in: the system's newest import, if any (null: none, a 200 when
   * the account never imported from it).
   */
  resume: defineRemoteCall<ConnectState, { pms: PmsName }, ImportTask | null>(
    'onboard/resume',
    ({ pms }) => onboardApi.latestImport({ pms }).then((state) => state.import),
    { silent: true },
  ),
  /** "Try again": resume the failed import. */
  retry: defineRemoteCall<ConnectState, { pms: PmsName }, Integrations>(
    'onboard/retry',
    onboardApi.syncNow,
    { strategy: 'leading', silent: true },
  ),
  opened: createAction<{ pms: PmsName }>('onboard/opened'),
  /** The page closed: stop following (the import goes on). */
  left: createAction('onboard/left'),
  /** Back to the credentials form (other credentials, or after a refusal on OAuth's way back). */
  startOver: createAction('onboard/startOver'),
  /** Sent to the provider's authorization page. */
  authorizing: createAction('onboard/authorizing'),
  taskStarted: createAction<ImportTask>('onboard/taskStarted'),
  taskUpdated: createAction<ImportTask>('onboard/taskUpdated'),
  followFailed: createAction<ApiError>('onboard/followFailed'),
  finished: createAction<PmsConnectionSummary>('onboard/finished'),
};

export const initialConnectState = (): ConnectState => ({
  task: null,
  context: {
    pms: null,
    phase: 'form',
    error: null,
    followError: null,
    connection: null,
    systems: null,
    systemsStatus: idleStatus(),
    clockOffsetMs: 0,
  },
});

function learnTask(state: ConnectState, task: ImportTask) {
  state.task = task;
  state.context.followError = null;
  state.context.clockOffsetMs = Date.parse(task.server_time) - Date.now();
  if (task.state === 'failed') state.context.phase = 'failed';
  else if (state.context.phase !== 'finished') state.context.phase = 'following';
}

const slice = createSlice({
  name: 'onboard',
  initialState: initialConnectState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(connectActions.opened, (state, { payload: { pms } }) => {
        // Another system: start afresh, keeping the list of systems.
        if (state.context.pms === pms) return;
        const fresh = initialConnectState();
        const { systems, systemsStatus } = state.context;
        return { ...fresh, context: { ...fresh.context, pms, systems, systemsStatus } };
      })
      .addCase(connectActions.loadSystems.succeeded, (state, { payload }) => {
        state.context.systems = payload;
      })
      .addCase(connectActions.connect.requested, (state) => {
        state.context.phase = 'starting';
        state.context.error = null;
      })
      .addCase(connectActions.finishOAuth.requested, (state) => {
        state.context.phase = 'starting';
        state.context.error = null;
      })
      .addCase(connectActions.retry.requested, (state) => {
        state.context.error = null;
      })
      .addCase(connectActions.authorizing, (state) => {
        state.context.phase = 'authorizing';
      })
      .addCase(connectActions.startOver, (state) => {
        state.task = null;
        state.context.phase = 'form';
        state.context.error = null;
        state.context.connection = null;
      })
      .addCase(connectActions.resume.succeeded, (state, { payload: task }) => {
        // A finished import is shown as such; one under way or failed is followed or offered again.
        if (!task) return;
        learnTask(state, task);
        if (task.state === 'succeeded') state.context.phase = 'finished';
      })
      .addCase(connectActions.taskStarted, (state, { payload }) => learnTask(state, payload))
      .addCase(connectActions.taskUpdated, (state, { payload }) => learnTask(state, payload))
      .addCase(connectActions.followFailed, (state, { payload }) => {
        state.context.followError = payload;
      })
      .addCase(connectActions.finished, (state, { payload }) => {
        state.context.phase = 'finished';
        state.context.connection = payload;
      })
      .addMatcher(
        (action) =>
          connectActions.connect.failed.match(action) ||
          connectActions.finishOAuth.failed.match(action) ||
          connectActions.retry.failed.match(action),
        (state, action: PayloadAction<ApiError>) => {
          state.context.error = action.payload;
          if (state.context.phase === 'starting') state.context.phase = 'form';
        },
      );
    connectActions.loadSystems.addStatusCases(builder);
  },
});

export const connectReducer = slice.reducer;
