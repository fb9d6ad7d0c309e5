// What the delivery package says to browsers, with no Node code: the registry's wire format (a
// Frontend Discovery document, docs/adr/0019) as the page reads it. The shell's page and the admin
// remote import this entry (`@hostdash/delivery/console-types`) with `import type`, so nothing of
// the package's server side reaches a browser bundle.

/**
 * The registry speaks the open Frontend Discovery format (awslabs/frontend-discovery, schema
 * v1-pre): the registry file, /remotes.json and the page's `remotes` are documents of it
 * (docs/adr/0019-frontend-discovery-registry.md).
 */
export const FRONTEND_DISCOVERY_SCHEMA =
  'https://raw.githubusercontent.com/awslabs/frontend-discovery/main/schema/v1-pre.json';

/** One version of a micro-frontend in a Frontend Discovery document. */
export interface DiscoveryRelease {
  /** Its remoteEntry.js (relative to REMOTES_ORIGIN in the file; absolute on the wire). */
  url: string;
  /** `integrity`: the entry's SRI (`sha384-…`), "" when unknown; `version`: "" when unversioned. */
  metadata: { integrity: string; version: string };
  /** Ours: the manifest, the contract range, and (in the file) history and canary details. */
  extras?: DiscoveryExtras;
  deployment?: { traffic: number; default: boolean };
}

export interface DiscoveryExtras {
  /** Its mf-manifest.json, which the federation runtime registers. */
  manifest?: string;
  /** The shell contract range the build declares. */
  contract?: string;
  /** On the wire: this user gets a rollout's candidate (the default release follows it). */
  rollout?: boolean;
  [field: string]: unknown;
}

export interface DiscoveryDocument {
  schema: string;
  /** Per remote: the default (live) release and, while a canary runs, the candidate. */
  microFrontends: Record<string, DiscoveryRelease[]>;
}
