// Which files of a build may be sent, and which file a request path names. The remote origin, the
// shell server's /assets and the bucket a build is published to (delivery/objectStore.ts) apply
// this one rule, so that no spelling of a path reaches a file the rule refuses (issue 30).
import path from 'node:path';
import { PRECOMPRESSED } from './encoding';

/**
 * Written by the build for error tooling and for our own budget and federation tooling, never for
 * a browser: source maps, bundle-contents.json (which packages each file carries) and the
 * federation plugin's mf-manifest-stats.json. Matched in any case: a lookup on a case-insensitive
 * disk (macOS, Windows) opens `x.js.map` for `x.js.MAP`.
 */
const PRIVATE_NAME = /(?:\.map|^bundle-contents\.json|^mf-manifest-stats\.json)$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Whether `file` (a path as `requestedFile` gives it) is one of a build's private files. */
export function isPrivateBuildFile(file: string): boolean {
  let name = path.posix.basename(file);
  // The build's brotli and gzip copies hold the same bytes.
  for (const { extension } of PRECOMPRESSED) {
    if (name.toLowerCase().endsWith(extension)) name = name.slice(0, -extension.length);
  }
  return PRIVATE_NAME.test(name);
}

/**
 * The file a request path names, as `a/b/c` under the folder it is served from: decoded once (as
 * the file lookup decodes it), `\` read as `/` (Windows does), `.` and `..` resolved, and empty
 * segments (`//`, a trailing `/`) dropped, as `path.resolve` drops them. Every check is made on
 * this, never on the path as written: `x.js.map/` and `x.js.%6d%61%70` name `x.js.map`.
 * Null for a path that does not decode, holds a control character, climbs above its folder, or
 * still holds a `%` once decoded: no build writes such a name, and a lookup that decoded it again
 * would open another file than the one checked.
 */
export function requestedFile(requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('%') || CONTROL_CHARACTER.test(decoded)) return null;
  const segments: string[] = [];
  for (const segment of decoded.split(/[/\\]/)) {
    if (segment === '..') {
      if (segments.pop() === undefined) return null;
    } else if (segment !== '' && segment !== '.') {
      segments.push(segment);
    }
  }
  return segments.join('/');
}

/** The file a request path names (`requestedFile`), or null when it names none or a private one. */
export function servableFile(requestPath: string): string | null {
  const file = requestedFile(requestPath);
  return file === null || isPrivateBuildFile(file) ? null : file;
}
