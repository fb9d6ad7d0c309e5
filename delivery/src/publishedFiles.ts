// What a published build's files are sent with, and which of them are never sent: one rule for the
// remote origin, the shell server's /assets and the bucket a build is published to (objectStore.ts),
// so that they always agree (issue 30). The shell's servers import these from here.
import path from 'node:path';

/** The encodings the build writes copies for (`<file>.br`, `<file>.gz`), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export type Precompressed = (typeof PRECOMPRESSED)[number];

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The Content-Type of a published file, from the remote origin and as a bucket's object. */
export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/** Manifests and entries revalidate; content-hashed chunks are immutable. */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (name === 'mf-manifest.json' || name === 'remoteEntry.js' || name.endsWith('.html'))
    return 'no-cache';
  return /\.[0-9a-f]{8}\./.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Written by the build for error tooling and for our own budget and federation tooling, never for
 * a browser: source maps, bundle-contents.json (which packages each file carries) and the
 * federation plugin's mf-manifest-stats.json. Matched in any case: a lookup on a case-insensitive
 * disk (macOS, Windows) opens `x.js.map` for `x.js.MAP`.
 */
const PRIVATE_NAME = /(?:\.map|^bundle-contents\.json|^mf-manifest-stats\.json)$/i;

/** Whether `file` (a path as the shell's `requestedFile` gives it) is one of a build's private files. */
export function isPrivateBuildFile(file: string): boolean {
  let name = path.posix.basename(file);
  // The build's brotli and gzip copies hold the same bytes.
  for (const { extension } of PRECOMPRESSED) {
    if (name.toLowerCase().endsWith(extension)) name = name.slice(0, -extension.length);
  }
  return PRIVATE_NAME.test(name);
}
