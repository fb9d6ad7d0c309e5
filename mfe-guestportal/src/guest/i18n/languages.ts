// The guest page's languages (issue 34, docs/adr/0036-guest-languages.md): the API's list (its
// contract type), each in its own words for the switch, the browser's language before the API
// has answered, and the guest's choice kept on this device.
import type { GuestPortal } from '../guestApi';

export type GuestLanguage = GuestPortal['language'];

/** Each language in its own words, in the order the switch offers them. */
export const LANGUAGE_NAMES: Readonly<Record<GuestLanguage, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  it: 'Italiano',
};

export const GUEST_LANGUAGES = Object.keys(LANGUAGE_NAMES) as GuestLanguage[];

export const isGuestLanguage = (value: unknown): value is GuestLanguage =>
  typeof value === 'string' && Object.hasOwn(LANGUAGE_NAMES, value);

/**
 * What the page says while its words load: before a language's messages have arrived there are
 * none to say it with.
 */
export const LOADING_WORDS: Readonly<Record<GuestLanguage, string>> = {
  en: 'Loading your check-in',
  es: 'Cargando tu check-in',
  fr: 'Chargement de votre enregistrement',
  de: 'Ihr Check-in wird geladen',
  pt: 'A carregar o seu check-in',
  it: 'Caricamento del check-in',
};

/**
 * The first of the browser's languages we have (a region falls back to its language), else
 * English: the page's words until the API says the guest's language (which also weighs the
 * listing's default and the guest's own choice).
 */
export function browserLanguage(
  languages: readonly string[] = navigator.languages ?? [],
): GuestLanguage {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isGuestLanguage(primary)) return primary;
  }
  return 'en';
}

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
