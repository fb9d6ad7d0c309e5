// What the shell server puts into the guest page (server/guestPage.ts): only the style nonce. The
// guest page has no user, no session and no dashboard settings. What the server knows of the guest
// portal comes with it (docs/adr/0035-guest-page-weight.md): the registry and the manifest, so the
// page does not ask for them one after another.
import type { DiscoveryDocument } from '../clientConfig.types';

/** The element the shell server fills with the guest page's configuration (JSON, never executed). */
export { CLIENT_CONFIG_ELEMENT_ID as GUEST_CONFIG_ELEMENT_ID } from '../clientConfig.types';

export interface GuestPageConfig {
  /** The page's Content-Security-Policy admits style elements with this nonce (emotion's). */
  styleNonce: string;
  /** The registry as a guest gets it, only the guest portal (null: read /remotes.json). */
  remotes: DiscoveryDocument | null;
  /** The guest portal's mf-manifest.json by its address, when the server had it at hand. */
  manifests: Record<string, unknown>;
}

/** `/guest/<token>`: the token is 32 random bytes, base64url without padding (43 characters). */
export const GUEST_PAGE_PATH = /^\/guest\/([A-Za-z0-9_-]{43})$/;
