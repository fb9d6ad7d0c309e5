import { languageOf, negotiateLanguage, textIn } from './guestLanguages';

describe('the guest’s language', () => {
  it('takes the best of our languages by q-value, whatever the order they are listed in', () => {
    expect(languageOf('ja;q=0.9, it;q=0.4, fr;q=0.7')).toBe('fr');
    expect(languageOf('en;q=0.2, de')).toBe('de');
    expect(languageOf('es, pt')).toBe('es');
    expect(languageOf('pt;q=0.5, es;q=0.5')).toBe('pt');
  });

  it('falls back from a region to its language', () => {
    expect(languageOf('de-DE')).toBe('de');
    expect(languageOf('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt');
    expect(languageOf('zh-Hant-TW, fr-CA;q=0.5')).toBe('fr');
  });

  it('asks for none of ours: no header, unknown languages, q=0, a wildcard', () => {
    expect(languageOf(undefined)).toBeNull();
    expect(languageOf('')).toBeNull();
    expect(languageOf('ja-JP, ko;q=0.8')).toBeNull();
    expect(languageOf('de;q=0, ja')).toBeNull();
    expect(languageOf('*')).toBeNull();
    expect(languageOf('garbage;;q=x,,')).toBeNull();
  });

  it('is the guest’s choice, else their browser’s, else the listing’s default', () => {
    const listingLanguage = 'es' as const;
    expect(negotiateLanguage({ chosen: 'pt', acceptLanguage: 'de-DE', listingLanguage })).toBe(
      'pt',
    );
    expect(negotiateLanguage({ chosen: null, acceptLanguage: 'de-DE', listingLanguage })).toBe(
      'de',
    );
    expect(negotiateLanguage({ chosen: null, acceptLanguage: 'ja-JP', listingLanguage })).toBe(
      'es',
    );
    expect(negotiateLanguage({ chosen: 'xx', acceptLanguage: undefined, listingLanguage })).toBe(
      'es',
    );
  });

  it('reads a text in a language from its English base and its translations', () => {
    const translations = { fr: 'Bonjour' };
    expect(textIn('en', 'Hello', translations)).toBe('Hello');
    expect(textIn('fr', 'Hello', translations)).toBe('Bonjour');
    expect(textIn('de', 'Hello', translations)).toBeUndefined();
    expect(textIn('en', null, translations)).toBeUndefined();
  });
});
