// The guest's check-in page, `/guest/<token>` (docs/adr/0018-guest-page.md): its own small HTML
// page (the `guest` entry, shell/src/guest), with nothing of the dashboard — no session lookup, no
// access check, no dashboard configuration. It needs no API to be served: the page's app asks the
// API itself and shows a friendly page when it cannot.
//
// What the server already knows goes into the page (docs/adr/0035-guest-page-weight.md), so a
// guest's phone does not learn it one request after another: the guest portal's registry entry,
// its manifest, and a preload of its entry and of the code its `./guestPortal` starts with.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  GUEST_LANGUAGES,
  GUEST_LOADING_WORDS,
  GUEST_NO_SCRIPT_WORDS,
  GUEST_UNAVAILABLE_WORDS,
  guestLanguageOf,
  waitingMarkup,
  type GuestLanguage,
} from '@hostdash/api-contract';
import { GUEST_PORTAL_EXPOSE } from '@hostdash/shared-auth';
import { FIRST_PORTAL_KEY, requestFirstPortal } from '../src/guest/firstPortal';
import {
  GUEST_CONFIG_ELEMENT_ID,
  GUEST_PAGE_PATH,
  type GuestPageConfig,
} from '../src/guest/guestConfig.types';
import type { DiscoveryDocument } from '../src/clientConfig.types';
import type { ShellConfig } from './config';
import type { RegistryStore } from '@hostdash/delivery';
import { cameOverHttps } from './cookies';
import { escapeHtml } from './html';
import { liveRegistry, scriptJson } from './page';
import { resolveRegistry } from './registry';
import { applyPagePolicy, newStyleNonce, remoteOrigins, scriptHash } from './securityHeaders';
import { BODY_RULE, theme } from './theme';

export { GUEST_PAGE_PATH } from '../src/guest/guestConfig.types';

/** The guest entry's page, as html-webpack-plugin writes it beside index.html. */
export const GUEST_TEMPLATE = 'guest.html';

const CONFIG_ELEMENT = new RegExp(`<script id="?${GUEST_CONFIG_ELEMENT_ID}"?[^>]*>[^<]*</script>`);

/**
 * The page's first act, in its HTML: the portal's first request (src/guest/firstPortal.ts, that
 * function's own source), which leaves while the page's script is still on its way. The page's
 * policy allows it by its hash, and no other inline script.
 */
export const FIRST_PORTAL_SCRIPT = `(${requestFirstPortal.toString()})(${JSON.stringify(
  GUEST_PAGE_PATH.source,
)},${JSON.stringify(FIRST_PORTAL_KEY)})`;
const FIRST_PORTAL_SCRIPT_HASH = scriptHash(FIRST_PORTAL_SCRIPT);

/** The page's root element, which the page's first render empties. */
const ROOT_ELEMENT = /<div id="?root"?>/;

/**
 * What the page shows until its script runs, by language: what its first render shows
 * (api-contract's guestWaiting.ts), labelled in the page's words (api-contract's GUEST_LOADING_WORDS).
 */
const WAITING_MARKUP = Object.fromEntries(
  GUEST_LANGUAGES.map((language) => [
    language,
    waitingMarkup(
      escapeHtml(theme.palette.primary.main),
      escapeHtml(GUEST_LOADING_WORDS[language]),
      language,
    ),
  ]),
) as Record<GuestLanguage, string>;

/** The page's language until the portal speaks: the browser's first that we have, else English. */
const pageLanguage = (acceptLanguage: string | undefined): GuestLanguage =>
  guestLanguageOf(acceptLanguage) ?? 'en';

const HTML_ELEMENT = /<html[^>]*>/;
const TITLE = /<title>[^<]*<\/title>/;
const NO_SCRIPT = /<noscript>[^<]*<\/noscript>/;

/** The remote the guest page mounts. */
const GUEST_PORTAL = 'guestportal';
/** How long a page waits for a manifest it has not fetched yet: beyond, the browser fetches it. */
export const MANIFEST_WAIT_MS = 250;
const MANIFESTS_KEPT = 16;

/** The registry as a guest gets it (no canary: a guest is nobody), only the guest portal. */
function guestPortalRegistry(document: DiscoveryDocument): DiscoveryDocument | null {
  const releases = document.microFrontends[GUEST_PORTAL];
  return releases ? { ...document, microFrontends: { [GUEST_PORTAL]: releases } } : null;
}

