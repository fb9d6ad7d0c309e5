// @hostdash/shared-auth: the one public entry (re-exports only).
export * from './types';
export * from './constants';
export * from './outageNotice';
export * from './cookies';
export * from './apiClient';
export * from './apiErrors';
export * from './apiOutcome';
export * from './traceparent';
export * from './fetchClient';
// The remote kit: every call (the remotes' and auth's) is defined once with defineRemoteCall; the
// status cases and the watcher it wires are private to remoteAction.ts. createRemoteAction stays
// public for a bare three-step action (the shell's store test makes one).
export {
  createRemoteAction,
  defineRemoteCall,
  idleStatus,
  isFailedRemoteAction,
  type CallContext,
  type DefinedRemoteCall,
  type FailureMeta,
  type RemoteAction,
  type RemoteCall,
  type RemoteCallOptions,
  type RemoteOptions,
  type RemoteStatus,
  type SuccessMeta,
  type TakeStrategy,
} from './remoteAction';
export * from './authApi';
export * from './authSlice';
export * from './authSaga';
export * from './snackbarSlice';
export * from './formSlice';
export * from './access';
export { REMOTE_NAMES, REMOTE_TITLES } from './remotes.generated';
export * from './pagination';
export * from './dates';
export * from './federation';
export * from './contract';
export * from './themeOptions';
export * from './domain';
export * from './baseStore';
export * from './labels';
export * from './historyGate';
export * from './deliveryConsole';
export * from './previewApi';
export * from './places';
export * from './pageWidths';
