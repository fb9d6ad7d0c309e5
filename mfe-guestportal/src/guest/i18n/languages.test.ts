import { browserLanguage, storedLanguage, storeLanguage } from './languages';

it('takes the first of the browser’s languages we have, a region falling back to its language', () => {
  expect(browserLanguage(['de-DE', 'en-US'])).toBe('de');
  expect(browserLanguage(['ja-JP', 'pt-BR'])).toBe('pt');
  expect(browserLanguage(['ja', 'ko'])).toBe('en');
  expect(browserLanguage([])).toBe('en');
});

it('keeps a choice per link, and ignores what is not a language', () => {
  storeLanguage('/guest/one', 'fr');
  storeLanguage('/guest/two', 'it');
  expect(storedLanguage('/guest/one')).toBe('fr');
  expect(storedLanguage('/guest/two')).toBe('it');
  expect(storedLanguage('/guest/three')).toBeNull();
  localStorage.setItem('hostdash.guestLanguage', '{"/guest/one":"xx"}');
  expect(storedLanguage('/guest/one')).toBeNull();
  localStorage.setItem('hostdash.guestLanguage', 'not json');
  expect(storedLanguage('/guest/one')).toBeNull();
});
