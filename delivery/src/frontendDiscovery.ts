// The registry's format on disk and on the wire: a Frontend Discovery document
// (awslabs/frontend-discovery, schema v1-pre), mapped to and from the code's own model
// (registryFile.ts) here and nowhere else. Field by field: docs/adr/0019-frontend-discovery-registry.md.
//
// Only types come from the model (model.ts): registryFile.ts reads and writes through this module,
// and the one validator of what a document says stays there (a document becomes the plain shape of
// ADR 5 first).
import {
  FRONTEND_DISCOVERY_SCHEMA,
  type DiscoveryDocument,
  type DiscoveryExtras,
  type DiscoveryRelease,
} from './consoleTypes';
import type { Canary, RegistryFile, RegistryRemote } from './model';

export { FRONTEND_DISCOVERY_SCHEMA };
export type { DiscoveryDocument, DiscoveryRelease };

/** Every build's entry, beside its manifest (build/webpack.federation.cjs names it). */
export const REMOTE_ENTRY = 'remoteEntry.js';
const MANIFEST = 'mf-manifest.json';

const LAST_SEGMENT = /[^/?#]*([?#].*)?$/;

/** The remoteEntry.js beside a manifest, relative or absolute as the manifest is. */
export function entryBeside(manifest: string): string {
  return manifest.replace(LAST_SEGMENT, REMOTE_ENTRY);
}

function manifestBeside(entry: string): string {
  return entry.replace(LAST_SEGMENT, MANIFEST);
}

type Fields = Record<string, unknown>;

function fields(value: unknown): Fields {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

function release(
  manifest: string,
  facts: { version?: string; integrity?: string; contract?: string },
  extras: DiscoveryExtras,
  deployment: { traffic: number; default: boolean },
): DiscoveryRelease {
  return {
    url: entryBeside(manifest),
    // The schema requires both: "" says unversioned (an entry set by hand) or not known.
    metadata: { integrity: facts.integrity ?? '', version: facts.version ?? '' },
    extras: { manifest, ...(facts.contract ? { contract: facts.contract } : {}), ...extras },
    deployment,
  };
}

/** The candidate's details that have no field of their own in the schema. */
function canaryDetails(canary: Canary): Fields {
  // Everything else of the canary travels as it is, so a field added to `Canary` needs no change here.
  const { version: _version, manifest: _manifest, percent: _percent, ...details } = canary;
  delete details.integrity;
  delete details.contract;
  return details;
}

function remoteReleases(remote: RegistryRemote): DiscoveryRelease[] {
  const { canary } = remote;
  const live = release(remote.manifest, remote, remote.history ? { history: remote.history } : {}, {
    traffic: 100 - (canary?.percent ?? 0),
    default: true,
  });
  if (!canary) return [live];
  return [
    live,
    release(
      canary.manifest,
      canary,
      { canary: canaryDetails(canary) },
      { traffic: canary.percent, default: false },
    ),
  ];
}

/** The registry file's document: per remote, the live release and the canary's candidate. */
export function registryToDocument(registry: RegistryFile): DiscoveryDocument {
  return {
    schema: FRONTEND_DISCOVERY_SCHEMA,
    microFrontends: Object.fromEntries(
      registry.remotes.map((remote) => [remote.name, remoteReleases(remote)]),
    ),
  };
}

/** Whether parsed JSON is a Frontend Discovery document (else: the plain format of ADR 1 and 5). */
export function isDiscoveryDocument(raw: unknown): boolean {
  return 'microFrontends' in fields(raw);
}

/** The release's own fields, with what the schema requires checked. */
function releaseFields(name: string, raw: unknown, index: number) {
  const entry = fields(raw);
  const metadata = fields(entry.metadata);
  const where = `release #${index + 1} of "${name}"`;
  if (typeof entry.url !== 'string' || entry.url === '') throw new Error(`${where} has no "url"`);
  if (typeof metadata.version !== 'string' || typeof metadata.integrity !== 'string')
    throw new Error(`${where} needs "metadata" with a "version" and an "integrity"`);
  const extras = fields(entry.extras);
  const deployment = entry.deployment === undefined ? undefined : fields(entry.deployment);
  if (
    deployment &&
    (typeof deployment.traffic !== 'number' || typeof deployment.default !== 'boolean')
  )
    throw new Error(`${where} has a "deployment" without "traffic" and "default"`);
  return {
    extras,
    deployment,
    facts: {
      manifest: typeof extras.manifest === 'string' ? extras.manifest : manifestBeside(entry.url),
      version: metadata.version,
      integrity: metadata.integrity,
      ...(extras.contract !== undefined ? { contract: extras.contract } : {}),
    },
  };
}

/**
 * A document's remotes in the plain shape of ADR 5 (`{ name, manifest, version, canary, history }`),
 * for registryFile.ts's one validator. Throws on what the plain shape cannot say: no default
 * release, or more than one default or candidate.
 */
export function documentToPlainRemotes(raw: unknown): unknown[] {
  const { microFrontends } = fields(raw);
  if (!microFrontends || typeof microFrontends !== 'object' || Array.isArray(microFrontends))
    throw new Error('the registry\'s "microFrontends" must be an object');
  return Object.entries(microFrontends as Fields).map(([name, releases]) => {
    if (!Array.isArray(releases) || releases.length === 0)
      throw new Error(`"${name}" must list at least one release`);
    const read = releases.map((entry, index) => releaseFields(name, entry, index));
    // A lone release without a deployment is the default (a document written by hand).
    const defaults = read.filter((entry) =>
      entry.deployment ? entry.deployment.default === true : read.length === 1,
    );
    const candidates = read.filter((entry) => !defaults.includes(entry));
    if (defaults.length !== 1) throw new Error(`"${name}" needs exactly one default release`);
    if (candidates.length > 1) throw new Error(`"${name}" has more than one candidate release`);
    const [live] = defaults as [(typeof read)[number]];
    const candidate = candidates[0];
    return {
      name,
      ...live.facts,
      ...(live.extras.history !== undefined ? { history: live.extras.history } : {}),
      ...(candidate
        ? {
            canary: {
              ...fields(candidate.extras.canary),
              ...candidate.facts,
              percent: candidate.deployment?.traffic,
            },
          }
        : {}),
    };
  });
}

/** Relative addresses of the file are resolved against the remote origin (REMOTES_ORIGIN) on the wire. */
export function absoluteAddress(address: string, remotesOrigin: string): string {
  const base = remotesOrigin.endsWith('/') ? remotesOrigin : `${remotesOrigin}/`;
  return new URL(address, base).toString();
}

/**
 * One release as the browser gets it: absolute addresses, and only what the page needs in extras
 * (never the history or the canary's users: ids of people).
 */
export function wireRelease(
  facts: { manifest: string; version?: string; integrity?: string; contract?: string },
  remotesOrigin: string,
  deployment: { traffic: number; default: boolean },
  rollout = false,
): DiscoveryRelease {
  return release(
    absoluteAddress(facts.manifest, remotesOrigin),
    facts,
    rollout ? { rollout: true } : {},
    deployment,
  );
}
