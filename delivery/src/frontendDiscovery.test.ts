/** @jest-environment node */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { discoverySchemaErrors, temporaryDir } from './testing';
import { FRONTEND_DISCOVERY_SCHEMA, registryToDocument } from './frontendDiscovery';
import { parseRegistryFile, readRegistryFile, writeRegistryFile } from './registryFile';
import { type RegistryFile } from './model';

const LIVE = '0.1.0+aaaaaaaa';
const CANDIDATE = '0.2.0+bbbbbbbb';
const LIVE_SRI = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';
const CANDIDATE_SRI = 'sha384-MBO5IDfYaE6c6Aao94oZrIOiC6CGiSN2n4QUbHNPhzk5Xhm0djZLQqTpL0HzTUxk';

/** A registry as ADR 5 wrote it: a live version with its history, and a canary. */
const plainRegistry = {
  remotes: [
    {
      name: 'listings',
      manifest: `listings/${LIVE}/mf-manifest.json`,
      version: LIVE,
      canary: {
        version: CANDIDATE,
        manifest: `listings/${CANDIDATE}/mf-manifest.json`,
        percent: 10,
        users: ['12'],
        since: '2026-11-22T23:30:00.000Z',
        by: 'dana',
        actor: { id: '9', email: 'dana@hostdash.test' },
      },
      history: [
        {
          action: 'deploy',
          version: LIVE,
          manifest: `listings/${LIVE}/mf-manifest.json`,
          previous: null,
          at: '2026-11-22T23:20:26.000Z',
          by: 'dana',
          commit: '3476508548c5',
        },
      ],
    },
    // An entry set by hand: a dev server, no version.
    { name: 'billing', manifest: 'http://localhost:3014/mf-manifest.json' },
  ],
};

