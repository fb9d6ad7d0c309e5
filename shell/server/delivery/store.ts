// Where published builds live: `<remote>/<version>/…`, each version written once and never
// changed. The default is a folder that the remote origin serves; any static host or object store
// fits the same three methods (an S3 sketch: docs/adr/0005-versioned-remotes-registry-and-canary.md).
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAME, VERSION } from './registryFile';

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
