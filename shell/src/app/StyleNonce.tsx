// The page's Content-Security-Policy admits only style elements that carry its nonce (the shell
// server makes one per page and puts it in the page's configuration). Emotion writes every style
// of the page, the shell's and each remote's, through its default cache: @emotion/react is a
// shared singleton and a remote's React root has no provider of its own, so they all share that
// cache. Its sheet is given the nonce once, before anything below renders a style (styles are
// inserted after rendering, in insertion effects), and stamps it on each style element it adds.
import type { ReactNode } from 'react';
import { withEmotionCache } from '@emotion/react';

export const StyleNonce = withEmotionCache(
  ({ nonce, children }: { nonce: string; children: ReactNode }, cache) => {
    if (nonce && cache.sheet.nonce === undefined) cache.sheet.nonce = nonce;
    return children;
  },
);
