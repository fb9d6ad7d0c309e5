/** @jest-environment node */
import { canaryBucket } from './delivery/canary';
import { parseRegistry, resolveRegistry } from './registry';

const ORIGIN = 'http://localhost:3001';

describe('resolving the registry for a user', () => {
  it('resolves manifest addresses against the remote origin, absolute ones as they are', () => {
    const registry = parseRegistry(
      JSON.stringify({
        remotes: [
          {
            name: 'listings',
            manifest: 'listings/0.1.0+aaaaaaaa/mf-manifest.json',
            version: '0.1.0+aaaaaaaa',
          },
          { name: 'billing', manifest: 'https://cdn.example/billing/mf-manifest.json' },
        ],
      }),
    );
    expect(resolveRegistry(registry, null, ORIGIN)).toEqual([
      {
        name: 'listings',
        manifest: 'http://localhost:3001/listings/0.1.0+aaaaaaaa/mf-manifest.json',
        version: '0.1.0+aaaaaaaa',
      },
      { name: 'billing', manifest: 'https://cdn.example/billing/mf-manifest.json' },
    ]);
  });

  it("gives a canary's candidate to the users it picks and the live version to everyone else", () => {
    const ids = Array.from({ length: 200 }, (_, index) => String(index + 1));
    const inside = ids.find((id) => canaryBucket('listings', id) < 50) as string;
    const outside = ids.find((id) => canaryBucket('listings', id) >= 50) as string;
    const registry = parseRegistry(
      JSON.stringify({
        remotes: [
          {
            name: 'listings',
            manifest: 'listings/0.1.0+aaaaaaaa/mf-manifest.json',
            version: '0.1.0+aaaaaaaa',
            canary: {
              version: '0.2.0+bbbbbbbb',
              manifest: 'listings/0.2.0+bbbbbbbb/mf-manifest.json',
              percent: 50,
              users: ['named'],
            },
          },
        ],
      }),
    );
    const candidate = {
      name: 'listings',
      manifest: `${ORIGIN}/listings/0.2.0+bbbbbbbb/mf-manifest.json`,
      version: '0.2.0+bbbbbbbb',
      canary: true,
      liveVersion: '0.1.0+aaaaaaaa',
    };
    const live = {
      name: 'listings',
      manifest: `${ORIGIN}/listings/0.1.0+aaaaaaaa/mf-manifest.json`,
      version: '0.1.0+aaaaaaaa',
    };
    expect(resolveRegistry(registry, inside, ORIGIN)).toEqual([candidate]);
    expect(resolveRegistry(registry, outside, ORIGIN)).toEqual([live]);
    expect(resolveRegistry(registry, 'named', ORIGIN)).toEqual([candidate]);
    expect(resolveRegistry(registry, null, ORIGIN)).toEqual([live]);
  });
});