async function fetchManifest(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * The guest portal's manifests, by address. A release's manifest never changes (its address names
 * the version), so each is fetched once and kept; a page waits for one at most `waitMs`.
 */
export function createManifestCache(fetchOne: (url: string) => Promise<unknown> = fetchManifest) {
  const kept = new Map<string, Promise<unknown>>();
  return async function manifestOf(url: string, waitMs = MANIFEST_WAIT_MS): Promise<unknown> {
    let manifest = kept.get(url);
    if (!manifest) {
      manifest = fetchOne(url);
      kept.set(url, manifest);
      manifest.catch(() => kept.delete(url));
      const oldest = kept.keys().next().value;
      if (kept.size > MANIFESTS_KEPT && oldest !== undefined) kept.delete(oldest);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    try {
      return await Promise.race([manifest.catch(() => undefined), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A language's words in the portal's build: the chunk `guest-words-<language>` (ADR 36). */
const WORDS_CHUNK = /(?:^|\/)guest-words-([a-z]{2})\.[0-9a-f]+\.js$/;

/**
 * The words file the portal will fetch first, among the languages it has: the first the browser
 * asks for, read as the API reads the header (`acceptedLanguages`: a region falls back to its
 * language, as the portal's `browserLanguage` reads `navigator.languages`), else English. Null
 * when the build has no such file.
 */
export function firstWords(files: readonly string[], acceptLanguage: string | undefined) {
  const byLanguage = new Map<string, string>();
  for (const file of files) {
    const language = WORDS_CHUNK.exec(file)?.[1];
    if (language) byLanguage.set(language, file);
  }
  for (const language of acceptedLanguages(acceptLanguage)) {
    const file = byLanguage.get(language);
    if (file) return file;
  }
  return byLanguage.get('en') ?? null;
}

/**
 * The files the guest portal starts with, for the page to preload: its entry (with the integrity
 * the page will check, and CORS as the page loads it), the chunks its `./guestPortal` needs, and
 * the words it will fetch first (the browser's language), so none waits for the one before it.
 */
export function portalPreloads(
  release: { url: string; integrity: string; manifest: string },
  manifest: unknown,
  acceptLanguage?: string,
): string[] {
  const links = [
    `<link rel="preload" as="script" href="${escapeHtml(release.url)}" crossorigin="anonymous"${
      release.integrity ? ` integrity="${escapeHtml(release.integrity)}"` : ''
    }>`,
  ];
  const facts = manifest as {
    metaData?: { publicPath?: unknown };
    exposes?: { name?: unknown; assets?: { js?: { sync?: unknown; async?: unknown } } }[];
  } | null;
  const expose = facts?.exposes?.find((entry) => entry.name === GUEST_PORTAL_EXPOSE);
  const sync = expose?.assets?.js?.sync;
  if (!Array.isArray(sync)) return links;
  const publicPath = facts?.metaData?.publicPath;
  const base =
    typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : release.manifest;
  const asynchronous = expose?.assets?.js?.async;
  const words = Array.isArray(asynchronous)
    ? firstWords(
        asynchronous.filter((file): file is string => typeof file === 'string'),
        acceptLanguage,
      )
    : null;
  for (const file of [...sync, ...(words ? [words] : [])]) {
    if (typeof file !== 'string') continue;
    links.push(`<link rel="preload" as="script" href="${escapeHtml(new URL(file, base).href)}">`);
  }
  return links;
}

export function createGuestPageHandler(
  config: ShellConfig,
  registry: RegistryStore,
  manifestOf = createManifestCache(),
) {
  let template: Promise<string> | null = null;
  const readTemplate = () => {
    template ??= readFile(path.join(config.distDir, GUEST_TEMPLATE), 'utf8').then((html) => {
      if (!CONFIG_ELEMENT.test(html))
        throw new Error(`${config.distDir}/${GUEST_TEMPLATE} has no #${GUEST_CONFIG_ELEMENT_ID}`);
      return html;
    });
    // A build written after a failed read is picked up by the next request.
    template.catch(() => {
      template = null;
    });
    return template;
  };

  return async function guestPage(request: FastifyRequest, reply: FastifyReply) {
    const styleNonce = newStyleNonce();
    const live = await liveRegistry(
      registry,
      request,
      'the remote registry cannot be read; the guest page reads /remotes.json itself',
    );
    const remotes = live
      ? guestPortalRegistry(resolveRegistry(live, null, config.remotesOrigin))
      : null;
    const release = remotes?.microFrontends[GUEST_PORTAL]?.[0];
    const manifestUrl = release?.extras?.manifest;
    const manifest = manifestUrl ? await manifestOf(manifestUrl) : undefined;
    applyPagePolicy(request, reply, {
      styleNonce,
      remoteOrigins: remoteOrigins(live, config.remotesOrigin),
      // The guest page uses neither feature flags nor Stripe: its policy admits neither.
      flagsmithApi: '',
      https: cameOverHttps(request),
      stripe: false,
      scriptHashes: [FIRST_PORTAL_SCRIPT_HASH],
    });
    // The token is in the address: never cached, and a Referer says only the origin, never the
    // path (a link in a screen's text, an image). Not `no-referrer`: it makes a browser send
    // `Origin: null` on the page's own POSTs, which the proxy's cross-site check refuses where
    // Sec-Fetch-Site is not sent (Safari before 16.4).
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'strict-origin');
    const pageConfig: GuestPageConfig = {
      styleNonce,
      remotes,
      manifests: manifestUrl && manifest !== undefined ? { [manifestUrl]: manifest } : {},
    };
    const preloads =
      release && manifestUrl
        ? portalPreloads(
            { url: release.url, integrity: release.metadata.integrity, manifest: manifestUrl },
            manifest,
            request.headers['accept-language'],
          )
        : [];
    const language = pageLanguage(request.headers['accept-language']);
    const html = (await readTemplate())
      .replace(
        CONFIG_ELEMENT,
        () =>
          `<script id="${GUEST_CONFIG_ELEMENT_ID}" type="application/json">${scriptJson(pageConfig)}</script>`,
      )
      // The body as the first render makes it, so the ring neither moves nor changes ground.
      .replace(
        '</head>',
        () =>
          `<style nonce="${escapeHtml(styleNonce)}">${BODY_RULE}</style>` +
          `<script>${FIRST_PORTAL_SCRIPT}</script>${preloads.join('')}</head>`,
      )
      .replace(HTML_ELEMENT, `<html lang="${language}">`)
      .replace(TITLE, () => `<title>${escapeHtml(GUEST_UNAVAILABLE_WORDS[language].title)}</title>`)
      .replace(
        NO_SCRIPT,
        () => `<noscript>${escapeHtml(GUEST_NO_SCRIPT_WORDS[language])}</noscript>`,
      )
      .replace(ROOT_ELEMENT, (root) => `${root}${WAITING_MARKUP[language]}`);
    return reply.code(200).type('text/html; charset=utf-8').send(html);
  };
}
