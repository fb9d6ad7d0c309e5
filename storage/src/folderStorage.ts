// The default storage: files under a folder, one file per key (`<dir>/<key>`).
//
// Each file holds its object whole: a first line of JSON with the content type (and cache
// control), then the bytes. One file per object means one rename makes the object and its type
// appear together: a sidecar file would take two renames, and a reader between them could pair
// a new body with an old type, or find a body without its type after a crash. Writes go to a
// hidden temporary file beside the target, flushed to disk, then renamed over it: a reader sees
// the old object or the new one, never half a file. Keys never start a segment with a dot
// (checkKey), so the temporary files can never be taken for objects.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  checkKey,
  checkPrefix,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './objectStorage';

interface Header {
  contentType: string;
  cacheControl?: string;
}

/** The header line is short; this much of a file always holds it. */
const HEADER_READ_BYTES = 4096;
const NEWLINE = 0x0a;

const isMissing = (error: unknown): boolean =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

function parseHeader(file: string, bytes: Buffer): { header: Header; length: number } {
  const end = bytes.indexOf(NEWLINE);
  const header = end > 0 ? (JSON.parse(bytes.toString('utf8', 0, end)) as Partial<Header>) : null;
  if (!header || typeof header.contentType !== 'string')
    throw new Error(`${file} is not an object this storage wrote (no header line)`);
  return { header: header as Header, length: end + 1 };
}

export class FolderStorage implements ObjectStorage {
  readonly location: string;

  constructor(readonly dir: string) {
    this.location = path.resolve(dir);
  }

  private fileOf(key: string): string {
    checkKey(key);
    return path.join(this.location, ...key.split('/'));
  }

  async put(key: string, body: Buffer, options: PutOptions): Promise<void> {
    const file = this.fileOf(key);
    const header: Header = {
      contentType: options.contentType,
      ...(options.cacheControl ? { cacheControl: options.cacheControl } : {}),
    };
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    const bytes = await readFile(file).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!bytes) return null;
    const { header, length } = parseHeader(file, bytes);
    const body = bytes.subarray(length);
    return { body, contentType: header.contentType, size: body.length };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.fileOf(key);
    const handle = await open(file, 'r').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const info = await handle.stat();
      if (!info.isFile()) return null;
      const start = Buffer.alloc(Math.min(HEADER_READ_BYTES, info.size));
      await handle.read(start, 0, start.length, 0);
      const { header, length } = parseHeader(file, start);
      return {
        contentType: header.contentType,
        size: info.size - length,
        modifiedAt: new Date(info.mtimeMs),
      };
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    checkPrefix(prefix);
    // Only the folder the prefix's complete segments name can hold matching keys.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys: string[] = [];
    const walk = async (relative: string): Promise<void> => {
      const entries = await readdir(path.join(this.location, ...relative.split('/')), {
        withFileTypes: true,
      }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue; // a write in progress
        const key = relative ? `${relative}/${entry.name}` : entry.name;
        // A folder is walked only if keys under it can start with the prefix.
        if (entry.isDirectory()) {
          if (`${key}/`.startsWith(prefix) || key.startsWith(prefix)) await walk(key);
        } else if (entry.isFile() && key.startsWith(prefix)) keys.push(key);
      }
    };
    await walk(folder);
    return keys.sort();
  }
}
