// The guest page's catalogue: every language says every message, with the same arguments, and the
// compiled AST the page ships is the sources' (run `npm run i18n -w @hostdash/mfe-guestportal`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const read = (folder: string, language: string) =>
  JSON.parse(readFileSync(join(__dirname, folder, `${language}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
const languages = readdirSync(join(__dirname, 'messages')).map((file) => file.replace('.json', ''));

/** The arguments a message uses (and its tags), whatever its words. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
  }
  return found;
}

it('has the six languages, each with every message and the same arguments', () => {
  expect(languages.sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt']);
  const english = read('messages', 'en') as Record<string, string>;
  for (const language of languages) {
    const messages = read('messages', language) as Record<string, string>;
    expect({ language, ids: Object.keys(messages).sort() }).toEqual({
      language,
      ids: Object.keys(english).sort(),
    });
    for (const [id, message] of Object.entries(messages))
      expect({ language, id, uses: [...argumentsOf(parse(message))].sort() }).toEqual({
        language,
        id,
        uses: [...argumentsOf(parse(english[id] ?? ''))].sort(),
      });
  }
});

it('ships the compiled messages of the sources', () => {
  for (const language of languages) {
    const sources = read('messages', language) as Record<string, string>;
    const compiled = read('compiled', language);
    expect({ language, compiled }).toEqual({
      language,
      compiled: JSON.parse(
        JSON.stringify(
          Object.fromEntries(Object.entries(sources).map(([id, m]) => [id, parse(m)])),
        ),
      ),
    });
  }
});
