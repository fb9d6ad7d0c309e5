// The guest's languages, as the contract lists them (issue 34, docs/adr/0036-guest-languages.md),
// and the few words the guest's check-in page says before the portal speaks: what it says while
// the portal loads, when the portal cannot be shown, and without scripts. The page's own
// (shell/src/guest), the portal's loading screen and the page's HTML (the shell server) all read
// them here, so a guest reads one language from the first paint on. The API decides the language
// once it answers (the guest's choice, their browser's, the listing's default); until then it is
// the browser's. Here rather than in shared-auth: a bundle keeps only what it imports of this
// package, where the dashboard's shared-auth singleton would carry it to every session.
import { acceptedLanguages, primaryLanguage } from './languages';
import type { components } from './schema';

export type GuestLanguage = components['schemas']['GuestPortal']['language'];

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
 * The first of the browser's languages we have (a region falls back to its language), else
 * English: the page's words until the API says the guest's language.
 */
export function browserLanguage(
  languages: readonly string[] = (globalThis as { navigator?: { languages?: readonly string[] } })
    .navigator?.languages ?? [],
): GuestLanguage {
  return languages.map(primaryLanguage).find(isGuestLanguage) ?? 'en';
}

/**
 * The best of our languages for an `Accept-Language` header, or null when it asks for none of them.
 * A region falls back to its language (`de-DE`, `pt-BR` → `de`, `pt`); `*` matches nothing (it
 * says "anything", which is what the listing's default is for).
 */
export function guestLanguageOf(acceptLanguage: string | undefined): GuestLanguage | null {
  return acceptedLanguages(acceptLanguage).find(isGuestLanguage) ?? null;
}

// Each in its own record, so that a bundle carries only the words it says: the portal the
// loading words, the page also the ones for a portal it cannot show, the server the rest.

/** What the page says while the portal or its words load (to a screen reader, by the ring). */
export const GUEST_LOADING_WORDS: Readonly<Record<GuestLanguage, string>> = {
  en: 'Loading your check-in',
  es: 'Cargando tu check-in',
  fr: 'Chargement de votre enregistrement',
  de: 'Ihr Check-in wird geladen',
  pt: 'A carregar o seu check-in',
  it: 'Caricamento del check-in',
};

export interface GuestUnavailableWords {
  /** The page's name: its tab, and the heading of the page that cannot show the portal. */
  title: string;
  unavailable: string;
  tryAgain: string;
}

/** The page's name, and what it says when the portal cannot be shown. */
export const GUEST_UNAVAILABLE_WORDS: Readonly<Record<GuestLanguage, GuestUnavailableWords>> = {
  en: {
    title: 'Check-in',
    unavailable: 'Check-in is temporarily unavailable. Please try again in a few minutes.',
    tryAgain: 'Try again',
  },
  es: {
    title: 'Check-in',
    unavailable:
      'El check-in no está disponible en este momento. Vuelve a intentarlo en unos minutos.',
    tryAgain: 'Reintentar',
  },
  fr: {
    title: 'Enregistrement',
    unavailable:
      'L’enregistrement est momentanément indisponible. Veuillez réessayer dans quelques minutes.',
    tryAgain: 'Réessayer',
  },
  de: {
    title: 'Check-in',
    unavailable:
      'Der Check-in ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in ein paar Minuten erneut.',
    tryAgain: 'Erneut versuchen',
  },
  pt: {
    title: 'Check-in',
    unavailable:
      'O check-in está temporariamente indisponível. Tente novamente dentro de alguns minutos.',
    tryAgain: 'Tentar novamente',
  },
  it: {
    title: 'Check-in',
    unavailable: 'Il check-in non è al momento disponibile. Riprova tra qualche minuto.',
    tryAgain: 'Riprova',
  },
};

/** What the page's HTML says to a browser that runs no script. */
export const GUEST_NO_SCRIPT_WORDS: Readonly<Record<GuestLanguage, string>> = {
  en: 'Check-in needs JavaScript. Please turn it on and open your link again.',
  es: 'El check-in necesita JavaScript. Actívalo y vuelve a abrir tu enlace.',
  fr: 'L’enregistrement nécessite JavaScript. Activez-le et rouvrez votre lien.',
  de: 'Der Check-in benötigt JavaScript. Bitte schalten Sie es ein und öffnen Sie Ihren Link erneut.',
  pt: 'O check-in precisa de JavaScript. Ative-o e abra novamente o seu link.',
  it: 'Il check-in richiede JavaScript. Attivalo e riapri il tuo link.',
};
