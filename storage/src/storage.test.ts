// One suite, run against each implementation: the local folder and S3Storage against the fake S3
// server. What one does, the other must do the same.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FolderStorage } from './folderStorage';
import { InvalidKeyError, type ObjectStorage } from './objectStorage';
import { S3Storage } from './s3Storage';
import {
  openStorage,
  s3SettingsFromEnv,
  StorageConfigError,
  storageSettingsFromEnv,
} from './fromEnv';
import { startFakeS3, type FakeS3 } from './testing';

interface Subject {
  storage: ObjectStorage;
  /** How many list calls reached the service (null: not a paged service). */
  listCalls(): number | null;
  close(): Promise<void>;
}

/** Small enough that a listing of a few keys takes several pages. */
const PAGE_SIZE = 3;

const BAD_KEYS = [
  '',
  '/etc/passwd',
  '../outside',
  'reports/../../outside',
  'reports/./a',
  'reports//a',
  'reports/',
  '.hidden',
  'reports/.a.tmp',
  'back\\slash',
  'with space',
  'nul\u0000byte',
  `${'a'.repeat(256)}`,
  `${'a/'.repeat(600)}a`,
];

function describeObjectStorage(name: string, open: () => Promise<Subject>): void {
  describe(name, () => {
    let subject: Subject;
    let storage: ObjectStorage;
    beforeEach(async () => {
      subject = await open();
      storage = subject.storage;
    });
    afterEach(() => subject.close());

    it('gives back the bytes and the content type it was given', async () => {
      const body = Buffer.from('%PDF-1.7 a report');
      await storage.put('reports/12/guest-portal.pdf', body, { contentType: 'application/pdf' });
      expect(await storage.get('reports/12/guest-portal.pdf')).toEqual({
        body,
        contentType: 'application/pdf',
        size: body.length,
      });
      const info = await storage.head('reports/12/guest-portal.pdf');
      expect(info).toEqual({
        contentType: 'application/pdf',
        size: body.length,
        modifiedAt: expect.any(Date),
      });
      expect(Math.abs((info?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    });

    it('answers null for a key with nothing under it', async () => {
      await storage.put('identity/abc', Buffer.from('x'), { contentType: 'image/jpeg' });
      expect(await storage.get('identity/abd')).toBeNull();
      expect(await storage.head('identity/abd')).toBeNull();
      // A "folder" of other keys is not an object either.
      expect(await storage.get('identity')).toBeNull();
      expect(await storage.head('identity')).toBeNull();
    });

    it('replaces an object written again under the same key, type and all', async () => {
      await storage.put('reports/1/screening.csv', Buffer.from('old'), { contentType: 'text/csv' });
      await storage.put('reports/1/screening.csv', Buffer.from('the new one'), {
        contentType: 'text/csv; charset=utf-8',
      });
      expect(await storage.get('reports/1/screening.csv')).toEqual({
        body: Buffer.from('the new one'),
        contentType: 'text/csv; charset=utf-8',
        size: 11,
      });
      expect(await storage.list('reports/')).toEqual(['reports/1/screening.csv']);
    });

    it('deletes an object, and deleting what is not there is no error', async () => {
      await storage.put('invoices/7.pdf', Buffer.from('pdf'), { contentType: 'application/pdf' });
      await storage.put('invoices/8.pdf', Buffer.from('pdf'), { contentType: 'application/pdf' });
      await storage.delete('invoices/7.pdf');
      expect(await storage.get('invoices/7.pdf')).toBeNull();
      expect(await storage.head('invoices/7.pdf')).toBeNull();
      await expect(storage.delete('invoices/7.pdf')).resolves.toBeUndefined();
      await expect(storage.delete('never/written')).resolves.toBeUndefined();
      expect(await storage.list('invoices/')).toEqual(['invoices/8.pdf']);
    });

    it('lists every key under a prefix, however many pages it takes, in order', async () => {
      const keys = [
        'listings/1.0.0+aa/mf-manifest.json',
        'listings/1.0.0+aa/remoteEntry.js',
        'listings/1.0.0+aa/static/123.abcdef12.js',
        'listings/1.0.1/mf-manifest.json',
        'listings/1.0.1/remoteEntry.js',
        'listings-extra/1.0.0/mf-manifest.json',
        'listingsx',
        'billing/2.0.0/mf-manifest.json',
      ];
      for (const key of [...keys].reverse())
        await storage.put(key, Buffer.from(key), { contentType: 'application/json' });

      expect(await storage.list('listings/')).toEqual(keys.slice(0, 5));
      // A prefix is a string prefix, not only a folder.
      expect(await storage.list('listings')).toEqual(
        [...keys.slice(0, 7)].sort((a, b) => (a < b ? -1 : 1)),
      );
      expect(await storage.list('listings/1.0.0+aa/static/')).toEqual([keys[2]]);
      expect(await storage.list('listings/1.0.')).toEqual(keys.slice(0, 5));
      expect(await storage.list('nothing/')).toEqual([]);
      const before = subject.listCalls();
      expect(await storage.list('')).toEqual([...keys].sort((a, b) => (a < b ? -1 : 1)));
      const calls = subject.listCalls();
      if (calls !== null && before !== null)
        expect(calls - before).toBe(Math.ceil(keys.length / PAGE_SIZE));
    });

    it('keeps binary content byte for byte, and an empty object', async () => {
      const every = Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256));
      // A body that starts like the folder's header line and holds newlines must not confuse it.
      const tricky = Buffer.concat([Buffer.from('{"contentType":"text/plain"}\n\n'), every]);
      await storage.put('identity/every', every, { contentType: 'image/png' });
      await storage.put('identity/tricky', tricky, { contentType: 'image/jpeg' });
      await storage.put('identity/empty', Buffer.alloc(0), { contentType: 'text/plain' });
      expect((await storage.get('identity/every'))?.body.equals(every)).toBe(true);
      expect(await storage.get('identity/tricky')).toEqual({
        body: tricky,
        contentType: 'image/jpeg',
        size: tricky.length,
      });
      expect(await storage.get('identity/empty')).toEqual({
        body: Buffer.alloc(0),
        contentType: 'text/plain',
        size: 0,
      });
      expect((await storage.head('identity/tricky'))?.size).toBe(tricky.length);
    });

    it('refuses keys that are not relative paths of plain segments, before doing anything', async () => {
      for (const key of BAD_KEYS) {
        await expect(
          storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }),
        ).rejects.toThrow(InvalidKeyError);
        await expect(storage.get(key)).rejects.toThrow(InvalidKeyError);
        await expect(storage.head(key)).rejects.toThrow(InvalidKeyError);
        await expect(storage.delete(key)).rejects.toThrow(InvalidKeyError);
      }
      for (const prefix of ['../', '/abs/', 'a//b', '.hidden/'])
        await expect(storage.list(prefix)).rejects.toThrow(InvalidKeyError);
      expect(await storage.list('')).toEqual([]);
    });

    it('takes the characters real keys use: versions with +, hashes, dots', async () => {
      const key = 'admin/0.1.0+c8329e34/__federation_expose_feature.1a2b3c4d.js';
      await storage.put(key, Buffer.from('js'), { contentType: 'text/javascript' });
      expect((await storage.get(key))?.body.toString()).toBe('js');
      expect(await storage.list('admin/0.1.0+c8329e34/')).toEqual([key]);
      await storage.put("odd/a!b*c'd(e)f=g,h@i~j", Buffer.from('ok'), {
        contentType: 'text/plain',
      });
      expect(await storage.list('odd/')).toEqual(["odd/a!b*c'd(e)f=g,h@i~j"]);
    });
  });
}

