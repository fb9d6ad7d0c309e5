// The languages a guest's page and mails are offered in (issue 34, docs/adr/0036-guest-
// languages.md), and which of them a guest gets: the one they chose on their page, else the best
// their browser asks for (`Accept-Language`), else their listing's `guest_language`. The same list
// is in migration 0039's checks.

import { guestLanguageOf } from '@hostdash/api-contract';
import { stringEnum } from '../http/schemas';

export const GUEST_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];

export const isGuestLanguage = (value: string): value is GuestLanguage =>
  (GUEST_LANGUAGES as readonly string[]).includes(value);

/** The best of our languages for an `Accept-Language` header, or null (the contract's reading). */
export const languageOf = guestLanguageOf;

/** The guest's language: their own choice, their browser's, then the listing's default. */
export function negotiateLanguage(options: {
  chosen: string | null;
  acceptLanguage: string | undefined;
  listingLanguage: GuestLanguage;
}): GuestLanguage {
  if (options.chosen && isGuestLanguage(options.chosen)) return options.chosen;
  return languageOf(options.acceptLanguage) ?? options.listingLanguage;
}

/** A text kept in several languages: the base columns' English and the others by language. */
export type Translations<Text> = Partial<Record<GuestLanguage, Text>>;

/** The text in `language` from a base (English) text and its translations; undefined: none. */
export function textIn<Text>(
  language: GuestLanguage,
  base: Text | null,
  translations: Translations<Text> | null | undefined,
): Text | undefined {
  if (language === 'en') return base ?? undefined;
  return translations?.[language];
}

/** A guest language on the wire. */
export const GuestLanguageSchema = stringEnum(GUEST_LANGUAGES, {
  description: `A language of the guest’s page and mails: ${GUEST_LANGUAGES.join(', ')}.`,
});
