// Which storage the environment asks for: S3_BUCKET → a bucket (S3_ENDPOINT for an S3-compatible
// service), otherwise the folder STORAGE_DIR (or the caller's default). Half a configuration is
// refused with a message that says what to set, never guessed at.
import path from 'node:path';
import { FolderStorage } from './folderStorage';
import type { ObjectStorage } from './objectStorage';
import { S3Storage, type S3Settings } from './s3Storage';

export type StorageSettings = { kind: 'folder'; dir: string } | ({ kind: 's3' } & S3Settings);

type Env = Record<string, string | undefined>;

export class StorageConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'StorageConfigError';
  }
}

/** S3's rules for a bucket name (3–63 lowercase letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The bucket `<prefix>S3_BUCKET` names, with `<prefix>S3_ENDPOINT`; null when no bucket is set.
 * `prefix` tells two buckets apart (the remote builds' public one is `REMOTES_S3_BUCKET`).
 */
export function s3SettingsFromEnv(env: Env, prefix = ''): S3Settings | null {
  const bucketName = `${prefix}S3_BUCKET`;
  const endpointName = `${prefix}S3_ENDPOINT`;
  const bucket = env[bucketName]?.trim() || null;
  const endpoint = env[endpointName]?.trim() || null;
  if (!bucket) {
    if (endpoint)
      throw new StorageConfigError([
        `${endpointName} is set but ${bucketName} is not: set ${bucketName} to the bucket's name as well, or unset ${endpointName}`,
      ]);
    return null;
  }
  const problems: string[] = [];
  if (!BUCKET_NAME.test(bucket))
    problems.push(
      `${bucketName} must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`,
    );
  if (endpoint) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {
      // reported below
    }
    if (parsed && (parsed.username || parsed.password))
      // Not repeated: it holds a secret.
      problems.push(
        `${endpointName} must not carry credentials: they come from the AWS variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) or the role`,
      );
    else if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
      problems.push(
        `${endpointName} must be an http or https URL, like https://s3.example.com (got "${endpoint}")`,
      );
  }
  if (problems.length > 0) throw new StorageConfigError(problems);
  return {
    bucket,
    endpoint: endpoint?.replace(/\/+$/, '') ?? null,
    region: env.AWS_REGION?.trim() || null,
  };
}

/** The API's files: S3_BUCKET, or the folder STORAGE_DIR, or `defaultDir`. */
export function storageSettingsFromEnv(
  env: Env,
  { defaultDir }: { defaultDir: string },
): StorageSettings {
  const s3 = s3SettingsFromEnv(env);
  const dir = env.STORAGE_DIR?.trim();
  if (s3 && dir)
    throw new StorageConfigError([
      `STORAGE_DIR and S3_BUCKET are both set: files go to one place, set only one of them`,
    ]);
  if (s3) return { kind: 's3', ...s3 };
  return { kind: 'folder', dir: path.resolve(dir || defaultDir) };
}

export function openStorage(settings: StorageSettings): ObjectStorage {
  return settings.kind === 's3' ? new S3Storage(settings) : new FolderStorage(settings.dir);
}

/** storageSettingsFromEnv, opened. */
export function storageFromEnv(env: Env, options: { defaultDir: string }): ObjectStorage {
  return openStorage(storageSettingsFromEnv(env, options));
}
