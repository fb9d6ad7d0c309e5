// @hostdash/delivery: how Hostdash delivers its remotes. The public entry, made only of
// re-exports (README.md says what each part is). Browser code imports the types-only entry
// `@hostdash/delivery/console-types` instead; the deploy command is `@hostdash/delivery/cli`.

// The registry: its model, its file and the two stores.
export {
  HISTORY_LIMIT,
  INTEGRITY,
  REMOTE_NAME,
  VERSION,
  type Actor,
  type Canary,
  type HistoryAction,
  type HistoryEntry,
  type RegistryFile,
  type RegistryRemote,
  type Release,
  type ReleaseFacts,
} from './model';
export {
  parseRegistryFile,
  parseRegistryValue,
  readRegistryFile,
  RegistryLockedError,
  withRegistryLock,
  writeRegistryFile,
} from './registryFile';
export {
  absoluteAddress,
  documentToPlainRemotes,
  entryBeside,
  FRONTEND_DISCOVERY_SCHEMA,
  isDiscoveryDocument,
  REMOTE_ENTRY,
  registryToDocument,
  wireRelease,
  type DiscoveryDocument,
  type DiscoveryRelease,
} from './frontendDiscovery';
export {
  FileRegistryStore,
  RegistryConflictError,
  RegistryUnavailableError,
  type Readiness,
  type RegistryStore,
  type RemoteChange,
} from './registryStore';
export {
  LISTENER_APPLICATION_NAME,
  PostgresRegistryStore,
  REGISTRY_CHANNEL,
  type RegistryLog,
} from './postgresRegistry';
export { openRegistryStore } from './openRegistry';
export { deliveryPaths, type DeliveryPaths } from './paths';
export { canaryBucket, getsCanary } from './canary';

// Where published builds are kept, and what their files are served with.
export { AlreadyPublishedError, entryIntegrity, FolderStore, type RemoteStore } from './store';
export { bucketStoreFromEnv, ObjectStore } from './objectStore';
export {
  cacheControlFor,
  contentTypeFor,
  isPrivateBuildFile,
  PRECOMPRESSED,
  type Precompressed,
} from './publishedFiles';
export { readBuild, type BuildInfo } from './build';

// Changing the registry: the operations, the strategies and the rollout driver.
export {
  abort,
  advance,
  deploy,
  DeliveryError,
  previewTarget,
  recordPreview,
  formatStatus,
  promote,
  recordHealth,
  rollback,
  rollbackTarget,
  startCanary,
  UnhealthyCandidateError,
  UnknownRemoteError,
  VersionChangedError,
  type DeliveryContext,
  type Expected,
  type Outcome,
  type PreviewTarget,
} from './operations';
export { decide, isStrategy, nextStepAt, STRATEGIES, STRATEGY_NAMES } from './strategies';
export {
  apiVerdicts,
  DRIVER,
  ROLLOUT_ROUND,
  runRolloutRound,
  startRolloutDriver,
  type RolloutDriverOptions,
  type VerdictQuery,
  type VerdictSource,
} from './rolloutDriver';

// The delivery console's HTTP API, mounted by the shell server.
export {
  HEALTH_TIMEOUT_MS,
  registerDeliveryConsole,
  type ConsoleAdmin,
  type ConsoleRemoteHealth,
  type DeliveryConsoleOptions,
  type PreviewOptions,
} from './console';
export {
  PREVIEW_COOKIE,
  PREVIEW_TTL_MS,
  previewKey,
  readPreview,
  signPreview,
  type Preview,
  type PreviewRelease,
} from './preview';

// The deploy command (also `@hostdash/delivery/cli`).
export { main as runDeliveryCommand } from './cli';
