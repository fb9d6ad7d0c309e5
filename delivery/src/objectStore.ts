// Published builds in a bucket (REMOTES_S3_BUCKET), which browsers reach through its public URL or
// a CDN in front of it (REMOTES_ORIGIN): the same `<remote>/<version>/…` layout as the folder the
// remote origin serves, each file with the Content-Type and Cache-Control that origin would send.
// This bucket is public and holds nothing else: identity images, reports and invoices are in the
// API's own, private storage (docs/adr/0021-object-storage.md).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, s3SettingsFromEnv, S3Storage, type ObjectStorage } from '@hostdash/storage';
import {
  cacheControlFor,
  contentTypeFor,
  isPrivateBuildFile,
  PRECOMPRESSED,
} from './publishedFiles';
import { REMOTE_ENTRY } from './frontendDiscovery';
import { REMOTE_NAME, VERSION } from './model';
import { AlreadyPublishedError, integrityOf, manifestPath, type RemoteStore } from './store';

const MANIFEST = 'mf-manifest.json';
/** Uploads in flight at once while publishing. */
const UPLOADS_AT_ONCE = 8;

/**
 * The files of a build that go to the bucket, as `/`-separated paths. Not the private ones (source
 * maps and the build's reports: the remote origin never serves them, and this bucket is public),
 * nor the precompressed copies (a bucket does not negotiate encodings: the CDN compresses).
 */
async function publishedFiles(buildDir: string): Promise<string[]> {
  const entries = await readdir(buildDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(buildDir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .filter(
      (file) =>
        !isPrivateBuildFile(file) &&
        !PRECOMPRESSED.some(({ extension }) => file.endsWith(extension)),
    )
    .sort();
}

export class ObjectStore implements RemoteStore {
  readonly location: string;

  constructor(private readonly storage: ObjectStorage) {
    this.location = storage.location;
  }

  async has(remote: string, version: string): Promise<boolean> {
    return (await this.storage.head(manifestPath(remote, version))) !== null;
  }

  /**
   * Uploads every file, the manifest last: until it is there `has` says no, so no registry can
   * name a version whose files are still arriving, and a publish cut short is simply done again.
   */
  async publish(remote: string, version: string, buildDir: string): Promise<void> {
    if (await this.has(remote, version)) throw new AlreadyPublishedError(remote, version);
    const files = await publishedFiles(buildDir);
    if (!files.includes(MANIFEST))
      throw new Error(`${buildDir} has no ${MANIFEST}: it is not a remote's build`);
    const key = (file: string) => `${remote}/${version}/${file}`;
    // Every name is checked before the first upload: a build the bucket cannot hold sends nothing.
    for (const file of files) checkKey(key(file));
    const upload = async (file: string) =>
      this.storage.put(key(file), await readFile(path.join(buildDir, file)), {
        contentType: contentTypeFor(file),
        cacheControl: cacheControlFor(file),
      });
    const rest = files.filter((file) => file !== MANIFEST);
    for (let start = 0; start < rest.length; start += UPLOADS_AT_ONCE)
      await Promise.all(rest.slice(start, start + UPLOADS_AT_ONCE).map(upload));
    await upload(MANIFEST);
  }

  /**
   * Relative to REMOTES_ORIGIN, with a version's `+` written `%2B`: S3 reads a literal `+` in a
   * URL's path as a space. The browser keeps the escape in the chunks' addresses it derives.
   */
  manifestFor(remote: string, version: string): string {
    manifestPath(remote, version);
    return `${remote}/${encodeURIComponent(version)}/${MANIFEST}`;
  }

  async versions(remote: string): Promise<string[]> {
    if (!REMOTE_NAME.test(remote)) throw new Error(`not a remote name: "${remote}"`);
    const published = (await this.storage.list(`${remote}/`))
      .map((key) => key.split('/'))
      .filter(
        ([, version, file, ...deeper]) =>
          file === MANIFEST && deeper.length === 0 && VERSION.test(version ?? ''),
      )
      .map(([, version]) => version as string);
    const dated = await Promise.all(
      published.map(async (version) => ({
        version,
        at: (await this.storage.head(manifestPath(remote, version)))?.modifiedAt.getTime() ?? 0,
      })),
    );
    return dated
      .sort((a, b) => b.at - a.at || b.version.localeCompare(a.version))
      .map((item) => item.version);
  }

  async integrity(remote: string, version: string): Promise<string | undefined> {
    manifestPath(remote, version);
    const entry = await this.storage.get(`${remote}/${version}/${REMOTE_ENTRY}`);
    return entry ? integrityOf(entry.body) : undefined;
  }
}

/**
 * The bucket REMOTES_S3_BUCKET names (REMOTES_S3_ENDPOINT for an S3-compatible service; region and
 * credentials from the standard AWS variables), or undefined: the folder REMOTES_DIR.
 */
export function bucketStoreFromEnv(
  env: Record<string, string | undefined>,
): RemoteStore | undefined {
  const settings = s3SettingsFromEnv(env, 'REMOTES_');
  return settings ? new ObjectStore(new S3Storage(settings)) : undefined;
}
