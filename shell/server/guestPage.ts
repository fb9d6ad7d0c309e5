// The guest's check-in page, `/guest/<token>` (docs/adr/0018-guest-page.md): its own small HTML
// page (the `guest` entry, shell/src/guest), with nothing of the dashboard — no session lookup, no
// access check, no dashboard configuration. It needs no API to be served: the page's app asks the
// API itself and shows a friendly page when it cannot.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GUEST_CONFIG_ELEMENT_ID, type GuestPageConfig } from '../src/guest/guestConfig.types';
import type { ShellConfig } from './config';
import type { RegistryStore } from './delivery/registryStore';
import { cameOverHttps } from './cookies';
import { liveRegistry } from './page';
import { applyPagePolicy, newStyleNonce, remoteOrigins } from './securityHeaders';

export { GUEST_PAGE_PATH } from '../src/guest/guestConfig.types';

/** The guest entry's page, as html-webpack-plugin writes it beside index.html. */
export const GUEST_TEMPLATE = 'guest.html';

const CONFIG_ELEMENT = new RegExp(`<script id="?${GUEST_CONFIG_ELEMENT_ID}"?[^>]*>[^<]*</script>`);

export function createGuestPageHandler(config: ShellConfig, registry: RegistryStore) {
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
    applyPagePolicy(request, reply, {
      styleNonce,
      remoteOrigins: remoteOrigins(
        await liveRegistry(
          registry,
          request,
          'the remote registry cannot be read; the guest page shows check-in as unavailable',
        ),
        config.remotesOrigin,
      ),
      // The guest page uses neither feature flags nor Stripe: its policy admits neither.
      flagsmithApi: '',
      https: cameOverHttps(request),
      stripe: false,
    });
    // The token is in the address: never cached, and a Referer says only the origin, never the
    // path (a link in a screen's text, an image). Not `no-referrer`: it makes a browser send
    // `Origin: null` on the page's own POSTs, which the proxy's cross-site check refuses where
    // Sec-Fetch-Site is not sent (Safari before 16.4).
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'strict-origin');
    const pageConfig: GuestPageConfig = { styleNonce };
    const html = (await readTemplate()).replace(
      CONFIG_ELEMENT,
      () =>
        `<script id="${GUEST_CONFIG_ELEMENT_ID}" type="application/json">${JSON.stringify(pageConfig)}</script>`,
    );
    return reply.code(200).type('text/html; charset=utf-8').send(html);
  };
}