describe('the registry as a Frontend Discovery document', () => {
  it('reads the plain format and writes it back as a document that the published schema accepts', async () => {
    const file = path.join(temporaryDir('registry'), 'remotes.json');
    writeFileSync(file, JSON.stringify(plainRegistry));
    const registry = await readRegistryFile(file);
    await writeRegistryFile(file, registry);

    const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(discoverySchemaErrors(written)).toEqual([]);
    expect(written).toEqual({
      schema: FRONTEND_DISCOVERY_SCHEMA,
      microFrontends: {
        listings: [
          {
            url: `listings/${LIVE}/remoteEntry.js`,
            metadata: { version: LIVE, integrity: '' },
            extras: {
              manifest: `listings/${LIVE}/mf-manifest.json`,
              history: plainRegistry.remotes[0]!.history,
            },
            deployment: { traffic: 90, default: true },
          },
          {
            url: `listings/${CANDIDATE}/remoteEntry.js`,
            metadata: { version: CANDIDATE, integrity: '' },
            extras: {
              manifest: `listings/${CANDIDATE}/mf-manifest.json`,
              canary: {
                users: ['12'],
                since: '2026-11-22T23:30:00.000Z',
                by: 'dana',
                actor: { id: '9', email: 'dana@hostdash.test' },
              },
            },
            deployment: { traffic: 10, default: false },
          },
        ],
        // Unversioned, integrity not known: both "" (the schema requires the fields).
        billing: [
          {
            url: 'http://localhost:3014/remoteEntry.js',
            metadata: { version: '', integrity: '' },
            extras: { manifest: 'http://localhost:3014/mf-manifest.json' },
            deployment: { traffic: 100, default: true },
          },
        ],
      },
    });
    // The check reads every release, not only the first (the schema's `items` is a tuple).
    const second = (written.microFrontends as Record<string, Record<string, unknown>[]>).listings!;
    expect(
      discoverySchemaErrors({
        ...written,
        microFrontends: { listings: [second[0], { ...second[1], by: 'dana' }] },
      }),
    ).toEqual([expect.stringMatching(/^listings\[1\]: .*additional properties/)]);
    // Nothing was lost on the way: the document reads back as the same registry.
    expect(await readRegistryFile(file)).toEqual(registry);
  });

  it('keeps integrity and contract of the live release, the candidate and each history entry', () => {
    const registry: RegistryFile = {
      remotes: [
        {
          name: 'listings',
          manifest: `listings/${LIVE}/mf-manifest.json`,
          version: LIVE,
          integrity: LIVE_SRI,
          contract: '^1.3.0',
          canary: {
            version: CANDIDATE,
            manifest: `listings/${CANDIDATE}/mf-manifest.json`,
            integrity: CANDIDATE_SRI,
            contract: '^1.4.0',
            percent: 0,
            users: ['7'],
          },
          history: [
            {
              action: 'deploy',
              version: LIVE,
              manifest: `listings/${LIVE}/mf-manifest.json`,
              previous: null,
              at: 'x',
              by: 'dana',
              integrity: LIVE_SRI,
              contract: '^1.3.0',
            },
          ],
        },
      ],
    };
    const document = registryToDocument(registry);
    expect(discoverySchemaErrors(document)).toEqual([]);
    expect(document.microFrontends.listings?.map((release) => release.metadata)).toEqual([
      { version: LIVE, integrity: LIVE_SRI },
      { version: CANDIDATE, integrity: CANDIDATE_SRI },
    ]);
    expect(document.microFrontends.listings?.[1]?.extras?.contract).toBe('^1.4.0');
    expect(parseRegistryFile(JSON.stringify(document))).toEqual(registry);
  });

  it("passes every other field of the canary through its extras, so the canary's reader gets them", () => {
    const registry = parseRegistryFile(JSON.stringify(plainRegistry));
    const canary = registry.remotes[0]!.canary!;
    // A field this module has never heard of (the rollout strategy's, say) goes out and comes back.
    const withStrategy = { ...canary, strategy: { name: 'linear10-every-5m', step: 2 } };
    const document = registryToDocument({
      remotes: [{ ...registry.remotes[0]!, canary: withStrategy }],
    });
    expect(document.microFrontends.listings?.[1]?.extras?.canary).toMatchObject({
      strategy: { name: 'linear10-every-5m', step: 2 },
      users: ['12'],
    });
    expect(document.microFrontends.listings?.[1]?.extras?.canary).not.toHaveProperty('version');
    expect(document.microFrontends.listings?.[1]?.extras?.canary).not.toHaveProperty('percent');
    expect(parseRegistryFile(JSON.stringify(document)).remotes[0]?.canary).toEqual(canary);
  });

  it('reads a document written by hand: one release per remote, no deployment', () => {
    expect(
      parseRegistryFile(
        JSON.stringify({
          schema: FRONTEND_DISCOVERY_SCHEMA,
          microFrontends: {
            listings: [
              {
                url: 'http://localhost:3011/remoteEntry.js',
                metadata: { version: '', integrity: '' },
              },
            ],
          },
        }),
      ),
    ).toEqual({
      remotes: [{ name: 'listings', manifest: 'http://localhost:3011/mf-manifest.json' }],
    });
  });

  const release = (version: string, isDefault: boolean) => ({
    url: `listings/${version}/remoteEntry.js`,
    metadata: { version, integrity: '' },
    deployment: { traffic: 50, default: isDefault },
  });
  it.each([
    ['a remote without releases', { listings: [] }, /at least one release/],
    [
      'two defaults',
      { listings: [release(LIVE, true), release(CANDIDATE, true)] },
      /exactly one default/,
    ],
    [
      'two candidates',
      { listings: [release(LIVE, true), release(CANDIDATE, false), release('0.3.0+c', false)] },
      /more than one candidate/,
    ],
    ['no metadata', { listings: [{ url: 'a/remoteEntry.js' }] }, /"metadata"/],
    [
      'an integrity that is not SRI',
      { listings: [{ url: 'a/remoteEntry.js', metadata: { version: '1', integrity: 'md5-x' } }] },
      /"integrity"/,
    ],
    ['a bad name', { '../x': [release(LIVE, true)] }, /no valid "name"/],
  ])('refuses %s', (_case, microFrontends, message) => {
    expect(() =>
      parseRegistryFile(JSON.stringify({ schema: FRONTEND_DISCOVERY_SCHEMA, microFrontends })),
    ).toThrow(message);
  });
});
