/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ObjectStorage } from '@hostdash/storage';
import { startFakeS3, type FakeS3 } from '@hostdash/storage/testing';
import { fakeBuild, PRIVATE_BUILD_FILES, temporaryDir } from './testing';
import { main } from './cli';
import { ObjectStore } from './objectStore';
import { readRegistryFile } from './registryFile';
import { AlreadyPublishedError, entryIntegrity } from './store';

/**
 * A build as the federation config writes it: with source maps, its reports for tooling and
 * precompressed copies.
 */
function builtRemote(name: string, version: string): string {
  const dir = fakeBuild({ name, version });
  for (const file of PRIVATE_BUILD_FILES) writeFileSync(path.join(dir, file), '{}');
  writeFileSync(path.join(dir, 'remoteEntry.js.br'), 'brotli');
  writeFileSync(path.join(dir, 'remoteEntry.js.gz'), 'gzip');
  return dir;
}

const puts = (fake: FakeS3): string[] =>
  fake.requests.filter((request) => request.method === 'PUT').map((request) => request.key ?? '');

describe('remote builds in a bucket (ObjectStore over the fake S3 server)', () => {
  let fake: FakeS3;
  let store: ObjectStore;
  beforeEach(async () => {
    fake = await startFakeS3({ pageSize: 2 });
    store = new ObjectStore(fake.storage());
  });
  afterEach(() => fake.close());

  it('publishes every served file with the origin’s headers, the manifest last', async () => {
    const build = builtRemote('listings', '0.1.0+aaaaaaaa');
    expect(await store.has('listings', '0.1.0+aaaaaaaa')).toBe(false);
    await store.publish('listings', '0.1.0+aaaaaaaa', build);
    expect(await store.has('listings', '0.1.0+aaaaaaaa')).toBe(true);

    const uploaded = puts(fake);
    expect([...uploaded].sort()).toEqual([
      'listings/0.1.0+aaaaaaaa/feature.1a2b3c4d.js',
      'listings/0.1.0+aaaaaaaa/mf-manifest.json',
      'listings/0.1.0+aaaaaaaa/nested/note.txt',
      'listings/0.1.0+aaaaaaaa/remoteEntry.js',
    ]);
    expect(uploaded.at(-1)).toBe('listings/0.1.0+aaaaaaaa/mf-manifest.json');
    const object = (file: string) => fake.objects.get(`listings/0.1.0+aaaaaaaa/${file}`);
    expect(object('remoteEntry.js')).toMatchObject({
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'no-cache',
    });
    expect(object('mf-manifest.json')).toMatchObject({
      contentType: 'application/json; charset=utf-8',
      cacheControl: 'no-cache',
    });
    expect(object('feature.1a2b3c4d.js')).toMatchObject({
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(object('nested/note.txt')?.contentType).toBe('text/plain; charset=utf-8');
    expect(object('remoteEntry.js')?.body.toString()).toBe('/* listings 0.1.0+aaaaaaaa */');

    expect(await store.integrity('listings', '0.1.0+aaaaaaaa')).toBe(await entryIntegrity(build));
    expect(await store.integrity('listings', '0.9.9')).toBeUndefined();
    // S3 would read a literal + in the browser's URL as a space.
    expect(store.manifestFor('listings', '0.1.0+aaaaaaaa')).toBe(
      'listings/0.1.0%2Baaaaaaaa/mf-manifest.json',
    );
  });

  it('never publishes over a published version', async () => {
    await store.publish('listings', '0.1.0+aaaaaaaa', builtRemote('listings', '0.1.0+aaaaaaaa'));
    const before = puts(fake).length;
    await expect(
      store.publish('listings', '0.1.0+aaaaaaaa', builtRemote('listings', '0.1.0+aaaaaaaa')),
    ).rejects.toThrow(AlreadyPublishedError);
    expect(puts(fake)).toHaveLength(before);
  });

  it('a publish cut short is not a version yet, and is simply done again', async () => {
    const bucket = fake.storage();
    // The connection fails as the last file, the manifest, goes up.
    const flaky: ObjectStorage = {
      location: bucket.location,
      get: (key) => bucket.get(key),
      head: (key) => bucket.head(key),
      delete: (key) => bucket.delete(key),
      list: (prefix) => bucket.list(prefix),
      put: async (key, body, options) => {
        if (key.endsWith('/mf-manifest.json'))
          throw new Error(`the network went away uploading ${key}`);
        return bucket.put(key, body, options);
      },
    };
    const build = builtRemote('billing', '2.0.0+bbbbbbbb');
    await expect(
      new ObjectStore(flaky).publish('billing', '2.0.0+bbbbbbbb', build),
    ).rejects.toThrow('the network went away');
    expect(fake.objects.size).toBe(3);
    expect(await store.has('billing', '2.0.0+bbbbbbbb')).toBe(false);
    expect(await store.versions('billing')).toEqual([]);

    await store.publish('billing', '2.0.0+bbbbbbbb', build);
    expect(await store.has('billing', '2.0.0+bbbbbbbb')).toBe(true);
    expect(await store.versions('billing')).toEqual(['2.0.0+bbbbbbbb']);
  });

  it('lists the published versions newest first, over several pages', async () => {
    await store.publish('listings', '0.1.0+aaaaaaaa', builtRemote('listings', '0.1.0+aaaaaaaa'));
    await store.publish('listings', '0.2.0', builtRemote('listings', '0.2.0'));
    await store.publish('listings-x', '9.0.0', builtRemote('listings-x', '9.0.0'));
    // Published a minute apart, as two deploys would be.
    const manifest = fake.objects.get('listings/0.1.0+aaaaaaaa/mf-manifest.json');
    if (manifest) manifest.modifiedAt = new Date(Date.now() - 60_000);
    expect(await store.versions('listings')).toEqual(['0.2.0', '0.1.0+aaaaaaaa']);
    expect(await store.versions('admin')).toEqual([]);
    expect(
      fake.requests.filter((request) => request.query['list-type'] === '2').length,
    ).toBeGreaterThan(2);
    await expect(store.versions('../etc')).rejects.toThrow('not a remote name');
  });
});

describe('the deploy command with REMOTES_S3_BUCKET', () => {
  let fake: FakeS3;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  beforeAll(async () => {
    fake = await startFakeS3();
    // The SDK's default chain, as in production: the command never reads these itself.
    process.env.AWS_ACCESS_KEY_ID = fake.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = fake.credentials.secretAccessKey;
  });
  afterAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    await fake.close();
  });

  it('publishes to the bucket and names the manifest relative to REMOTES_ORIGIN', async () => {
    const dir = temporaryDir('cli-bucket');
    const env = {
      REMOTES_FILE: path.join(dir, 'remotes.json'),
      REMOTES_DIR: path.join(dir, 'unused-store'),
      REMOTES_S3_BUCKET: fake.bucket,
      REMOTES_S3_ENDPOINT: fake.endpoint,
      DEPLOYED_BY: 'dana',
    };
    const out: string[] = [];
    const err: string[] = [];
    const run = (argv: string[]) =>
      main(argv, {
        env,
        repoDir: dir,
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });

    const build = builtRemote('listings', '0.1.0+cccccccc');
    expect(await run(['deploy', 'listings', '--dist', build])).toBe(0);
    expect(out.join('\n')).toContain(`published to s3://${fake.bucket} at ${fake.endpoint}`);
    expect(fake.objects.has('listings/0.1.0+cccccccc/mf-manifest.json')).toBe(true);
    expect((await readRegistryFile(env.REMOTES_FILE)).remotes[0]).toMatchObject({
      version: '0.1.0+cccccccc',
      manifest: 'listings/0.1.0%2Bcccccccc/mf-manifest.json',
    });
    // Deploying it again only switches to the files already there.
    const before = fake.requests.filter((request) => request.method === 'PUT').length;
    expect(await run(['deploy', 'listings', '--dist', build])).toBe(0);
    expect(fake.requests.filter((request) => request.method === 'PUT')).toHaveLength(before);

    expect(
      await main(['status'], {
        env: { ...env, REMOTES_S3_BUCKET: '', REMOTES_S3_ENDPOINT: fake.endpoint },
        repoDir: dir,
        out: () => undefined,
        err: (line) => err.push(line),
      }),
    ).toBe(1);
    expect(err.at(-1)).toBe(
      "error: REMOTES_S3_ENDPOINT is set but REMOTES_S3_BUCKET is not: set REMOTES_S3_BUCKET to the bucket's name as well, or unset REMOTES_S3_ENDPOINT",
    );
  });
});
