// @hostdash/shared-auth: the one public entry (re-exports only).
export * from './types';
export * from './constants';
export * from './cookies';
export * from './apiClient';
export * from './remoteAction';
export * from './authApi';
export * from './authSlice';
export * from './authSaga';
export * from './snackbarSlice';
export * from './access';
export * from './pagination';
export * from './dates';
export * from './federation';
export * from './contract';
export * from './themeOptions';
export * from './domain';
export * from './standaloneStore';
