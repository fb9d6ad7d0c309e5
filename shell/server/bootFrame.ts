// The page's frame in the HTML itself (docs/adr/0045): the top bar (and the navigation's panel,
// empty, on a wide screen), and the title and summary of a page whose route declares them, where
// the dashboard draws them. The browser paints it before any script has run; the dashboard's
// first render replaces it (React empties the root it renders into) with the same words in the
// same place, which the shell keeps until the remote's page draws its own header
// (remotes/RemoteFeature.tsx). So a phone on a slow network says which page it is
// opening in the first paint, not after the shell and the remote's code have arrived and run.
//
// Its looks come from the dashboard's theme, made here as the browser makes it, so the two cannot
// drift apart: the bar's heights and colours, the title's and summary's type, the layout's spacing.
import {
  documentTitleOf,
  NAVIGATION_WIDTH,
  PAGE_MAX_WIDTH,
  type RouteDef,
} from '@hostdash/shared-auth';
import { escapeHtml } from './html';
import { scriptHash } from './securityHeaders';
import { BODY_RULE, theme } from './theme';

type Declarations = Record<string, string | number | undefined>;

function css(selector: string, declarations: Declarations): string {
  const body = Object.entries(declarations)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
    .join(';');
  return `${selector}{${body}}`;
}

const px = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

function minHeightOf(rule: unknown): number {
  const height = (rule as { minHeight?: unknown } | undefined)?.minHeight;
  if (typeof height !== 'number')
    throw new Error("the theme's toolbar mixin has no minHeight here");
  return height;
}

/** The frame's style sheet: computed once, from the theme the dashboard makes. */
function styleSheet(): string {
  const { typography, palette, breakpoints, spacing, mixins } = theme;
  // MUI's toolbar: 56 px, 48 px on a phone held sideways, 64 px from `sm` up.
  const toolbar = mixins.toolbar as Record<string, unknown>;
  const phone = minHeightOf(toolbar);
  const landscape = minHeightOf(
    (toolbar[breakpoints.up('xs')] as Record<string, unknown> | undefined)?.[
      '@media (orientation: landscape)'
    ],
  );
  const tall = minHeightOf(toolbar[breakpoints.up('sm')]);
  const type = (variant: 'h1' | 'body1' | 'h6', weight?: number) => ({
    fontFamily: typography[variant].fontFamily,
    fontSize: typography[variant].fontSize,
    fontWeight: weight ?? typography[variant].fontWeight,
    lineHeight: typography[variant].lineHeight,
    margin: 0,
  });
  // The bar's brand sits after the menu button on a phone (IconButton: 8 px padding around a
  // 24 px icon, its start edge pulled in by 12 px, 8 px after it), at the gutter on a wide screen.
  const afterMenu = (gutter: number) => `${gutter - 12 + 40 + 8}px`;
  const gutter = { xs: parseFloat(spacing(2)), sm: parseFloat(spacing(3)) };
  const at = (query: string, rules: string[]) => `${query}{${rules.join('')}}`;
  return [
    BODY_RULE,
    css('.hd-boot-bar', {
      position: 'fixed',
      top: 0,
      left: 0,
      right: 0,
      display: 'flex',
      alignItems: 'center',
      height: px(phone),
      padding: `0 ${gutter.xs}px 0 ${afterMenu(gutter.xs)}`,
      backgroundColor: palette.primary.main,
      color: palette.primary.contrastText,
      boxShadow: theme.shadows[4],
    }),
    css('.hd-boot-brand', type('h6', 700)),
    css('.hd-boot-main', { padding: `${phone + gutter.xs}px ${gutter.xs}px 0` }),
    css('.hd-boot-page', { maxWidth: px(PAGE_MAX_WIDTH.list) }),
    css('.hd-boot-page[data-page-width="form"]', { maxWidth: px(PAGE_MAX_WIDTH.form) }),
    css('.hd-boot-title', { ...type('h1'), overflowWrap: 'anywhere' }),
    css('.hd-boot-summary', {
      ...type('body1'),
      marginTop: spacing(0.5),
      color: palette.text.secondary,
    }),
    at(`${breakpoints.up('xs')} and (orientation: landscape)`, [
      css('.hd-boot-bar', { height: px(landscape) }),
      css('.hd-boot-main', { paddingTop: px(landscape + gutter.xs) }),
    ]),
    at(breakpoints.up('sm'), [
      css('.hd-boot-bar', {
        height: px(tall),
        padding: `0 ${gutter.sm}px 0 ${afterMenu(gutter.sm)}`,
      }),
      css('.hd-boot-main', { paddingTop: px(tall + gutter.xs) }),
    ]),
    css('.hd-boot-nav', { display: 'none' }),
    // Wide: the navigation is a side panel, the bar has no menu button, the page has wider margins.
    at(breakpoints.up('md'), [
      css('.hd-boot-nav', {
        display: 'block',
        position: 'fixed',
        top: 0,
        bottom: 0,
        left: 0,
        width: px(NAVIGATION_WIDTH),
        boxSizing: 'border-box',
        backgroundColor: palette.background.paper,
        borderRight: `1px solid ${palette.divider}`,
      }),
      css('.hd-boot-bar', { paddingLeft: px(gutter.sm) }),
      css('.hd-boot-main', {
        padding: `${tall + gutter.sm}px ${gutter.sm}px 0 ${NAVIGATION_WIDTH + gutter.sm}px`,
      }),
    ]),
  ].join('');
}

