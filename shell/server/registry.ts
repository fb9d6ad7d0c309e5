// The live remote registry: which version of each remote is live, and which users get a canary's
// candidate. Read from the registry file on every request, so a deploy, rollback or canary changes
// what the next page load gets — no shell rebuild, no restart.
import type { RemoteRelease } from '../src/clientConfig.types';
import { getsCanary } from './delivery/canary';
import { parseRegistryFile, readRegistryFile, type RegistryFile } from './delivery/registryFile';

export type { RegistryFile };

/** Manifest addresses may be relative to the remote origin ("listings/0.1.0+3f2a9c1d/mf-manifest.json"). */
export function absoluteManifest(manifest: string, remotesOrigin: string): string {
  const base = remotesOrigin.endsWith('/') ? remotesOrigin : `${remotesOrigin}/`;
  return new URL(manifest, base).toString();
}

export function parseRegistry(text: string): RegistryFile {
  return parseRegistryFile(text);
}

export function readRegistry(file: string): Promise<RegistryFile> {
  return readRegistryFile(file);
}

export function hasCanary(registry: RegistryFile): boolean {
  return registry.remotes.some((remote) => remote.canary);
}

/** The registry as one user gets it: each remote's live version, or its canary's candidate. */
export function resolveRegistry(
  registry: RegistryFile,
  userId: string | null,
  remotesOrigin: string,
): RemoteRelease[] {
  return registry.remotes.map(({ name, manifest, version, canary }) => {
    if (canary && getsCanary(name, canary, userId)) {
      return {
        name,
        manifest: absoluteManifest(canary.manifest, remotesOrigin),
        version: canary.version,
        canary: true,
        ...(version ? { liveVersion: version } : {}),
      };
    }
    return {
      name,
      manifest: absoluteManifest(manifest, remotesOrigin),
      ...(version ? { version } : {}),
    };
  });
}