describeObjectStorage('FolderStorage', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-storage-'));
  return {
    storage: new FolderStorage(path.join(dir, 'files')),
    listCalls: () => null,
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describeObjectStorage('S3Storage against the fake S3 server', async () => {
  const fake = await startFakeS3({ pageSize: PAGE_SIZE });
  return {
    storage: fake.storage(),
    listCalls: () => fake.requests.filter((request) => request.query['list-type'] === '2').length,
    close: () => fake.close(),
  };
});

describe('FolderStorage on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-storage-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves nothing but the object once a write is done, and never lists a write in progress', async () => {
    const storage = new FolderStorage(dir);
    await storage.put('identity/abc', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    expect(readdirSync(path.join(dir, 'identity'))).toEqual(['abc']);
    // What a write in progress (or one a crash interrupted) leaves beside the object.
    writeFileSync(path.join(dir, 'identity', '.abd.1234.tmp'), 'half');
    expect(await storage.list('')).toEqual(['identity/abc']);
    expect(await storage.get('identity/abd')).toBeNull();
  });

  it('refuses to read a file it did not write as an object', async () => {
    const storage = new FolderStorage(dir);
    writeFileSync(path.join(dir, 'stray'), 'no header line');
    await expect(storage.get('stray')).rejects.toThrow(/not an object this storage wrote/);
  });
});

describe('S3Storage against the fake S3 server: what reaches the service', () => {
  let fake: FakeS3;
  let storage: S3Storage;
  beforeEach(async () => {
    fake = await startFakeS3();
    storage = fake.storage();
  });
  afterEach(() => fake.close());

  it('sends the content type and cache control, signed, path-style', async () => {
    await storage.put('listings/1.0.0/remoteEntry.js', Buffer.from('entry'), {
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'no-cache',
    });
    await storage.put('listings/1.0.0/1.abcdef12.js', Buffer.from('chunk'), {
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(fake.objects.get('listings/1.0.0/remoteEntry.js')).toMatchObject({
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'no-cache',
    });
    expect(fake.objects.get('listings/1.0.0/1.abcdef12.js')?.cacheControl).toBe(
      'public, max-age=31536000, immutable',
    );
    const put = fake.requests.find((request) => request.method === 'PUT');
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=fake-access-key\//);
    expect(put?.headers.host).toBe(new URL(fake.endpoint).host);
  });

  it('fails clearly for a bucket that is not there, and the fake refuses unsigned requests', async () => {
    const elsewhere = new S3Storage({
      bucket: 'no-such-bucket',
      endpoint: fake.endpoint,
      region: null,
      credentials: fake.credentials,
    });
    try {
      await expect(elsewhere.get('a')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      elsewhere.close();
    }
    const unsigned = await fetch(`${fake.endpoint}/${fake.bucket}/a`, { method: 'PUT', body: 'x' });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    expect(fake.objects.size).toBe(0);
  });
});

describe('storage from the environment', () => {
  const defaultDir = '/var/lib/hostdash/files';

  it('is the folder by default, STORAGE_DIR when set', () => {
    expect(storageSettingsFromEnv({}, { defaultDir })).toEqual({ kind: 'folder', dir: defaultDir });
    expect(storageSettingsFromEnv({ STORAGE_DIR: ' /srv/files ' }, { defaultDir })).toEqual({
      kind: 'folder',
      dir: '/srv/files',
    });
    expect(openStorage({ kind: 'folder', dir: '/srv/files' })).toBeInstanceOf(FolderStorage);
  });

  it('is a bucket with S3_BUCKET, an S3-compatible one with S3_ENDPOINT', () => {
    expect(storageSettingsFromEnv({ S3_BUCKET: 'hostdash-files' }, { defaultDir })).toEqual({
      kind: 's3',
      bucket: 'hostdash-files',
      endpoint: null,
      region: null,
    });
    const settings = storageSettingsFromEnv(
      { S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000/', AWS_REGION: 'eu-west-1' },
      { defaultDir },
    );
    expect(settings).toEqual({
      kind: 's3',
      bucket: 'files',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
    });
    const storage = openStorage(settings);
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.location).toBe('s3://files at http://minio:9000');
    (storage as S3Storage).close();
  });

  it('refuses half a configuration, or two, saying what to set', () => {
    const problems = (env: Record<string, string>): string[] => {
      try {
        storageSettingsFromEnv(env, { defaultDir });
      } catch (error) {
        if (error instanceof StorageConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      "S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to the bucket's name as well, or unset S3_ENDPOINT",
    ]);
    expect(problems({ S3_BUCKET: 'files', STORAGE_DIR: '/srv/files' })).toEqual([
      'STORAGE_DIR and S3_BUCKET are both set: files go to one place, set only one of them',
    ]);
    expect(problems({ S3_BUCKET: 'Files_Of_Mine' })[0]).toMatch(/^S3_BUCKET must be a bucket name/);
    expect(problems({ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' })[0]).toMatch(
      /^S3_ENDPOINT must be an http or https URL/,
    );
    expect(
      problems({ S3_BUCKET: 'files', S3_ENDPOINT: 'https://key:secret@minio' })[0],
    ).not.toContain('secret');
  });

  it('reads a second bucket under a prefix (the remote builds’ public one)', () => {
    expect(s3SettingsFromEnv({ S3_BUCKET: 'files' }, 'REMOTES_')).toBeNull();
    expect(
      s3SettingsFromEnv(
        { REMOTES_S3_BUCKET: 'remotes', REMOTES_S3_ENDPOINT: 'https://r2.example' },
        'REMOTES_',
      ),
    ).toEqual({ bucket: 'remotes', endpoint: 'https://r2.example', region: null });
    expect(() =>
      s3SettingsFromEnv({ REMOTES_S3_ENDPOINT: 'https://r2.example' }, 'REMOTES_'),
    ).toThrow('REMOTES_S3_ENDPOINT is set but REMOTES_S3_BUCKET is not');
  });
});
