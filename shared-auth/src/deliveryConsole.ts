// The delivery console's answers and requests (`/admin-api/remotes` on the shell server): declared
// once here, so the admin remote's page and the shell server that answers it cannot drift. The
// registry file's history entries (shell/server/delivery/registryFile.ts) are these same types.
import type { RolloutFigures, RolloutHealth } from '@hostdash/api-contract';

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

/**
 * `advance`: a rollout strategy raised the candidate's share (issue 17). `preview`: someone loaded
 * the version in their own browser only (nobody else's version changed).
 */
export type HistoryAction =
  'deploy' | 'rollback' | 'promote' | 'canary' | 'advance' | 'abort' | 'preview';

/**
 * How a candidate reaches everyone (`deploy --strategy`, docs/adr/0020), named and stepped like
 * AWS's Frontend Discovery Service strategies: `canary10-15m` gives 10 % for 15 minutes, then
 * everyone; `linear10-every-5m` adds 10 % every 5 minutes; `all-at-once` is a plain deploy. A step
 * advances only while the candidate is healthy (the steps: shell/server/delivery/strategies.ts).
 */
export type RolloutStrategy = 'canary10-15m' | 'linear10-every-5m' | 'all-at-once';

/**
 * The health analysis' verdict on a candidate against the live version over the same window (the
 * API's `GET /telemetry/rollout-health`), as the rollout driver records it on the canary.
 */
export type { RolloutFigures, RolloutHealth };
export type RolloutVerdict = RolloutHealth['verdict'];

/** Where a strategy's rollout is. */
export interface RolloutProgress {
  strategy: RolloutStrategy;
  /** Index of the current step (its share is the canary's percent). */
  step: number;
  /** When the current step began (ISO time). */
  stepSince: string;
}

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
  /** The candidate's share after a `canary` or `advance`. */
  percent?: number;
  /** Why, when the change was the rollout driver's: "aborted by health check: …". */
  reason?: string;
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
    /** The strategy's progress; null for a fixed share (`--canary N`). */
    rollout: (RolloutProgress & { steps: number; nextStepAt: string | null }) | null;
    /** The latest verdict of the health analysis; null before the first. */
    health: RolloutHealth | null;
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
  /** promote only: promote a candidate the health analysis judged unhealthy. */
  force?: boolean;
}

/**
 * What a change answers: the CLI's sentence for it, and the history entry it recorded. `preview`
 * (`POST /admin-api/remotes/{name}/preview`, body `{ version }`) changes only the asking browser.
 */
export interface ConsoleChangeAnswer {
  remote: string;
  action: DeliveryConsoleAction | 'preview';
  message: string;
  change: HistoryEntry;
}

/** `DELETE /admin-api/remotes/{name}/preview`: this browser previews that remote no longer. */
export interface ConsolePreviewStopped {
  remote: string;
  message: string;
}

/**
 * The address that offers a preview of `version` of `remote` in the browser that opens it (the
 * dashboard's frame asks first): what `npm run remotes -- deploy --preview` prints.
 */
export const PREVIEW_PARAM = 'preview';
export function previewAddress(origin: string, remote: string, version: string): string {
  return `${origin.replace(/\/$/, '')}/?${PREVIEW_PARAM}=${encodeURIComponent(`${remote}@${version}`)}`;
}

/** Reads `?preview=<remote>@<version>`; null when the address offers no preview. */
export function previewOffer(search: string): { remote: string; version: string } | null {
  const value = new URLSearchParams(search).get(PREVIEW_PARAM);
  const match = value ? /^([a-z][a-z0-9-]*)@([0-9A-Za-z][0-9A-Za-z.+_-]*)$/.exec(value) : null;
  return match ? { remote: match[1] as string, version: match[2] as string } : null;
}
