/** @jest-environment node */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTheme } from '@mui/material/styles';
import { hostdashThemeOptions, routes } from '@hostdash/shared-auth';
import { demoUser } from '@hostdash/testing/demoUsers';
import { buildShellServer } from './app';
import { BOOT_SCRIPT_HASH, bootFrame, scriptsAfterFirstPaint } from './bootFrame';
import { ROOT_ELEMENT } from './page';
import { startUpstream, temporaryDir, testConfig, type Upstream } from './testSupport';

const MAIN = '/assets/main.0123abcd.js';
// As html-webpack-plugin's minifier writes the template (shell/src/index.html).
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>Hostdash</title>' +
  '<script id="hostdash-config" type="application/json">{}</script>' +
  `<script defer="defer" src="${MAIN}"></script></head>` +
  '<body><noscript>Hostdash needs JavaScript to run.</noscript><div id="root"></div></body></html>';

const risks = routes.find((route) => route.path === '/')!;

/** The inline scripts of a page, each as the hash a Content-Security-Policy names it by. */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script>(.*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );

describe("the page's frame in the HTML", () => {
  it("draws the route's title and summary, escaped, with the tab's title", () => {
    const frame = bootFrame(
      { title: 'Risks & <more>', frame: { summary: 'Stays "that" need you.', width: 'list' } },
      'n0nce',
    )!;
    expect(frame.markup).toContain('<p class="hd-boot-title">Risks &amp; &lt;more&gt;</p>');
    expect(frame.markup).toContain(
      '<p class="hd-boot-summary">Stays &quot;that&quot; need you.</p>',
    );
    expect(frame.markup).toContain('aria-hidden="true"');
    expect(frame.title).toBe('<title>Risks &amp; &lt;more&gt; · Hostdash</title>');
    expect(frame.style).toMatch(/^<style nonce="n0nce">/);
    expect(bootFrame({ title: 'Reservations' }, 'n0nce')).toBeNull();
  });

  it("takes its looks from the dashboard's theme: the bar, the type, the spacing", () => {
    const { style } = bootFrame(risks, 'n')!;
    const theme = createTheme(hostdashThemeOptions);
    expect(style).toContain(`background-color:${theme.palette.primary.main}`);
    expect(style).toContain(`font-size:${theme.typography.h1.fontSize}`);
    expect(style).toContain(`color:${theme.palette.text.secondary}`);
    // MUI's toolbar: 56 px, 48 px on a phone held sideways, 64 px from 600 px; the page starts
    // one gutter under it, beside the 232 px navigation from 960 px.
    expect(style).toContain('.hd-boot-bar{position:fixed;top:0;left:0;right:0;display:flex');
    expect(style).toContain('height:56px');
    expect(style).toContain(
      '@media (min-width:0px) and (orientation: landscape){.hd-boot-bar{height:48px}',
    );
    expect(style).toContain('@media (min-width:600px){.hd-boot-bar{height:64px');
    expect(style).toContain('.hd-boot-main{padding:88px 24px 0 256px}');
  });

  it("the shell's template has the empty root the frame goes into", () => {
    const source = readFileSync(path.join(__dirname, '../src/index.html'), 'utf8');
    expect(source).toMatch(ROOT_ELEMENT);
  });

  it('starts the deferred scripts after the first paint, fetched at once', () => {
    const html = scriptsAfterFirstPaint(TEMPLATE);
    expect(html).not.toContain('<script defer');
    expect(html).toContain(
      `<link rel="preload" as="script" href="${MAIN}" fetchpriority="low" data-boot-script></head>`,
    );
    expect(html).toMatch(/<script>\(function \(\) \{.*first-contentful-paint.*<\/script><\/body>/);
    expect(inlineScriptHashes(html)).toEqual([BOOT_SCRIPT_HASH]);
  });
});

describe('the shell server frames a page whose route declares it', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  const dir = temporaryDir('shell-boot-frame');
  const registryFile = path.join(dir, 'remotes.json');
  const distDir = path.join(dir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
  writeFileSync(
    path.join(distDir, 'hostdash-federation.json'),
    JSON.stringify({ contract: '1.0.0', shared: { react: '19.3.1' } }),
  );
  const release = (name: string) => ({
    name,
    version: '0.1.0+aaaaaaaa',
    manifest: `${name}/0.1.0+aaaaaaaa/mf-manifest.json`,
  });
  const deploy = (...names: string[]) =>
    writeFileSync(registryFile, JSON.stringify({ remotes: names.map(release) }));

  beforeAll(async () => {
    const users: Record<string, object> = {
      owner: demoUser({ name: 'Olivia', email: 'o@x' }),
      manager: demoUser({ id: '5', name: 'Max', email: 'm@x', subtype: 'manager' }),
    };
    upstream = await startUpstream((request) => {
      const user = users[String(request.headers.authorization)];
      if (request.url === '/loadAuth' && user) return { json: user };
      return { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } };
    });
    app = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        REMOTES_ORIGIN: upstream.url,
        REMOTES_FILE: registryFile,
        SHELL_DIST_DIR: distDir,
      }),
      { logger: false },
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  const load = (url: string, session?: string) =>
    app.inject({
      url,
      headers: { accept: 'text/html', ...(session ? { cookie: `hd_session=${session}` } : {}) },
    });
  const scriptSrc = (csp: unknown) => /script-src ([^;]*)/.exec(String(csp))?.[1] ?? '';

  it('draws the frame in the first paint, the scripts after it, the one inline script allowed', async () => {
    deploy('reservations', 'listings');
    const page = await load('/', 'owner');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Risks · Hostdash</title>');
    expect(page.body).toContain(`<p class="hd-boot-summary">${risks.frame?.summary}</p>`);
    expect(page.body).toMatch(/<style nonce="[^"]+">body\{margin:0/);
    expect(page.body).toContain(
      `<link rel="preload" as="script" href="${MAIN}" fetchpriority="low" data-boot-script>`,
    );
    expect(page.body).not.toContain('<script defer');
    expect(inlineScriptHashes(page.body)).toEqual([BOOT_SCRIPT_HASH]);
    expect(scriptSrc(page.headers['content-security-policy'])).toContain(BOOT_SCRIPT_HASH);
  });

  it('leaves every other page as built: no summary, refused, signed out, or not deployed', async () => {
    deploy('reservations', 'listings');
    const unframed = [
      await load('/reservations', 'owner'), // its route declares no summary
      await load('/protect', 'manager'), // refused in place (owners only)
      await load('/login'), // signed out
    ];
    deploy('listings');
    unframed.push(await load('/', 'owner')); // `/` shows listings until reservations is deployed
    for (const page of unframed) {
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).toContain('<title>Hostdash</title>');
      expect(page.body).toContain(`<script defer="defer" src="${MAIN}"></script>`);
      expect(page.body).not.toContain('<script>');
      expect(scriptSrc(page.headers['content-security-policy'])).not.toContain('sha256');
    }
  });
});
