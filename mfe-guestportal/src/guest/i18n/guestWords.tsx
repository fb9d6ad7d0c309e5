// The guest page's words (issue 34, docs/adr/0036-guest-languages.md): FormatJS's
// intl-messageformat over ICU messages compiled to their AST at build time (`npm run i18n`, the
// files in ./compiled), so the page carries no ICU parser (the webpack config points the parser
// at FormatJS's no-parser build). Each language's messages are a chunk of their own, fetched
// when the page needs that language. Dates and numbers go through Intl in the same language.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlMessageFormat } from 'intl-messageformat';
import type en from './messages/en.json';
import type { GuestLanguage } from './languages';

export type MessageId = keyof typeof en;
type Compiled = Record<MessageId, ConstructorParameters<typeof IntlMessageFormat>[0]>;
type Value = string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode);

const LOADERS: Record<GuestLanguage, () => Promise<{ default: unknown }>> = {
  en: () => import(/* webpackChunkName: "guest-words-en" */ './compiled/en.json'),
  es: () => import(/* webpackChunkName: "guest-words-es" */ './compiled/es.json'),
  fr: () => import(/* webpackChunkName: "guest-words-fr" */ './compiled/fr.json'),
  de: () => import(/* webpackChunkName: "guest-words-de" */ './compiled/de.json'),
  pt: () => import(/* webpackChunkName: "guest-words-pt" */ './compiled/pt.json'),
  it: () => import(/* webpackChunkName: "guest-words-it" */ './compiled/it.json'),
};

const loaded = new Map<GuestLanguage, Promise<Compiled>>();

/** A language's messages, fetched once (a failed fetch is tried again next time). */
export function loadWords(language: GuestLanguage): Promise<Compiled> {
  let messages = loaded.get(language);
  if (!messages) {
    messages = LOADERS[language]().then(
      (module) => module.default as Compiled,
      (error: unknown) => {
        loaded.delete(language);
        throw error;
      },
    );
    loaded.set(language, messages);
  }
  return messages;
}

export interface GuestWords {
  language: GuestLanguage;
  /** A message as text. */
  t(id: MessageId, values?: Record<string, string | number>): string;
  /** A message with React parts (`<b>` tags, elements as values). */
  rich(id: MessageId, values: Record<string, Value>): ReactNode;
  /** A calendar day (YYYY-MM-DD) as the guest's language writes it. */
  day(isoDay: string): string;
}

function wordsOf(language: GuestLanguage, messages: Compiled): GuestWords {
  const formats = new Map<MessageId, IntlMessageFormat>();
  const format = (id: MessageId) => {
    let formatter = formats.get(id);
    if (!formatter) {
      formatter = new IntlMessageFormat(messages[id], language);
      formats.set(id, formatter);
    }
    return formatter;
  };
  const days = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    language,
    t: (id, values) => String(format(id).format(values)),
    rich: (id, values) => {
      const parts = format(id).format<ReactNode>(values as never);
      return Array.isArray(parts)
        ? parts.map((part, index) => <Keyed key={index}>{part}</Keyed>)
        : parts;
    },
    day: (isoDay) => days.format(new Date(`${isoDay}T00:00:00Z`)),
  };
}

const Keyed = ({ children }: { children: ReactNode }) => <>{children}</>;

/** A message's `<b>` parts, for `rich`. */
export const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

const WordsContext = createContext<GuestWords | null>(null);

/**
 * Gives its children the words of `language`, once they have arrived: until the first language
 * has, `fallback`; while a new one loads, the words they had.
 */
export function GuestWordsProvider({
  language,
  fallback,
  children,
}: {
  language: GuestLanguage;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const [shown, setShown] = useState<{ language: GuestLanguage; messages: Compiled } | null>(null);
  useEffect(() => {
    let active = true;
    loadWords(language).then(
      (messages) => active && setShown({ language, messages }),
      // A chunk that did not come (offline): the words already shown stay; a reload tries again.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [language]);
  const words = useMemo(() => shown && wordsOf(shown.language, shown.messages), [shown]);
  if (!words) return <>{fallback}</>;
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

export function useGuestWords(): GuestWords {
  const words = useContext(WordsContext);
  if (!words) throw new Error('useGuestWords needs a GuestWordsProvider above it.');
  return words;
}
