// Where published builds live: `<remote>/<version>/…`, each version written once and never
// changed. The default is a folder that the remote origin serves; a bucket behind a CDN is the
// other (objectStore.ts, REMOTES_S3_BUCKET; docs/adr/0021-object-storage.md).
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_ENTRY } from './frontendDiscovery';
import { REMOTE_NAME, VERSION } from './model';

export interface RemoteStore {
  /** Where the store is, for messages: a folder, a bucket URL. */
  readonly location: string;
  /** Whether `<remote>/<version>/` is published (its manifest is there). */
  has(remote: string, version: string): Promise<boolean>;
  /**
   * Publishes a build folder as `<remote>/<version>/`, all files or none, and never over a
   * published version (throws `AlreadyPublishedError`).
   */
  publish(remote: string, version: string, buildDir: string): Promise<void>;
  /** The manifest's address for the registry: relative to REMOTES_ORIGIN, or absolute. */
  manifestFor(remote: string, version: string): string;
  /**
   * The versions of a remote published here, newest first (optional: an adapter without it
   * offers only the versions the registry's history names).
   */
  versions?(remote: string): Promise<string[]>;
  /**
   * The Subresource Integrity of a published version's remoteEntry.js (optional: without it, a
   * release whose integrity the registry does not know yet stays unchecked until it is deployed
   * again; undefined when the file is not there).
   */
  integrity?(remote: string, version: string): Promise<string | undefined>;
}

/**
 * The Subresource Integrity of a remote's entry (`sha384-<base64>`), as the page checks it before
 * running it (docs/adr/0019).
 */
export function integrityOf(entry: Buffer): string {
  return `sha384-${createHash('sha384').update(entry).digest('base64')}`;
}

/** The integrity of the entry in a build folder; undefined when the file is missing. */
export async function entryIntegrity(buildDir: string): Promise<string | undefined> {
  const entry = await readFile(path.join(buildDir, REMOTE_ENTRY)).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
  return entry ? integrityOf(entry) : undefined;
}

export class AlreadyPublishedError extends Error {
  constructor(
    readonly remote: string,
    readonly version: string,
  ) {
    super(`${remote} ${version} is already published; a published version is never overwritten`);
  }
}

function checkSegments(remote: string, version: string): void {
  if (!REMOTE_NAME.test(remote)) throw new Error(`not a remote name: "${remote}"`);
  if (!VERSION.test(version)) throw new Error(`not a version: "${version}"`);
}

/** Every store lays files out the same way, so the registry's relative manifests work with any. */
export function manifestPath(remote: string, version: string): string {
  checkSegments(remote, version);
  return `${remote}/${version}/mf-manifest.json`;
}

/** The default store: a folder (REMOTES_DIR) that the remote origin serves as it is. */
export class FolderStore implements RemoteStore {
  constructor(readonly location: string) {}

  private versionDir(remote: string, version: string): string {
    checkSegments(remote, version);
    return path.join(this.location, remote, version);
  }

  async has(remote: string, version: string): Promise<boolean> {
    const manifest = path.join(this.versionDir(remote, version), 'mf-manifest.json');
    return stat(manifest).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  async publish(remote: string, version: string, buildDir: string): Promise<void> {
    const target = this.versionDir(remote, version);
    if (await stat(target).catch(() => null)) throw new AlreadyPublishedError(remote, version);
    await mkdir(path.dirname(target), { recursive: true });
    // Copied aside, then renamed into place: the origin never serves half a version.
    const staging = path.join(path.dirname(target), `.staging-${version}-${process.pid}`);
    await rm(staging, { recursive: true, force: true });
    try {
      await cp(buildDir, staging, { recursive: true, errorOnExist: true, force: false });
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST')
        throw new AlreadyPublishedError(remote, version);
      throw error;
    }
  }

  manifestFor(remote: string, version: string): string {
    return manifestPath(remote, version);
  }

  integrity(remote: string, version: string): Promise<string | undefined> {
    return entryIntegrity(this.versionDir(remote, version));
  }

  async versions(remote: string): Promise<string[]> {
    if (!REMOTE_NAME.test(remote)) throw new Error(`not a remote name: "${remote}"`);
    const entries = await readdir(path.join(this.location, remote), {
      withFileTypes: true,
    }).catch(() => []);
    const published = await Promise.all(
      entries
        // A staging folder is half a version; anything else not named like a version is not one.
        .filter((entry) => entry.isDirectory() && VERSION.test(entry.name))
        .map(async (entry) => {
          const manifest = path.join(this.location, remote, entry.name, 'mf-manifest.json');
          const info = await stat(manifest).catch(() => null);
          return info?.isFile() ? { version: entry.name, at: info.mtimeMs } : null;
        }),
    );
    return published
      .filter((item): item is { version: string; at: number } => item !== null)
      .sort((a, b) => b.at - a.at || b.version.localeCompare(a.version))
      .map((item) => item.version);
  }
}
