import type { DiscoveryDocument } from '@hostdash/delivery/console-types';
import type { User } from '@hostdash/shared-auth';

/** The element the shell server fills with this page's ClientConfig (JSON, never executed). */
export const CLIENT_CONFIG_ELEMENT_ID = 'hostdash-config';

// The registry's wire format (a Frontend Discovery document) is the delivery package's: types only,
// from its browser-safe entry, so no Node code reaches the page's bundle.
export type {
  DiscoveryDocument,
  DiscoveryExtras,
  DiscoveryRelease,
} from '@hostdash/delivery/console-types';
/**
 * One remote as this page uses it, read from the per-user document (remotes/discovery.ts): the
 * live version, or the candidate of a rollout this user is in, with the live one to fall back to.
 */
export interface RemoteRelease {
  name: string;
  /** Absolute address of its mf-manifest.json. */
  manifest: string;
  /** Absolute address of its remoteEntry.js, whose `integrity` the page checks. */
  url?: string;
  version?: string;
  /** `sha384-…` of its remoteEntry.js; absent when unknown (not checked). */
  integrity?: string;
  /** This user gets a canary's candidate; `liveVersion` is what everyone else gets. */
  canary?: boolean;
  /** This browser previews this version until then (ISO time); nobody else gets it. */
  previewUntil?: string;
  liveVersion?: string;
  /** The live release, loaded instead when the candidate fails to load. */
  fallback?: RemoteRelease;
}

/** What the shell server injects into each page (shared by server and client). */
export interface ClientConfig {
  stage: string;
  ssoCookie: string;
  flagsmith: { api: string; environmentKey: string };
  guestPortalUrl: string;
  /** The billing bypass cookie was present on the page load (it may be HttpOnly). */
  billingBypass: boolean;
  /** The signed-in user the server found for this page load, without its session id. */
  user: User | null;
  /** The registry resolved for this user at page load (null: read /remotes.json instead). */
  remotes: DiscoveryDocument | null;
  /** At most one re-read of the registry per this many ms, on in-app navigation. */
  remotesRecheckMs: number;
  /** The share of tab sessions that send telemetry (MONITORING_SAMPLE_RATE, 0..1). */
  monitoringSampleRate: number;
  /** The page's Content-Security-Policy admits style elements with this nonce (emotion's). */
  styleNonce: string;
  /**
   * The API did not answer for this page load's session (down, a timeout, a 5xx): the session is
   * kept, and the page says the dashboard cannot reach its server, with Retry.
   */
  apiUnreachable: boolean;
  /** A page load of /logout that another site sent here: ask before signing out. */
  confirmSignOut: boolean;
}
