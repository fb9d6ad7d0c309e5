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
  PREVIEW_COOKIE,
  readPreview,
  type DiscoveryRelease,
  type Preview,
  type PreviewRelease,
  type RegistryFile,
  wireRelease,
} from '@hostdash/delivery';
import type { FastifyRequest } from 'fastify';
import type { ShellConfig } from './config';
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
 * What this browser previews for the signed-in `userId` (its preview cookie, docs/adr/0042): null
 * when none, when it was made for someone else, or when it has ended.
 */
export function previewOf(
  request: Pick<FastifyRequest, 'cookies'>,
  config: Pick<ShellConfig, 'previewKey'>,
  userId: string | null,
): Preview | null {
  return readPreview(config.previewKey, request.cookies[PREVIEW_COOKIE], userId);
}

/** The release a preview loads, before the live one; `extras.preview` says until when. */
function previewedRelease(release: PreviewRelease, remotesOrigin: string): DiscoveryRelease {
  const wired = wireRelease(release, remotesOrigin, { traffic: 0, default: false });
  return { ...wired, extras: { ...wired.extras, preview: new Date(release.until).toISOString() } };
}

/** The preview of a remote, unless it is of the live version (promoted since: nothing to preview). */
function previewFor(preview: Preview | null, name: string, live: string | undefined) {
  const release = preview?.remotes[name];
  return release && release.version !== live ? release : undefined;
}

/**
 * The registry as one user gets it, a Frontend Discovery document (docs/adr/0019): per remote the
 * release this user gets and, when it is a canary's candidate or a version this browser previews,
 * the live (default) release after it, which the page loads instead when that one fails. Never the
 * history or the canary's users.
 */
export function resolveRegistry(
  registry: RegistryFile,
  userId: string | null,
  remotesOrigin: string,
  preview: Preview | null = null,
): DiscoveryDocument {
  return {
    schema: FRONTEND_DISCOVERY_SCHEMA,
    microFrontends: Object.fromEntries(
      registry.remotes.map((remote) => {
        const { canary } = remote;
        const percent = canary?.percent ?? 0;
        const live = wireRelease(remote, remotesOrigin, { traffic: 100 - percent, default: true });
        const previewed = previewFor(preview, remote.name, remote.version);
        if (previewed) return [remote.name, [previewedRelease(previewed, remotesOrigin), live]];
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
  preview: Preview | null = null,
): Record<string, ServedRemote> {
  const served: Record<string, ServedRemote> = {};
  for (const remote of registry.remotes) {
    if (!remote.version) continue;
    const { canary } = remote;
    // A previewed version is nobody's rollout: its telemetry counts for neither side of a verdict.
    const previewed = previewFor(preview, remote.name, remote.version);
    if (previewed) {
      served[remote.name] = { versions: [previewed.version, remote.version], inRollout: false };
      continue;
    }
    served[remote.name] =
      canary && getsCanary(remote.name, canary, userId)
        ? { versions: [canary.version, remote.version], inRollout: true }
        : { versions: [remote.version], inRollout: false };
  }
  return served;
}
