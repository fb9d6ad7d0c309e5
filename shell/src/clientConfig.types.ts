import type { User } from '@hostdash/shared-auth';

/** The element the shell server fills with this page's ClientConfig (JSON, never executed). */
export const CLIENT_CONFIG_ELEMENT_ID = 'hostdash-config';

/**
 * One remote as this user gets it: the live version, or the candidate of a canary this user is in
 * (resolved by the shell server from the registry, docs/adr/0005).
 */
export interface RemoteRelease {
  name: string;
  /** Absolute address of its mf-manifest.json. */
  manifest: string;
  version?: string;
  /** This user gets a canary's candidate; `liveVersion` is what everyone else gets. */
  canary?: boolean;
  liveVersion?: string;
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
  remotes: RemoteRelease[] | null;
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
