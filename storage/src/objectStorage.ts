// The one interface every file Hostdash keeps goes through (docs/adr/0021-object-storage.md): a
// flat space of keys, each holding bytes and their content type. A local folder and an
// S3-compatible bucket implement it the same way, checked by one shared test suite.

export interface PutOptions {
  contentType: string;
  /** The Cache-Control a bucket or CDN serves the object with (a folder keeps it too). */
  cacheControl?: string;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface ObjectInfo {
  contentType: string;
  size: number;
  /** When the object was last written. */
  modifiedAt: Date;
}

export interface ObjectStorage {
  /** Where the objects are, for messages and logs: a folder, `s3://bucket`. Never a secret. */
  readonly location: string;
  /** Writes the object whole (a reader sees the old one or the new one, never a part). */
  put(key: string, body: Buffer, options: PutOptions): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** What is known of the object without its bytes, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (all of them, however many pages it takes), sorted. */
  list(prefix: string): Promise<string[]>;
}

/** A key (or prefix) the storage refuses; says why. */
export class InvalidKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Not a storage key: ${JSON.stringify(key)} (${reason})`);
    this.name = 'InvalidKeyError';
  }
}

/** A key's longest UTF-8 length (S3's limit). */
export const MAX_KEY_BYTES = 1024;
/** A segment's longest length (a file name's limit on common file systems). */
const MAX_SEGMENT_LENGTH = 255;
/**
 * The characters a segment may hold: S3's "safe" characters plus `+` (a remote's version,
 * `1.2.0+c8329e34`) and `~`. No spaces, no backslash, no control characters: a key means the same
 * in a folder, in a URL and in a bucket.
 */
const SEGMENT = /^[A-Za-z0-9!_.*'()+=,@~-]+$/;

/**
 * Throws InvalidKeyError unless `key` is a relative, `/`-separated path of non-empty segments,
 * none of them `.`, `..` or hidden (starting with a dot: the folder storage keeps its temporary
 * files under such names). The one check both implementations make before anything else.
 */
export function checkKey(key: string): void {
  if (typeof key !== 'string' || key === '') throw new InvalidKeyError(String(key), 'empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES)
    throw new InvalidKeyError(key, `longer than ${MAX_KEY_BYTES} bytes`);
  if (key.startsWith('/')) throw new InvalidKeyError(key, 'absolute: keys are relative paths');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidKeyError(key, 'an empty segment');
    if (segment === '.' || segment === '..')
      throw new InvalidKeyError(key, `a "${segment}" segment`);
    if (segment.startsWith('.')) throw new InvalidKeyError(key, 'a segment starting with a dot');
    if (segment.length > MAX_SEGMENT_LENGTH)
      throw new InvalidKeyError(key, `a segment longer than ${MAX_SEGMENT_LENGTH} characters`);
    if (!SEGMENT.test(segment))
      throw new InvalidKeyError(key, "a character other than letters, digits and !_.*'()+=,@~-");
  }
}

/** A list prefix: empty (everything), a key, or a key followed by `/`. */
export function checkPrefix(prefix: string): void {
  if (prefix === '') return;
  checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}
