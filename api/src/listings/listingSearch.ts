// Free-text search over listings and reservations: full-text (every word, the last one as a prefix)
// or a case-insensitive substring, whichever hits. Any input is safe: words are reduced to letters
// and digits before they reach to_tsquery, LIKE wildcards are escaped, and both travel as
// parameters. The searched tables keep their text in lower case beside their document (migration
// 0005), every word of the one in the other: so for a single word, every full-text hit is also a
// substring hit, and the substring condition alone selects the same rows through one index.

export interface ListingSearch {
  /** A to_tsquery('simple', …) text like `rua & garr:*`, or null when the input has no words. */
  tsquery: string | null;
  /** An ILIKE pattern (escape character `\`) for the whole input as a substring. */
  likePattern: string;
  /** The input is one word (letters and digits only): its substring hits include its prefix hits. */
  singleWord: boolean;
}

const MAX_WORDS = 16;

export function prepareSearch(raw: string | undefined): ListingSearch | null {
  const text = raw?.normalize('NFC').trim();
  if (!text) return null;
  const words = text
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  const tsquery =
    words.length > 0
      ? words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ')
      : null;
  return {
    tsquery,
    likePattern: `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
    singleWord: words.length === 1 && words[0] === text,
  };
}

/** How much a substring hit adds to the full-text rank (ts_rank is usually below 1). */
export const SUBSTRING_BONUS = 1;
