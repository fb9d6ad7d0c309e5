// What the shell server puts into the guest page (server/guestPage.ts): only the style nonce. The
// guest page has no user, no session and no dashboard settings; it reads /remotes.json itself.

/** The element the shell server fills with the guest page's configuration (JSON, never executed). */
export { CLIENT_CONFIG_ELEMENT_ID as GUEST_CONFIG_ELEMENT_ID } from '../clientConfig.types';

export interface GuestPageConfig {
  /** The page's Content-Security-Policy admits style elements with this nonce (emotion's). */
  styleNonce: string;
}

/** `/guest/<token>`: the token is 32 random bytes, base64url without padding (43 characters). */
export const GUEST_PAGE_PATH = /^\/guest\/([A-Za-z0-9_-]{43})$/;
