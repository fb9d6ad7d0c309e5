// The page's one reader of the registry the shell server resolved for this user (in the page, and
// from /remotes.json): a Frontend Discovery document (docs/adr/0019). Per remote, the first release
// is the one this user gets; when it is a rollout's candidate, or a version this browser previews
// (docs/adr/0042), the default release after it is the one to load instead if that one fails.
import type { DiscoveryDocument, RemoteRelease } from '../clientConfig.types';

type Fields = Record<string, unknown>;

function fields(value: unknown): Fields {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** One release as the page uses it; null when it lacks what loading it needs. */
function readRelease(name: string, raw: unknown): RemoteRelease | null {
  const { url, metadata, extras } = fields(raw);
  const entry = nonEmpty(url);
  const manifest = nonEmpty(fields(extras).manifest);
  if (!entry || !manifest) return null;
  const { version, integrity } = fields(metadata);
  return {
    name,
    manifest,
    url: entry,
    ...(nonEmpty(version) ? { version: version as string } : {}),
    ...(nonEmpty(integrity) ? { integrity: integrity as string } : {}),
  };
}

const isDefault = (raw: unknown) => fields(fields(raw).deployment).default === true;

/** The releases this page may load, one per remote; a remote it cannot read is left out. */
export function releasesOf(document: DiscoveryDocument | null | undefined): RemoteRelease[] {
  return Object.entries(fields(document?.microFrontends)).flatMap(([name, releases]) => {
    if (!Array.isArray(releases)) return [];
    const [first] = releases;
    const release = readRelease(name, first);
    if (!release) return [];
    const extras = fields(fields(first).extras);
    const rollout = extras.rollout === true || !isDefault(first);
    const live = rollout ? readRelease(name, releases.slice(1).find(isDefault)) : null;
    if (!rollout || !live) return [release];
    const previewUntil = nonEmpty(extras.preview);
    return [
      {
        ...release,
        ...(previewUntil ? { previewUntil } : { canary: true }),
        ...(live.version ? { liveVersion: live.version } : {}),
        fallback: live,
      },
    ];
  });
}
