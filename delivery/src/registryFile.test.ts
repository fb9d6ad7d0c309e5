/** @jest-environment node */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporaryDir } from './testing';
import {
  parseRegistryFile,
  readRegistryFile,
  withRegistryLock,
  writeRegistryFile,
} from './registryFile';
import { type RegistryFile } from './model';

describe('the registry file', () => {
  it('accepts the plain format of earlier versions', () => {
    expect(
      parseRegistryFile(
        '{"remotes":[{"name":"listings","manifest":"http://localhost:3011/mf-manifest.json"}]}',
      ),
    ).toEqual({
      remotes: [{ name: 'listings', manifest: 'http://localhost:3011/mf-manifest.json' }],
    });
  });

  it('reads versions, a canary (user ids as strings) and the history', () => {
    const registry = parseRegistryFile(
      JSON.stringify({
        remotes: [
          {
            name: 'listings',
            manifest: 'listings/0.1.0+aaaaaaaa/mf-manifest.json',
            version: '0.1.0+aaaaaaaa',
            canary: {
              version: '0.2.0+bbbbbbbb',
              manifest: 'listings/0.2.0+bbbbbbbb/mf-manifest.json',
              percent: 10,
              users: [12, '15'],
            },
            history: [
              {
                action: 'deploy',
                version: '0.1.0+aaaaaaaa',
                manifest: 'listings/0.1.0+aaaaaaaa/mf-manifest.json',
                previous: null,
                at: '2025-01-01T00:00:00.000Z',
                by: 'alice',
              },
              { action: 'unknown', version: 'x', manifest: 'y' },
            ],
          },
        ],
      }),
    );
    const [listings] = registry.remotes;
    expect(listings?.canary).toEqual({
      version: '0.2.0+bbbbbbbb',
      manifest: 'listings/0.2.0+bbbbbbbb/mf-manifest.json',
      percent: 10,
      users: ['12', '15'],
    });
    expect(listings?.history).toHaveLength(1);
  });

  it.each([
    ['not an object', '[]', /"remotes" array/],
    ['a bad name', '{"remotes":[{"name":"../x","manifest":"a"}]}', /no valid "name"/],
    ['no manifest', '{"remotes":[{"name":"listings"}]}', /no "manifest"/],
    [
      'a name twice',
      '{"remotes":[{"name":"a","manifest":"x"},{"name":"a","manifest":"y"}]}',
      /named twice/,
    ],
    [
      'a canary share over 100',
      '{"remotes":[{"name":"a","manifest":"x","canary":{"version":"1.0.0+a","manifest":"m","percent":120}}]}',
      /percent/,
    ],
    [
      'a canary version that is not a path segment',
      '{"remotes":[{"name":"a","manifest":"x","canary":{"version":"../1","manifest":"m","percent":5}}]}',
      /valid "version"/,
    ],
  ])('refuses %s', (_case, text, message) => {
    expect(() => parseRegistryFile(text)).toThrow(message);
  });

  it("reads the console's actor where it was recorded, and history written before it without one", () => {
    const manifest = 'listings/0.1.0+aaaaaaaa/mf-manifest.json';
    const [remote] = parseRegistryFile(
      JSON.stringify({
        remotes: [
          {
            name: 'listings',
            manifest,
            version: '0.1.0+aaaaaaaa',
            history: [
              { action: 'deploy', version: '0.1.0+aaaaaaaa', manifest, at: 'x', by: 'dana' },
              {
                action: 'rollback',
                version: '0.1.0+aaaaaaaa',
                manifest,
                at: 'y',
                by: 'ada@x',
                actor: { id: '9', email: 'ada@x' },
              },
              // Half an actor is none.
              { action: 'deploy', version: '0.1.0+aaaaaaaa', manifest, by: 'z', actor: { id: 1 } },
            ],
          },
        ],
      }),
    ).remotes;
    expect(remote?.history?.map((entry) => entry.actor ?? null)).toEqual([
      null,
      { id: '9', email: 'ada@x' },
      null,
    ]);
  });

  it('is replaced atomically and leaves no temporary file', async () => {
    const dir = temporaryDir('registry');
    const file = path.join(dir, 'nested', 'remotes.json');
    const registry: RegistryFile = { remotes: [{ name: 'listings', manifest: 'a', version: '1' }] };
    await writeRegistryFile(file, registry);
    expect(parseRegistryFile(readFileSync(file, 'utf8'))).toEqual(registry);
    expect(readdirSync(path.dirname(file))).toEqual(['remotes.json']);
    await expect(readRegistryFile(path.join(dir, 'missing.json'))).rejects.toThrow(/ENOENT/);
    expect(
      await readRegistryFile(path.join(dir, 'missing.json'), { missingIsEmpty: true }),
    ).toEqual({
      remotes: [],
    });
  });

  it('runs one change at a time under the lock, and takes over a stale lock', async () => {
    const dir = temporaryDir('registry-lock');
    const file = path.join(dir, 'remotes.json');
    const order: string[] = [];
    // No clock in this: the first change holds the lock until the test opens its gate.
    let entered!: () => void;
    const inFirst = new Promise<void>((resolve) => (entered = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = withRegistryLock(file, async () => {
      order.push('first in');
      entered();
      await gate;
      order.push('first out');
    });
    await inFirst;
    const second = withRegistryLock(file, async () => {
      order.push('second');
    });
    // The second change waits on the lock file for as long as the first holds it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(existsSync(`${file}.lock`)).toBe(true);
    expect(order).toEqual(['first in']);
    open();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second']);

    writeFileSync(`${file}.lock`, '1');
    const old = new Date(Date.now() - 60_000);
    const { utimesSync } = await import('node:fs');
    utimesSync(`${file}.lock`, old, old);
    await expect(withRegistryLock(file, async () => 'ran')).resolves.toBe('ran');
  });
});
