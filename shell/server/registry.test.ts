/** @jest-environment node */
import { canaryBucket, FRONTEND_DISCOVERY_SCHEMA } from '@hostdash/delivery';
import { parseRegistry, resolveRegistry } from './registry';
import { discoverySchemaErrors } from './testSupport';

const ORIGIN = 'http://localhost:3001';
const LIVE = '0.1.0+aaaaaaaa';
const CANDIDATE = '0.2.0+bbbbbbbb';
const LIVE_SRI = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';
const CANDIDATE_SRI = 'sha384-MBO5IDfYaE6c6Aao94oZrIOiC6CGiSN2n4QUbHNPhzk5Xhm0djZLQqTpL0HzTUxk';

describe('resolving the registry for a user', () => {
  it('resolves addresses against the remote origin, absolute ones as they are', () => {
    const registry = parseRegistry(
      JSON.stringify({
        remotes: [
          {
            name: 'listings',
            manifest: `listings/${LIVE}/mf-manifest.json`,
            version: LIVE,
            integrity: LIVE_SRI,
            contract: '^1.3.0',
          },
          { name: 'billing', manifest: 'https://cdn.example/billing/mf-manifest.json' },
        ],
      }),
    );
    const document = resolveRegistry(registry, null, ORIGIN);
    expect(discoverySchemaErrors(document)).toEqual([]);
    expect(document).toEqual({
      schema: FRONTEND_DISCOVERY_SCHEMA,
      microFrontends: {
        listings: [
          {
            url: `${ORIGIN}/listings/${LIVE}/remoteEntry.js`,
            metadata: { version: LIVE, integrity: LIVE_SRI },
            extras: { manifest: `${ORIGIN}/listings/${LIVE}/mf-manifest.json`, contract: '^1.3.0' },
            deployment: { traffic: 100, default: true },
          },
        ],
        billing: [
          {
            url: 'https://cdn.example/billing/remoteEntry.js',
            metadata: { version: '', integrity: '' },
            extras: { manifest: 'https://cdn.example/billing/mf-manifest.json' },
            deployment: { traffic: 100, default: true },
          },
        ],
      },
    });
  });

  it("gives a canary's candidate, then the live release to fall back to, to the users it picks; the live one to everyone else", () => {
    const ids = Array.from({ length: 200 }, (_, index) => String(index + 1));
    const inside = ids.find((id) => canaryBucket('listings', id) < 50) as string;
    const outside = ids.find((id) => canaryBucket('listings', id) >= 50) as string;
    const registry = parseRegistry(
      JSON.stringify({
        remotes: [
          {
            name: 'listings',
            manifest: `listings/${LIVE}/mf-manifest.json`,
            version: LIVE,
            integrity: LIVE_SRI,
            canary: {
              version: CANDIDATE,
              manifest: `listings/${CANDIDATE}/mf-manifest.json`,
              integrity: CANDIDATE_SRI,
              percent: 50,
              users: ['named'],
              by: 'dana',
            },
            history: [
              {
                action: 'canary',
                version: CANDIDATE,
                manifest: `listings/${CANDIDATE}/mf-manifest.json`,
                previous: LIVE,
                at: 'x',
                by: 'dana',
              },
            ],
          },
        ],
      }),
    );
    const candidate = {
      url: `${ORIGIN}/listings/${CANDIDATE}/remoteEntry.js`,
      metadata: { version: CANDIDATE, integrity: CANDIDATE_SRI },
      extras: { manifest: `${ORIGIN}/listings/${CANDIDATE}/mf-manifest.json`, rollout: true },
      deployment: { traffic: 50, default: false },
    };
    const live = {
      url: `${ORIGIN}/listings/${LIVE}/remoteEntry.js`,
      metadata: { version: LIVE, integrity: LIVE_SRI },
      extras: { manifest: `${ORIGIN}/listings/${LIVE}/mf-manifest.json` },
      deployment: { traffic: 50, default: true },
    };
    const releasesFor = (userId: string | null) => {
      const document = resolveRegistry(registry, userId, ORIGIN);
      expect(discoverySchemaErrors(document)).toEqual([]);
      // Who else is in the canary, who started it, and the history stay on the server.
      expect(JSON.stringify(document)).not.toMatch(/named|dana|history/);
      return document.microFrontends.listings;
    };
    expect(releasesFor(inside)).toEqual([candidate, live]);
    expect(releasesFor('named')).toEqual([candidate, live]);
    expect(releasesFor(outside)).toEqual([live]);
    expect(releasesFor(null)).toEqual([live]);
  });
});
