// What the guest page shows while the portal and its answer load: a ring with a dash running round
// it, in the theme's primary colour. The page's HTML carries it (shell/server/guestPage.ts), so a
// phone on a slow network shows it in its first paint instead of a blank page; the page's first
// render, and the portal until its answer and words have come, draw the same, in the same place,
// so nothing moves or swaps when one hands over to the next. Here, beside the page's words
// (guestLanguages.ts), because the shell's server and both bundles draw it.
// It needs no style sheet and no script: its looks are SVG attributes, its motion an SVG
// animation, so the page's policy (styles by nonce only) has nothing to allow and the page's
// first task no styles to compute. No imports.

/** The element's class, for tests and for the page's HTML. */
export const WAITING_CLASS = 'hd-guest-wait';

/** Where the page shows the ring: its centre this far below the top of its place (px). */
const PAGE_OFFSET = 100;

/**
 * The ring: 40 px across, 3.6 px thick, its dash (a fifth of it) running round every 1.4 s, its
 * centre `offset` px below the top (the page's: 100), in `colour` (`currentColor`: the text's).
 */
export function waitingSvg(colour: string, offset = PAGE_OFFSET): string {
  const circumference = 2 * Math.PI * 18;
  return (
    `<svg width="100%" height="${offset + 20}" aria-hidden="true" focusable="false">` +
    `<circle cx="50%" cy="${offset}" r="18" fill="none" stroke="${colour}" stroke-width="3.6"` +
    ` stroke-linecap="round" stroke-dasharray="${(circumference / 5).toFixed(1)} ${circumference.toFixed(1)}">` +
    `<animate attributeName="stroke-dashoffset" from="0" to="-${circumference.toFixed(1)}"` +
    ` dur="1.4s" repeatCount="indefinite"></animate></circle></svg>`
  );
}

/**
 * The element's attributes, for a page that renders it (the page's first render, the portal's
 * waiting): the same element as `waitingMarkup`, attribute for attribute, so nothing changes when
 * one hands over to the next. Spread on a `div`.
 */
export function waitingProps(
  colour: string,
  label: string,
  options: { language?: string; offset?: number } = {},
) {
  return {
    className: WAITING_CLASS,
    role: 'progressbar',
    'aria-label': label,
    ...(options.language ? { lang: options.language } : {}),
    dangerouslySetInnerHTML: { __html: waitingSvg(colour, options.offset) },
  };
}

/**
 * The whole element, as the page's HTML carries it: what a screen reader says of it (the page's
 * loading words) in the language named. The server escapes what it passes.
 */
export function waitingMarkup(colour: string, label: string, language: string): string {
  return `<div class="${WAITING_CLASS}" role="progressbar" aria-label="${label}" lang="${language}">${waitingSvg(colour)}</div>`;
}
