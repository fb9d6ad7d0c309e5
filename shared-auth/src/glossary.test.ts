// docs/glossary.md's rules that a reading of the sources can check (issue 33, findings 3 and 6):
// the words a person reads in the shell, the remotes and the shared packages. Comments, and names
// in code (StargatePage, /stargate, stargate_deliveries), are not words a person reads.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

const SOURCE_DIRS = [
  'shell/src',
  'shared-auth/src',
  'shared-ui/src',
  'mfe-listings/src',
  'mfe-reservations/src',
  'mfe-guestportal/src',
  'mfe-onboarding/src',
  'mfe-billing/src',
  'mfe-admin/src',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory())
      return name === 'testing' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

/** The source without its comments (a `//` after a colon is an address, not a comment). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

const files = SOURCE_DIRS.flatMap(sourceFiles);

function offending(pattern: RegExp): string[] {
  return files.flatMap((file) =>
    withoutComments(readFileSync(path.join(root, file), 'utf8'))
      .split('\n')
      .filter((line) => pattern.test(line))
      .map((line) => `${file}: ${line.trim()}`),
  );
}

it('reads the sources it guards', () => {
  expect(files.length).toBeGreaterThan(100);
  expect(files).toContain('mfe-guestportal/src/stargate/StargatePage.tsx');
});

it('never shows the relay’s internal name: it is "Guest messages"', () => {
  // "Stargate" as a word of its own: StargatePage and /stargate are names in code.
  expect(offending(/(?<![/\w])Stargate(?!\w)/)).toEqual([]);
});

it('never calls guests screened: reservations are screened (for risk), guests are verified', () => {
  expect(offending(/\bguests?\s+screened\b|\bscreened\s+guests?\b/i)).toEqual([]);
});

it('defines each word it asks the pages to follow', () => {
  const glossary = readFileSync(path.join(root, 'docs/glossary.md'), 'utf8');
  for (const word of [
    'Screened',
    'Verified',
    'Guest messages',
    'Held',
    'Released',
    'Guest portal',
    'Screen',
    'Listing',
    'Studio',
    'Building',
    'Country',
    'PMS',
    'Account',
    'Owner',
    'Manager',
    'Building staff',
    'Hostdash staff',
  ])
    expect(glossary).toContain(`| **${word}**`);
});
