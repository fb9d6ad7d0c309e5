// The registry's model: which version of each remote is live, an optional canary, the history of
// switches, and the rules for names and versions. Types and constants only, importing no other
// module of this package: the registry file, the Frontend Discovery mapping and the strategies all
// build on it (before, registryFile.ts, frontendDiscovery.ts and strategies.ts imported each other).
// Model and rules: docs/adr/0005-versioned-remotes-registry-and-canary.md.
import type {
  Actor,
  HistoryAction,
  HistoryEntry as ConsoleHistoryEntry,
  RolloutHealth,
  RolloutProgress,
} from '@hostdash/shared-auth';

/**
 * A history entry is what the delivery console shows (shared-auth/src/deliveryConsole.ts), with the
 * release's integrity and contract, so a rollback restores them.
 */
export type HistoryEntry = ConsoleHistoryEntry & ReleaseFacts;
export type { Actor, HistoryAction, RolloutHealth, RolloutProgress };

/** What a release's build says of itself, kept with it in the registry. */
export interface ReleaseFacts {
  /** Subresource Integrity of its remoteEntry.js (`sha384-…`); absent when not known. */
  integrity?: string;
  /** The shell contract range it declares. */
  contract?: string;
}

/** A published version of a remote and where its manifest is (relative to REMOTES_ORIGIN, or absolute). */
export interface Release extends ReleaseFacts {
  version: string;
  manifest: string;
}

/** A candidate version for some users: ids in `users`, and everyone whose bucket is below `percent`. */
export interface Canary extends Release {
  percent: number;
  users: string[];
  since?: string;
  by?: string;
  actor?: Actor;
  /** A strategy's progress (`deploy --strategy`); none for a fixed share. */
  rollout?: RolloutProgress;
  /** The latest verdict of the health analysis (written by the rollout driver). */
  health?: RolloutHealth;
}

export interface RegistryRemote extends ReleaseFacts {
  name: string;
  /** The live version's manifest. */
  manifest: string;
  version?: string;
  canary?: Canary;
  /** Oldest first. */
  history?: HistoryEntry[];
}

export interface RegistryFile {
  remotes: RegistryRemote[];
}

export const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;
/** A version is one path segment of the store: `0.1.0+3f2a9c1d`. */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;
/** A Subresource Integrity value as browsers check it (one hash). */
export const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
export const HISTORY_LIMIT = 50;
