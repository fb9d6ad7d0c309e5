// The delivery console's answers and requests (`/admin-api/remotes` on the shell server): declared
// once here, so the admin remote's page and the shell server that answers it cannot drift. The
// registry file's history entries (shell/server/delivery/registryFile.ts) are these same types.

/** Where the shell server answers the console (same origin as the dashboard). */
export const DELIVERY_CONSOLE_PREFIX = '/admin-api';

/** What the console can do to a remote: the same operations as `npm run remotes`. */
export const DELIVERY_CONSOLE_ACTIONS = ['promote', 'abort', 'rollback', 'canary'] as const;
export type DeliveryConsoleAction = (typeof DELIVERY_CONSOLE_ACTIONS)[number];

/**
 * Who made a change from the delivery console: the signed-in admin's user id and email. The CLI
 * records only `by` ($USER); registry files written before this field existed stay readable.
 */
export interface Actor {
  id: string;
  email: string;
}

export type HistoryAction = 'deploy' | 'rollback' | 'promote' | 'canary' | 'abort';

/** One switch in a remote's history. */
export interface HistoryEntry {
  action: HistoryAction;
  version: string;
  /** Where this version's manifest is (relative to the remote origin, or absolute). */
  manifest: string;
  /** The live version before this change (null for a remote's first deploy). */
  previous: string | null;
  at: string;
  by: string;
  actor?: Actor;
  commit?: string;
}

/** A shared singleton a remote's build needs in another version than the shell provides. */
export interface SharedMismatch {
  name: string;
  requiredVersion: string;
  provided: string;
}

/** What checking one release's manifest found (as /health reports it). */
export interface ReleaseHealth {
  version: string | null;
  manifest: string;
  /** The manifest answered with a federation manifest. */
  manifestAnswers: boolean;
  error?: string;
  contract?: string;
  compatible?: boolean;
  sharedMismatches?: SharedMismatch[];
}

export interface ReleaseStatus extends ReleaseHealth {
  /** The manifest answers and the build fits this dashboard. */
  ok: boolean;
}

/** One remote as the console shows it. */
export interface ConsoleRemote {
  name: string;
  live: {
    version: string | null;
    manifest: string;
    deployedAt: string | null;
    by: string | null;
    actor: Actor | null;
    commit: string | null;
  };
  canary: {
    version: string;
    manifest: string;
    percent: number;
    users: string[];
    since: string | null;
    by: string | null;
    actor: Actor | null;
    commit: string | null;
  } | null;
  /** Newest first. */
  history: HistoryEntry[];
  /** Where a rollback without a chosen version goes (null: nowhere). */
  rollbackTo: string | null;
  /**
   * Published versions other than the live one and the canary's, newest first. `deployedBefore`:
   * in the history, so a rollback can go there; any of them can be a canary's candidate.
   */
  available: { version: string; deployedBefore: boolean; commit: string | null }[];
  health: {
    status: 'ok' | 'failing';
    /** Why it is failing, one line each (as /health's `problems`). */
    problems: string[];
    live: ReleaseStatus;
    canary: ReleaseStatus | null;
  };
}

/** `GET /admin-api/remotes`. */
export interface ConsoleRemotes {
  /** The shell's contract version. */
  contract: string;
  /** When the manifests were checked (ISO time). */
  checkedAt: string;
  remotes: ConsoleRemote[];
}

/**
 * The body of `POST /admin-api/remotes/{name}/{action}`. `version`: the one the admin confirmed
 * (the canary's for promote and abort, the target for rollback and canary); `from`: the live
 * version the page showed, so a change made since is refused (409 `version_changed`).
 */
export interface ConsoleChangeRequest {
  version: string;
  from?: string;
  /** canary only: a whole percentage of sign-ins, 0–100. */
  percent?: number;
  /** canary only: user ids who get the candidate whatever their share. */
  users?: (string | number)[];
}

/** What a change answers: the CLI's sentence for it, and the history entry it recorded. */
export interface ConsoleChangeAnswer {
  remote: string;
  action: DeliveryConsoleAction;
  message: string;
  change: HistoryEntry;
}
