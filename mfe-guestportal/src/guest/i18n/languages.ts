// The guest page's languages (issue 34, docs/adr/0036-guest-languages.md): the API's list (its
// contract type), each in its own words for the switch, the browser's language before the API
// has answered, and the guest's choice kept on this device.
import { isGuestLanguage, type GuestLanguage } from '@hostdash/shared-auth/guest';

// The languages, their names and the browser's language are the guest page's too (shared-auth's
// guest entry): the page says its first words in the language the portal then speaks.
export {
  browserLanguage,
  GUEST_LANGUAGES,
  isGuestLanguage,
  LANGUAGE_NAMES,
  type GuestLanguage,
} from '@hostdash/shared-auth/guest';

const STORAGE_KEY = 'hostdash.guestLanguage';

/**
 * The language this guest chose on this device for this link (the link is the page's path), or
 * null. Storage may be unavailable (private modes): the choice then lasts as long as the page.
 */
export function storedLanguage(link: string): GuestLanguage | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    const language = (stored as Record<string, unknown>)[link];
    return isGuestLanguage(language) ? language : null;
  } catch {
    return null;
  }
}

export function storeLanguage(link: string, language: GuestLanguage): void {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...stored, [link]: language }));
  } catch {
    // Kept for this page only.
  }
}
