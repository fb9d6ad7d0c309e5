// Content negotiation for precompressed files: the build writes `<file>.br` and `<file>.gz` beside
// each text asset (build/webpack.federation.cjs), and a server picks the one the client accepts.

import { PRECOMPRESSED, type Precompressed } from '@hostdash/delivery';

// The encodings we have files for, best first: the delivery package's, as published builds have.
export { PRECOMPRESSED, type Precompressed };

/**
 * The encodings an `Accept-Encoding` header allows, as a set (`q=0` refuses one; `*` allows any
 * not named).
 */
function acceptedEncodings(header: string | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  return (encoding) => {
    const weight = weights.get(encoding) ?? weights.get('*');
    return weight !== undefined && weight > 0;
  };
}

/** The precompressed variants a request accepts, best first (brotli before gzip). */
export function acceptedVariants(header: string | undefined): Precompressed[] {
  const accepts = acceptedEncodings(header);
  return PRECOMPRESSED.filter(({ encoding }) => accepts(encoding));
}