let sheet: string | null = null;

export interface BootFrame {
  /** The frame's `<style>`, with the page's style nonce (the page's policy allows no other). */
  style: string;
  /** What goes inside the root element. */
  markup: string;
  /** The page's `<title>`, as the dashboard names the tab. */
  title: string;
}

/** The frame of a page whose route declares one; null for any other. */
export function bootFrame(
  route: Pick<RouteDef, 'title' | 'frame'>,
  styleNonce: string,
): BootFrame | null {
  if (!route.frame) return null;
  const { summary, width } = route.frame;
  sheet ??= styleSheet();
  return {
    title: `<title>${escapeHtml(documentTitleOf(route.title))}</title>`,
    style: `<style nonce="${escapeHtml(styleNonce)}">${sheet}</style>`,
    markup:
      `<div class="hd-boot" aria-hidden="true">` +
      `<div class="hd-boot-nav"></div>` +
      `<div class="hd-boot-bar"><span class="hd-boot-brand">Hostdash</span></div>` +
      `<div class="hd-boot-main"><div class="hd-boot-page" data-page-width="${width}">` +
      `<p class="hd-boot-title">${escapeHtml(route.title)}</p>` +
      `<p class="hd-boot-summary">${escapeHtml(summary)}</p>` +
      `</div></div></div>`,
  };
}

// The page's scripts run once the frame is on screen. They are fetched at once (`preload`), as
// `defer` would fetch them; only their start waits for the browser to report the first
// contentful paint (Paint Timing), so a phone shows the frame instead of a blank page while it
// parses and runs the shell. Where that report does not come within 300 ms (a browser without
// paint timing), they start then. A page opened in a tab that is not shown starts them at once (no
// frame is painted there).
const FIRST_PAINT_WAIT_MS = 300;
const BOOT_SCRIPT = [
  '(function () {',
  "  var links = document.querySelectorAll('link[data-boot-script]');",
  '  var started = false;',
  '  function run() {',
  '    if (started) return;',
  '    started = true;',
  '    for (var i = 0; i < links.length; i++) {',
  "      var script = document.createElement('script');",
  "      script.src = links[i].getAttribute('href');",
  '      script.async = false;',
  '      document.head.appendChild(script);',
  '    }',
  '  }',
  "  if (document.visibilityState !== 'visible') return run();",
  '  try {',
  '    new PerformanceObserver(function (list) {',
  "      if (list.getEntriesByName('first-contentful-paint').length > 0) run();",
  "    }).observe({ type: 'paint', buffered: true });",
  '  } catch (error) {}',
  `  setTimeout(run, ${FIRST_PAINT_WAIT_MS});`,
  '})();',
].join('');

/** The boot script's hash, for the page's script-src: the one inline script a page may run. */
export const BOOT_SCRIPT_HASH = scriptHash(BOOT_SCRIPT);

const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/g;

/**
 * The page with its deferred scripts started after the first paint: each becomes a preload in the
 * head, and the boot script at the end of the body adds them in their order.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const sources = [...html.matchAll(DEFERRED_SCRIPT)].map((match) => match[1]!);
  if (sources.length === 0) return html;
  const preloads = sources
    .map(
      (source) =>
        `<link rel="preload" as="script" href="${source}" fetchpriority="low" data-boot-script>`,
    )
    .join('');
  return html
    .replace(DEFERRED_SCRIPT, '')
    .replace('</head>', () => `${preloads}</head>`)
    .replace('</body>', () => `<script>${BOOT_SCRIPT}</script></body>`);
}
