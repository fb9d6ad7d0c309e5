// Test helpers for the remotes: a fetch that answers /remotes.json and remote manifests as the
// shell server and the remote origin do.
import type { RemoteRelease } from '../clientConfig.types';

export function release(
  name: string,
  version: string,
  extra: Partial<RemoteRelease> = {},
): RemoteRelease {
  return {
    name,
    version,
    manifest: `http://remotes/${name}/${version}/mf-manifest.json`,
    ...extra,
  };
}

/** A federation manifest with the metadata config/webpack.federation.cjs writes. */
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
      return { ok: true, status: 200, json: async () => ({ remotes: registry() }) };
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
    releases.map((entry) => [
      entry.manifest,
      manifest(entry.name, entry.version ?? '0.0.0', contract),
    ]),
  );
}
