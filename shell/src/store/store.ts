// The one store (ARCHITECTURE.md, "One store"): the base store every remote's tests and standalone
// page use too (shared-auth/src/baseStore.ts), with the shell's own saga. Each remote's slice and
// saga are injected when the remote first mounts.
import { createBaseStore, type User } from '@hostdash/shared-auth';
import { shellSaga, type ShellSagaOptions } from './shellSaga';

export function createShellStore(options: { user: User | null } & ShellSagaOptions) {
  return createBaseStore({
    user: options.user,
    saga: function* shellSagas() {
      yield* shellSaga(options);
    },
    onSagaError: (error) => console.error('[store] a saga crashed', error),
  });
}

export type ShellStore = ReturnType<typeof createShellStore>['store'];
export type RootState = ReturnType<ShellStore['getState']>;
export type AppDispatch = ShellStore['dispatch'];
