// Which files of a build may be sent, and which file a request path names. The remote origin, the
// shell server's /assets and the bucket a build is published to (delivery/objectStore.ts) apply
// this one rule, so that no spelling of a path reaches a file the rule refuses (issue 30).
import { isPrivateBuildFile } from '@hostdash/delivery';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

// Which files of a build are private: the delivery package's rule, as a bucket applies it.
export { isPrivateBuildFile };

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
