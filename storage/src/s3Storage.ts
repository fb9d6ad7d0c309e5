// Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) through the AWS SDK.
// Credentials and, without an endpoint, the region come from the SDK's default chain (AWS_*
// variables, the shared config files, the container or instance role): this code never reads or
// logs them.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  checkKey,
  checkPrefix,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './objectStorage';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, a test's fake); null: AWS S3 itself. */
  endpoint: string | null;
  /** null: the SDK's default chain (AWS_REGION, the shared config file). */
  region: string | null;
}

export interface S3StorageOptions extends S3Settings {
  /** Explicit credentials (tests); by default the SDK's own chain finds them. */
  credentials?: S3ClientConfig['credentials'];
}

/** A service behind an endpoint often ignores the region, but signing needs one. */
const ENDPOINT_DEFAULT_REGION = 'us-east-1';
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * A key that is not there: NoSuchKey on GET, a bodiless 404 (NotFound) on HEAD. Any other 404 (a
 * bucket that does not exist: NoSuchBucket) is a configuration problem, and thrown.
 */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export class S3Storage implements ObjectStorage {
  readonly location: string;
  readonly bucket: string;
  private readonly client: S3Client;

  constructor({ bucket, endpoint, region, credentials }: S3StorageOptions) {
    this.bucket = bucket;
    this.location = endpoint ? `s3://${bucket} at ${endpoint}` : `s3://${bucket}`;
    this.client = new S3Client({
      ...(region ? { region } : endpoint ? { region: ENDPOINT_DEFAULT_REGION } : {}),
      ...(credentials ? { credentials } : {}),
      ...(endpoint
        ? {
            endpoint,
            // `<endpoint>/<bucket>/<key>`: a bucket name as a host name needs DNS that a local
            // service or a private network rarely has.
            forcePathStyle: true,
            // Checksums only where the API demands them: several S3-compatible services refuse
            // the SDK's newer default ones.
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  async put(key: string, body: Buffer, options: PutOptions): Promise<void> {
    checkKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentType: options.contentType,
        ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    checkKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      const body = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
      return {
        body,
        contentType: answer.ContentType ?? 'application/octet-stream',
        size: body.length,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    checkKey(key);
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return {
        contentType: answer.ContentType ?? 'application/octet-stream',
        size: answer.ContentLength ?? 0,
        modifiedAt: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    checkPrefix(prefix);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** Closes the client's connections (a test's last step; a server simply exits). */
  close(): void {
    this.client.destroy();
  }
}
