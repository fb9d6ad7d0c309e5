// Test helpers for the remotes: a fetch that answers /remotes.json and remote manifests as the
// shell server and the remote origin do.
import { FRONTEND_DISCOVERY_SCHEMA } from '@hostdash/delivery/console-types';
import type { DiscoveryDocument, DiscoveryRelease, RemoteRelease } from '../clientConfig.types';

export function release(
  name: string,
  version: string,
  extra: Partial<RemoteRelease> = {},
): RemoteRelease {
  return {
    name,
    version,
    manifest: `http://remotes/${name}/${version}/mf-manifest.json`,
    url: `http://remotes/${name}/${version}/remoteEntry.js`,
    ...extra,
  };
}

/** A version this browser previews until `until`, with the live release to fall back to. */
export function previewed(live: RemoteRelease, version: string, until: string): RemoteRelease {
  return release(live.name, version, {
    previewUntil: until,
    ...(live.version ? { liveVersion: live.version } : {}),
    fallback: live,
  });
}

/** A rollout's candidate for this user, with the live release to fall back to. */
export function candidate(live: RemoteRelease, version: string): RemoteRelease {
  return release(live.name, version, {
    canary: true,
    ...(live.version ? { liveVersion: live.version } : {}),
    fallback: live,
  });
}

function discoveryRelease(
  entry: RemoteRelease,
  deployment: DiscoveryRelease['deployment'],
  rollout = false,
): DiscoveryRelease {
  const { previewUntil } = entry;
  return {
    url: entry.url ?? entry.manifest.replace(/[^/]*$/, 'remoteEntry.js'),
    metadata: { version: entry.version ?? '', integrity: entry.integrity ?? '' },
    extras: {
      manifest: entry.manifest,
      ...(previewUntil ? { preview: previewUntil } : rollout ? { rollout: true } : {}),
    },
    deployment,
  };
}

/** The Frontend Discovery document the shell server answers for a user who gets `releases`. */
export function discoveryDocument(releases: RemoteRelease[]): DiscoveryDocument {
  return {
    schema: FRONTEND_DISCOVERY_SCHEMA,
    microFrontends: Object.fromEntries(
      releases.map((entry) => [
        entry.name,
        entry.fallback
          ? [
              discoveryRelease(
                entry,
                { traffic: entry.previewUntil ? 0 : 10, default: false },
                true,
              ),
              discoveryRelease(entry.fallback, { traffic: 90, default: true }),
            ]
          : [discoveryRelease(entry, { traffic: 100, default: true })],
      ]),
    ),
  };
}

/** A federation manifest with the metadata build/webpack.federation.cjs writes. */
export function manifest(name: string, version: string, contract = '^1.0.0') {
  return {
    id: name,
    name,
    metaData: { name, hostdash: { version, contract } },
    shared: [],
    remotes: [],
    exposes: [{ id: `${name}:feature`, name: 'feature', path: './feature' }],
  };
}

/**
 * Replaces fetch: `/remotes.json` answers `registry()`, a manifest URL answers
 * `manifests[url]` (404 when absent). Returns the mock to inspect calls.
 */
export function mockRemoteFetch(
  registry: () => RemoteRelease[],
  manifests: () => Record<string, unknown> = () => ({}),
) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/remotes.json')
      return { ok: true, status: 200, json: async () => discoveryDocument(registry()) };
    const body = manifests()[url];
    return body
      ? { ok: true, status: 200, json: async () => body }
      : { ok: false, status: 404, json: async () => ({ error: 'not_found' }) };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The manifests of these releases, each declaring `contract`. */
export function manifestsOf(
  releases: RemoteRelease[],
  contract = '^1.0.0',
): Record<string, unknown> {
  return Object.fromEntries(
    releases
      .flatMap((entry) => (entry.fallback ? [entry, entry.fallback] : [entry]))
      .map((entry) => [entry.manifest, manifest(entry.name, entry.version ?? '0.0.0', contract)]),
  );
}
