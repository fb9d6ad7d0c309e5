// Security headers from @fastify/helmet on every answer of the shell server, and the
// Content-Security-Policy of a dashboard page (docs/adr/0010-headers-csp-cookies-and-sessions.md).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { RegistryFile } from './registry';
import { absoluteManifest } from './registry';

type Directives = Record<string, string[]>;

/**
 * Every answer that is not a dashboard page (bundles, JSON, the API's answers and its docs): only
 * this origin, never framed, no plugins.
 */
const BASE_DIRECTIVES: Directives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  scriptSrcAttr: ["'none'"],
};

/**
 * Helmet's headers, ours where its defaults do not fit: frames refused outright (DENY and
 * frame-ancestors 'none': no page of the dashboard is ever framed) and a same-origin Referrer-Policy
 * (helmet's `no-referrer` would make a browser send `Origin: null` on the dashboard's own POSTs,
 * which the proxy's cross-site check then refuses where Sec-Fetch-Site is not sent).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: BASE_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
}

/** The origin of an absolute URL; null for a path (it is this origin). */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The origins remote code may come from: the remote origin, and any origin a manifest in the
 * registry names (a live version or a canary's candidate), so a canary on another host works too.
 */
export function remoteOrigins(registry: RegistryFile | null, remotesOrigin: string): string[] {
  const manifests = (registry?.remotes ?? []).flatMap((remote) => [
    remote.manifest,
    ...(remote.canary ? [remote.canary.manifest] : []),
  ]);
  const origins = manifests.map((manifest) => originOf(absoluteManifest(manifest, remotesOrigin)));
  return [...new Set([originOf(remotesOrigin), ...origins])].filter(
    (origin): origin is string => origin !== null,
  );
}

export interface PagePolicy {
  /** A fresh value for each page: the page's style elements carry it (emotion, in the shell). */
  styleNonce: string;
  remoteOrigins: string[];
  /** The flag service's address (relative: through this origin). */
  flagsmithApi: string;
  https: boolean;
  /** Allow Stripe.js and Elements' frames (the API runs with Stripe). */
  stripe: boolean;
  /** Inline scripts the page may run, by hash (the boot script: server/bootFrame.ts). */
  scriptHashes?: string[];
}

/**
 * What Stripe.js and Elements need, as Stripe's security guide lists it: the script, its frames
 * (the card field, 3-D Secure), its API. Every page, not only /billing: the app moves to the
 * billing page without a page load, keeping the first page's policy.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** How a page's policy names an inline script it may run: by its SHA-256. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
}

export function newStyleNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * A dashboard page: scripts from this origin (the shell's bundles) and the remotes' origins only,
 * no inline or eval'd script but those it names by hash (`scriptHashes`); the API and
 * /remotes.json through this origin; the remotes' manifests; emotion's style elements by nonce;
 * images from here, data: (the icon) and blob: (identity images); never framed. With Stripe, also what Stripe.js needs (STRIPE_SOURCES).
 */
export function pageDirectives(policy: PagePolicy): Directives {
  const flagsmith = originOf(policy.flagsmithApi);
  const stripe = (sources: string[]) => (policy.stripe ? sources : []);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      ...(policy.scriptHashes ?? []),
      ...policy.remoteOrigins,
      ...stripe(STRIPE_SOURCES.script),
    ],
    styleSrc: ["'self'", `'nonce-${policy.styleNonce}'`],
    connectSrc: [
      "'self'",
      ...policy.remoteOrigins,
      ...(flagsmith ? [flagsmith] : []),
      ...stripe(STRIPE_SOURCES.connect),
    ],
    ...(policy.stripe ? { frameSrc: STRIPE_SOURCES.frame } : {}),
    imgSrc: ["'self'", 'data:', 'blob:', ...stripe(STRIPE_SOURCES.img)],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    ...(policy.https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** Replaces the answer's Content-Security-Policy with a page's. */
export function applyPagePolicy(
  request: FastifyRequest,
  reply: FastifyReply,
  policy: PagePolicy,
): void {
  fastifyHelmet.contentSecurityPolicy({ useDefaults: false, directives: pageDirectives(policy) })(
    request.raw,
    reply.raw,
    (error?: Error) => {
      if (error) throw error;
    },
  );
}
