// What the shell server put into the guest page (server/guestPage.ts), and the guest link's token.
import {
  GUEST_CONFIG_ELEMENT_ID,
  GUEST_PAGE_PATH,
  type GuestPageConfig,
} from './guestConfig.types';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the server put into the page; anything it could not say is left for the page to fetch. */
export function readGuestPageConfig(): GuestPageConfig {
  const text = document.getElementById(GUEST_CONFIG_ELEMENT_ID)?.textContent;
  let injected: Partial<Record<keyof GuestPageConfig, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (isRecord(parsed)) injected = parsed;
  } catch {
    // A page without its configuration still works: it reads the registry itself.
  }
  return {
    styleNonce: typeof injected.styleNonce === 'string' ? injected.styleNonce : '',
    // The page's registry reader checks each release it is given (remotes/discovery.ts).
    remotes: isRecord(injected.remotes)
      ? (injected.remotes as unknown as GuestPageConfig['remotes'])
      : null,
    manifests: isRecord(injected.manifests) ? injected.manifests : {},
  };
}

/** The token of the guest link this page was opened at; null for any other address. */
export function guestToken(pathname: string): string | null {
  return GUEST_PAGE_PATH.exec(pathname)?.[1] ?? null;
}
