// The host's Language tabs (issue 34): English, the language the host writes in first, then the
// other languages guests read. The screen editor and the message dialog both write a text in
// each; each says beside a language's name what it has in it ("shipped", "written").
import { Tab, Tabs } from '@mui/material';
import { labelOf } from '@hostdash/shared-auth';
import { GUEST_LANGUAGES, type GuestLanguage } from './guest/i18n/languages';
import type { TranslatedLanguage } from './guestportalApi';

/** A language beside English: the host's text in it is a translation, English's is the content. */
export const isTranslated = (language: GuestLanguage): language is TranslatedLanguage =>
  language !== 'en';

export function LanguageTabs({
  value,
  onChange,
  label,
  noteOf,
}: {
  value: GuestLanguage;
  onChange(language: GuestLanguage): void;
  /** What the tabs choose the language of, for a screen reader ("Language of the screen"). */
  label: string;
  /** Said after a translated language's name, in brackets, if anything. */
  noteOf(language: TranslatedLanguage): string | undefined;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: GuestLanguage) => onChange(next)}
      aria-label={label}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {GUEST_LANGUAGES.map((code) => {
        const note = isTranslated(code) ? noteOf(code) : undefined;
        const name = labelOf('guestLanguage', code);
        return <Tab key={code} value={code} label={note ? `${name} (${note})` : name} />;
      })}
    </Tabs>
  );
}
