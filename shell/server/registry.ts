// The live remote registry: which remotes exist and where each one's manifest is. Read from the
// registry file on every request, so changing the file changes what the next page load gets —
// no shell rebuild, no restart.
import { readFile } from 'node:fs/promises';

export interface RemoteEntry {
  name: string;
  manifest: string;
  version?: string;
}

export interface Registry {
  remotes: RemoteEntry[];
}

const NAME = /^[a-z][a-z0-9-]*$/;

/** Manifest addresses may be relative to the remote origin ("listings/mf-manifest.json"). */
export function parseRegistry(text: string, remotesOrigin: string): Registry {
  const raw = JSON.parse(text) as { remotes?: unknown };
  if (!raw || !Array.isArray(raw.remotes))
    throw new Error('the registry must be an object with a "remotes" array');
  const base = remotesOrigin.endsWith('/') ? remotesOrigin : `${remotesOrigin}/`;
  const remotes = raw.remotes.map((entry: unknown, index) => {
    const { name, manifest, version } = (entry ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !NAME.test(name))
      throw new Error(`remote #${index + 1} has no valid "name"`);
    if (typeof manifest !== 'string' || !manifest)
      throw new Error(`remote "${name}" has no "manifest"`);
    return {
      name,
      manifest: new URL(manifest, base).toString(),
      ...(typeof version === 'string' ? { version } : {}),
    };
  });
  return { remotes };
}

export async function readRegistry(file: string, remotesOrigin: string): Promise<Registry> {
  return parseRegistry(await readFile(file, 'utf8'), remotesOrigin);
}
