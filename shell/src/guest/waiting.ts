// What the guest page shows while the portal loads: a ring with a dash running round it, in the
// theme's primary colour, centred 80 px below the top (where MUI's CircularProgress stood). The
// page's HTML carries it (server/guestPage.ts), so a phone on a slow network shows it in its first
// paint instead of a blank page; the page's first render draws the same until the portal mounts.
// It needs no style sheet and no script: its looks are SVG attributes, its motion an SVG
// animation, so the page's policy (styles by nonce only) has nothing to allow and the page's
// first task no styles to compute. No imports: the server builds it into the HTML too.

/** The element's class, for tests and for the page's HTML. */
export const WAITING_CLASS = 'hd-guest-wait';

/** The ring: 40 px across, 3.6 px thick, its dash (a fifth of it) running round every 1.4 s. */
export function waitingSvg(colour: string): string {
  const circumference = 2 * Math.PI * 18;
  return (
    `<svg width="100%" height="120" aria-hidden="true" focusable="false">` +
    `<circle cx="50%" cy="100" r="18" fill="none" stroke="${colour}" stroke-width="3.6"` +
    ` stroke-linecap="round" stroke-dasharray="${(circumference / 5).toFixed(1)} ${circumference.toFixed(1)}">` +
    `<animate attributeName="stroke-dashoffset" from="0" to="-${circumference.toFixed(1)}"` +
    ` dur="1.4s" repeatCount="indefinite"></animate></circle></svg>`
  );
}

/**
 * The whole element, as the page's HTML carries it: what a screen reader says of it (the page's
 * loading words) in the language named. The server escapes what it passes.
 */
export function waitingMarkup(colour: string, label: string, language: string): string {
  return `<div class="${WAITING_CLASS}" role="progressbar" aria-label="${label}" lang="${language}">${waitingSvg(colour)}</div>`;
}
