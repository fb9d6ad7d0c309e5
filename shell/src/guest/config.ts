// What the shell server put into the guest page (server/guestPage.ts), and the guest link's token.
import {
  GUEST_CONFIG_ELEMENT_ID,
  GUEST_PAGE_PATH,
  type GuestPageConfig,
} from './guestConfig.types';

export function readGuestPageConfig(): GuestPageConfig {
  const text = document.getElementById(GUEST_CONFIG_ELEMENT_ID)?.textContent;
  try {
    const injected = JSON.parse(text ?? '{}') as Partial<GuestPageConfig>;
    return { styleNonce: typeof injected.styleNonce === 'string' ? injected.styleNonce : '' };
  } catch {
    return { styleNonce: '' };
  }
}

/** The token of the guest link this page was opened at; null for any other address. */
export function guestToken(pathname: string): string | null {
  return GUEST_PAGE_PATH.exec(pathname)?.[1] ?? null;
}
