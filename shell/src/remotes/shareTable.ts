// A page's share table: the modules it registers in the federation runtime's share scope, each
// with the version and share settings the shell's build declares for it (`sharedSingletons` in
// build/webpack.federation.cjs, handed over as HOSTDASH_PROVIDED_SHARED). The dashboard provides
// all of its singletons (sharedModules.ts); the guest page only what the guest portal uses
// (guest/guestShared.ts, docs/adr/0035-guest-page-weight.md).

type ShareConfig = {
  singleton?: boolean;
  requiredVersion: string | false;
  strictVersion?: boolean;
};

/** One provided module, as the federation runtime's `shared` option takes it. */
export type ProvidedShare = { version: string; shareConfig: ShareConfig } & (
  { lib: () => unknown } | { get: () => Promise<() => unknown> }
);

/** A module a page provides: already loaded (`lib`), or loaded when a remote first asks (`get`). */
export type ShareModule = { lib: () => unknown } | { get: () => Promise<unknown> };

export interface ProvidedInfo {
  version: string;
  shareConfig: ShareConfig;
}

/** What the shell's build shares, with versions and settings. */
export function buildInfo(): Record<string, ProvidedInfo> {
  return JSON.parse(process.env.HOSTDASH_PROVIDED_SHARED ?? '{}') as Record<string, ProvidedInfo>;
}

/**
 * The `shared` option for a page providing `modules`: each with the version and settings the build
 * declares for it. A module the build does not declare is not provided (a test's build declares
 * none); sharedModules.test.ts and guestShared.test.ts check that the build declares every one.
 */
export function shareTable(
  modules: Record<string, ShareModule>,
  info: Record<string, ProvidedInfo>,
): Record<string, ProvidedShare> {
  return Object.fromEntries(
    Object.entries(modules).flatMap(([name, provided]) => {
      const declared = info[name];
      if (!declared) return [];
      const { version, shareConfig } = declared;
      const share: ProvidedShare =
        'lib' in provided
          ? { version, shareConfig, lib: provided.lib }
          : { version, shareConfig, get: () => provided.get().then((module) => () => module) };
      return [[name, share]];
    }),
  );
}
