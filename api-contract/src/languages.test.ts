import { acceptedLanguages } from './languages';

it('reads the languages best first, each region as its language', () => {
  expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
    'fr',
    'fr',
    'en',
    'de',
    '*',
  ]);
  expect(acceptedLanguages('pt-BR;q=0.5, it')).toEqual(['it', 'pt']);
});

it('keeps the header’s order between equal q-values', () => {
  expect(acceptedLanguages('es;q=0.8, de;q=0.8, en;q=0.8')).toEqual(['es', 'de', 'en']);
});

it('leaves out what it refuses and what it cannot read', () => {
  expect(acceptedLanguages('de;q=0, en;q=abc, ;q=1, IT ; q=0.3')).toEqual(['it']);
  expect(acceptedLanguages('')).toEqual([]);
  expect(acceptedLanguages(undefined)).toEqual([]);
});
