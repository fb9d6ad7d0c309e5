// The live remote registry: which version of each remote is live, and which users get a canary's
// candidate. Read from the registry store on every request (the file itself, or the copy a shell
// server keeps of PostgreSQL's, refreshed at each change: delivery/registryStore.ts), so a deploy,
// rollback or canary changes what the next page load gets — no shell rebuild, no restart.
import {
  absoluteAddress,
  type DiscoveryDocument,
  FRONTEND_DISCOVERY_SCHEMA,
  getsCanary,
  parseRegistryFile,
  type RegistryFile,
  wireRelease,
} from '@hostdash/delivery';
import type { ServedRemote } from './telemetryStamp';

export type { RegistryFile };

/** Manifest addresses may be relative to the remote origin ("listings/0.1.0+3f2a9c1d/mf-manifest.json"). */
export { absoluteAddress as absoluteManifest };

export function parseRegistry(text: string): RegistryFile {
  return parseRegistryFile(text);
}

export function hasCanary(registry: RegistryFile): boolean {
  return registry.remotes.some((remote) => remote.canary);
}

/**
 * The registry as one user gets it, a Frontend Discovery document (docs/adr/0019): per remote the
 * release this user gets and, when it is a canary's candidate, the live (default) release after it,
 * which the page loads instead when the candidate fails. Never the history or the canary's users.
 */
export function resolveRegistry(
  registry: RegistryFile,
  userId: string | null,
  remotesOrigin: string,
): DiscoveryDocument {
  return {
    schema: FRONTEND_DISCOVERY_SCHEMA,
    microFrontends: Object.fromEntries(
      registry.remotes.map((remote) => {
        const { canary } = remote;
        const percent = canary?.percent ?? 0;
        const live = wireRelease(remote, remotesOrigin, { traffic: 100 - percent, default: true });
        if (!canary || !getsCanary(remote.name, canary, userId)) return [remote.name, [live]];
        const candidate = wireRelease(
          canary,
          remotesOrigin,
          { traffic: percent, default: false },
          true,
        );
        return [remote.name, [candidate, live]];
      }),
    ),
  };
}

/** What the registry serves this user, per deployed remote (as resolveRegistry decides it), for the telemetry stamp. */
export function servedRemotes(
  registry: RegistryFile,
  userId: string,
): Record<string, ServedRemote> {
  const served: Record<string, ServedRemote> = {};
  for (const remote of registry.remotes) {
    if (!remote.version) continue;
    const { canary } = remote;
    served[remote.name] =
      canary && getsCanary(remote.name, canary, userId)
        ? { versions: [canary.version, remote.version], inRollout: true }
        : { versions: [remote.version], inRollout: false };
  }
  return served;
}
