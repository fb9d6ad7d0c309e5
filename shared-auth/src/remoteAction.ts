// Every remote action has three steps (spec section 4): requested (loading), succeeded, failed
// (error kept). One helper makes the three action creators, the status reducer cases and the
// saga that runs the call, so no slice hand-writes a triple.
import {
  createAction,
  type ActionReducerMapBuilder,
  type Draft,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { call, cancelled, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ForkEffect } from 'redux-saga/effects';
import { toApiError } from './apiErrors';
import type { ApiError } from './types';

export interface RemoteStatus {
  loading: boolean;
  error: ApiError | null;
}

export const idleStatus = (): RemoteStatus => ({ loading: false, error: null });

export interface FailureMeta<Request = unknown> {
  remoteStep: 'failed';
  /** A silent failure is kept in state but not shown in the snackbar. */
  silent: boolean;
  /** The request that failed, when known (e.g. which row to leave as it was). */
  request?: Request;
}

export interface SuccessMeta<Request> {
  remoteStep: 'succeeded';
  /** The request that produced this answer (e.g. which row to patch). */
  request: Request;
}

export interface RemoteAction<Request, Response> {
  /** `domain/event`; the three steps are `domain/eventRequested`, `…Succeeded`, `…Failed`. */
  type: string;
  requested: {
    (...args: Request extends void ? [] | [Request] : [Request]): PayloadAction<Request>;
    type: string;
    match: (action: unknown) => action is PayloadAction<Request>;
  };
  succeeded: {
    (response: Response, request: Request): PayloadAction<Response, string, SuccessMeta<Request>>;
    type: string;
    match: (action: unknown) => action is PayloadAction<Response, string, SuccessMeta<Request>>;
  };
  failed: {
    (
      error: ApiError,
      options?: { silent?: boolean; request?: Request },
    ): PayloadAction<ApiError, string, FailureMeta<Request>>;
    type: string;
    match: (action: unknown) => action is PayloadAction<ApiError, string, FailureMeta<Request>>;
  };
}

export function createRemoteAction<Request = void, Response = void>(
  type: string,
): RemoteAction<Request, Response> {
  const requested = createAction(`${type}Requested`, (request: Request) => ({ payload: request }));
  const succeeded = createAction(`${type}Succeeded`, (response: Response, request: Request) => ({
    payload: response,
    meta: { remoteStep: 'succeeded' as const, request },
  }));
  const failed = createAction(
    `${type}Failed`,
    (error: ApiError, options: { silent?: boolean; request?: Request } = {}) => ({
      payload: error,
      meta: {
        remoteStep: 'failed' as const,
        silent: options.silent ?? false,
        request: options.request,
      },
    }),
  );
  return { type, requested, succeeded, failed } as unknown as RemoteAction<Request, Response>;
}

/** Any remote action's failure step: the shell shows these in the snackbar. */
export function isFailedRemoteAction(
  action: unknown,
): action is PayloadAction<ApiError, string, FailureMeta> {
  const meta = (action as { meta?: Partial<FailureMeta> } | null)?.meta;
  return meta?.remoteStep === 'failed';
}

/**
 * Internal to the kit: defineRemoteCall wires it.
 * Keeps `loading` and `error` for one remote action. Uses matchers, so a slice can still add its
 * own `addCase` for the same steps (call this after them).
 */
function addRemoteStatusCases<State, Request, Response>(
  builder: ActionReducerMapBuilder<State>,
  remoteAction: RemoteAction<Request, Response>,
  status: (state: Draft<State>) => RemoteStatus,
): void {
  builder
    .addMatcher(remoteAction.requested.match, (state) => {
      const current = status(state);
      current.loading = true;
      current.error = null;
    })
    .addMatcher(remoteAction.succeeded.match, (state) => {
      status(state).loading = false;
    })
    .addMatcher(remoteAction.failed.match, (state, action) => {
      const current = status(state);
      current.loading = false;
      current.error = action.payload as Draft<ApiError>;
    });
}

export interface CallContext {
  /** Aborted when the saga is cancelled (a newer request under takeLatest). */
  signal: AbortSignal;
}

/** A call made for a request: a promise, or a saga (to `select` state first). */
export type RemoteCall<Request, Response> = (
  request: Request,
  context: CallContext,
) => Promise<Response> | Generator<unknown, Response, never>;

export type TakeStrategy = 'latest' | 'every' | 'leading';

export interface RemoteOptions<Request = unknown> {
  /**
   * A failure is kept in state but not put in the snackbar: for calls the person did not make
   * themselves (marking notifications read as the menu opens), where an error would be noise.
   * A function decides per failure: for a write whose form shows some refusals in place (a field's
   * error, a stale write) while the rest still belong in the snackbar.
   */
  silent?: boolean | ((error: ApiError, request: Request) => boolean);
}

/** Internal to the kit (defineRemoteCall's `watch`). The worker for one request: call, then put succeeded or failed. The HTTP request is aborted if the saga is cancelled. */
function remoteWorker<Request, Response>(
  remoteAction: RemoteAction<Request, Response>,
  remoteCall: RemoteCall<Request, Response>,
  options: RemoteOptions<Request> = {},
) {
  const isSilent = (error: ApiError, request: Request): boolean =>
    typeof options.silent === 'function'
      ? options.silent(error, request)
      : (options.silent ?? false);
  return function* worker(action: PayloadAction<Request>) {
    const controller = new AbortController();
    try {
      const response = (yield call(remoteCall, action.payload, {
        signal: controller.signal,
      })) as Response;
      yield put(remoteAction.succeeded(response, action.payload));
    } catch (error) {
      const apiError = toApiError(error);
      yield put(
        remoteAction.failed(apiError, {
          request: action.payload,
          silent: isSilent(apiError, action.payload),
        }),
      );
    } finally {
      if ((yield cancelled()) as boolean) controller.abort();
    }
  };
}

/**
 * Internal to the kit (defineRemoteCall's `watch`). Runs `remoteCall` for every `requested` step. `latest` (the default) drops an older request when
 * a newer one arrives, which is right for loads; use `every` for independent writes (one per row)
 * and `leading` to ignore repeats while one is running (a submit button).
 */
function takeRemote<Request, Response>(
  remoteAction: RemoteAction<Request, Response>,
  remoteCall: RemoteCall<Request, Response>,
  strategy: TakeStrategy = 'latest',
  options: RemoteOptions<Request> = {},
): () => Generator<ForkEffect, void, unknown> {
  const worker = remoteWorker(remoteAction, remoteCall, options);
  const take = strategy === 'every' ? takeEvery : strategy === 'leading' ? takeLeading : takeLatest;
  return function* watch() {
    yield take(remoteAction.requested.type, worker);
  };
}

/** A call wired once (issue 35): its three actions, the saga that runs it and its status cases. */
export interface DefinedRemoteCall<State, Request, Response> extends RemoteAction<
  Request,
  Response
> {
  /** The saga that runs the call for every `requested` step; fork it in the remote's saga. */
  watch: () => Generator<ForkEffect, void, unknown>;
  /**
   * Keeps the call's `loading` and `error` in the slice (call it after the slice's own cases); does
   * nothing for a call defined without `status`.
   */
  addStatusCases: (builder: ActionReducerMapBuilder<State>) => void;
}

export interface RemoteCallOptions<State, Request = unknown> extends RemoteOptions<Request> {
  /**
   * Where the slice keeps this call's `loading` and `error`. Leave it out for a call whose slice
   * keeps its own kind of status (one per row, a batch's progress) with its own cases.
   */
  status?: (state: Draft<State>) => RemoteStatus;
  /** See takeRemote; `latest` by default. */
  strategy?: TakeStrategy;
}

/**
 * One call of a remote, wired in one place: `type`'s three actions (createRemoteAction), the saga
 * that runs `remoteCall` for each request (takeRemote) and the slice's status cases
 * (addRemoteStatusCases), instead of four sites that must agree.
 */
export function defineRemoteCall<State, Request = void, Response = void>(
  type: string,
  remoteCall: RemoteCall<Request, Response>,
  { status, strategy = 'latest', ...options }: RemoteCallOptions<State, Request>,
): DefinedRemoteCall<State, Request, Response> {
  const remoteAction = createRemoteAction<Request, Response>(type);
  return {
    ...remoteAction,
    watch: takeRemote(remoteAction, remoteCall, strategy, options),
    addStatusCases: (builder) => {
      if (status) addRemoteStatusCases(builder, remoteAction, status);
    },
  };
}
