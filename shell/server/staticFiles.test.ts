/** @jest-environment node */
import { isPrivateBuildFile, requestedFile } from './staticFiles';
import { PRIVATE_BUILD_FILES, spellingsOf } from './testSupport';

describe('requestedFile: the file a request path names, as the lookup reads it', () => {
  it('decodes once, resolves dot segments and drops empty segments and trailing slashes', () => {
    expect(requestedFile('/0.1.0%2B1a2b3c4d/feature.1a2b3c4d.js')).toBe(
      '0.1.0+1a2b3c4d/feature.1a2b3c4d.js',
    );
    expect(requestedFile('a.js.map/')).toBe('a.js.map');
    expect(requestedFile('a.js.map%2F%2E')).toBe('a.js.map');
    expect(requestedFile('x//y/./../z/')).toBe('x/z');
    expect(requestedFile('x%2F%2e%2E%2Fa.js.%6d%61%70')).toBe('a.js.map');
    // A backslash separates folders on Windows: read it so everywhere.
    expect(requestedFile('x\\..\\a.js.map')).toBe('a.js.map');
  });

  it('names no file for a path above its folder, that does not decode, or holds a control character', () => {
    expect(requestedFile('../remotes.json')).toBeNull();
    expect(requestedFile('x/%2e%2e/%2e%2e/remotes.json')).toBeNull();
    expect(requestedFile('a.js%E0%A4%A')).toBeNull();
    expect(requestedFile('a.js.map%00')).toBeNull();
    expect(requestedFile('a.js.map%0a')).toBeNull();
  });

  // A build writes no name with `%` in it: a path that still holds one was encoded twice, and a
  // lookup that decodes again would open another file than the one checked.
  it('names no file for a path encoded twice', () => {
    expect(requestedFile('a.js.%256d%2561%2570')).toBeNull();
    expect(requestedFile('x%252F..%252Fa.js')).toBeNull();
  });
});

describe('isPrivateBuildFile', () => {
  it('knows source maps, the build reports and their compressed copies, in any case', () => {
    for (const file of PRIVATE_BUILD_FILES)
      expect([file, isPrivateBuildFile(file)]).toEqual([file, true]);
    for (const file of ['nested/a.js.MAP', 'BUNDLE-CONTENTS.JSON', 'x/mf-manifest-stats.json.gz'])
      expect([file, isPrivateBuildFile(file)]).toEqual([file, true]);
  });

  it('leaves every file a page loads public', () => {
    for (const file of [
      'remoteEntry.js',
      'remoteEntry.js.br',
      'mf-manifest.json',
      'feature.1a2b3c4d.js',
      'assets/main.1a2b3c4d.css.gz',
      'mapping.1a2b3c4d.js',
      'nested/note.txt',
    ])
      expect([file, isPrivateBuildFile(file)]).toEqual([file, false]);
  });

  it('sees through every spelling of a private file once the path is read as the lookup reads it', () => {
    for (const file of PRIVATE_BUILD_FILES) {
      for (const spelling of spellingsOf(file)) {
        const named = requestedFile(spelling);
        expect([spelling, named === null || isPrivateBuildFile(named)]).toEqual([spelling, true]);
      }
    }
  });
});
