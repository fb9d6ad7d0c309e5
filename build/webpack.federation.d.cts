// Types of the federation factory's helpers, for the TypeScript that tests them.
import type { Configuration } from 'webpack';

export interface SharedConfig {
  singleton?: boolean;
  requiredVersion?: string | false;
  strictVersion?: boolean;
  version?: string;
}

export interface SharedMismatch {
  name: string;
  requiredVersion: string;
  /** The shell's version; null when the shell provides none. */
  provided: string | null;
}

export function createFederatedConfig(options: {
  name: string;
  dir: string;
  exposes?: Record<string, string>;
  devPort?: number;
  title?: string;
  devServer?: Record<string, unknown>;
}): (env: unknown, argv: { mode?: string }) => Configuration;
export function sharedSingletons(
  dependencies: Record<string, string>,
  dir?: string,
): Record<string, SharedConfig>;
export function readContractVersion(file?: string): string;
export function contractRange(
  pkg: { name?: string; hostdash?: { contract?: string } },
  contractVersion: string,
  env?: Record<string, string | undefined>,
): string;
export function releaseVersion(packageVersion: string, buildHash: string, contract: string): string;
export function providedSharedVersions(dir?: string): Record<string, string>;
export function providedShareInfo(dir?: string): Record<
  string,
  {
    version: string;
    shareConfig: { singleton?: boolean; requiredVersion: string | false; strictVersion?: boolean };
  }
>;
export function sharedMismatches(
  shared: Record<string, SharedConfig>,
  provided: Record<string, string>,
): SharedMismatch[];
/** The singletons a production remote shares that the shell does not provide at all. */
export function unprovidedShared(
  shared: Record<string, SharedConfig>,
  provided: Record<string, string>,
): SharedMismatch[];
/** A production remote's shared singletons without copies of its own (`import: false`). */
export function withoutFallbacks(
  shared: Record<string, SharedConfig>,
): Record<string, SharedConfig & { import: false }>;
export function sharedReport(app: string, mismatches: SharedMismatch[]): string;
/** What build/shared/mui.js provides: MUI's module folders, and the names they give a remote. */
export function muiSurface(file?: string): { dirs: Set<string>; names: Set<string> };
/** The second part of the shell's MUI (build/shared/mui-more.js), which remotes import from. */
export const MUI_MORE_FILE: string;
/** The names of that part; throws when one is a name the guest page provides. */
export function muiMoreNames(): Set<string>;
/** build/shared/mui-guest-steps.js: the guest page's second part of MUI. */
export const MUI_GUEST_STEPS_FILE: string;
/** Its names; throws when one is in its first part or not in the dashboard's MUI. */
export function muiGuestStepsNames(): Set<string>;
/** The libraries the shell provides in part: the shared key, its file, the alias of the file. */
export const SURFACES: readonly { shared: string; file: string; alias: string }[];
/** The names a surface file exports. */
export function surfaceNames(file: string): Set<string>;
export const HOST_FEDERATION_FILE: string;
/** The shared modules the guest page provides (shell/src/guest/guestShared.ts). */
export const GUEST_SHARED: readonly string[];
/** The names build/shared/mui-guest.js (or another of its files) exports. */
export function muiGuestSurface(file?: string): Set<string>;
/** The layer the shell builds the guest page in, where React is preact/compat (ADR 43). */
export const GUEST_LAYER: string;
/** The guest layer's resolve aliases: each of React's modules to its preact/compat module. */
export function guestReactAliases(): Record<string, string>;
/** The names each of React's modules has on the guest page (what preact/compat exports). */
export function guestReactNames(): Map<string, Set<string>>;
