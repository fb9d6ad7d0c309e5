// The web bench (issue 10): the federated dashboard beside a monolith built from the same sources
// (HOSTDASH_MONOLITH=1), in Debian's Chromium. Per page and for a whole signed-in session: JS
// bytes raw/gzip/brotli by owner, copies per library, requests; time to content (median of cold
// loads); layout shift; a repeat visit's JS requests; Lighthouse scores; the telemetry's cost
// (issue 17): the bytes it adds to /login and the main-thread time to record and send a batch; the
// guest's check-in page on a phone (issue 34; federated only, the monolith has no guest page).
// Saved under .data/bench/web/ and printed as the table the README's Benchmarks section shows.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  byOwner,
  copies,
  describeFile,
  locate,
  recordScripts,
  totals,
  type LoadedFile,
  type Origins,
  type Totals,
} from '../tests/support/bundles';
import { repoDir } from '../tests/support/delivery';
import { CHROMIUM_EXECUTABLE, DEMO_PASSWORD, chromiumLaunchOptions } from '../tests/support/env';
import { BENCH_PORTS } from './benchEnv';
import { telemetryBytes, type TelemetryBytes } from './telemetryBytes';

/** Cold loads per page, the median taken: at least 9 for a ratio that holds (issue 34). */
const COLD_LOADS = Number(process.env.BENCH_COLD_LOADS ?? 9);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
/** Lighthouse runs of the mobile pages a target is set on (`/`, the guest page): their median. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TELEMETRY_BATCHES = Number(process.env.BENCH_TELEMETRY_BATCHES ?? 200);
/** Batches run first and not counted: the page's code is compiled and warm when it is measured. */
const TELEMETRY_WARMUP = 5;
const OWNER = 'owner@hostdash.test';
const SESSION_COOKIE = 'hd_session';
/** The guest's phone (e2e/tests/guest-portal.spec.ts). */
const PHONE = { width: 390, height: 844 };
const apiURL = `http://127.0.0.1:${BENCH_PORTS.api}`;

interface Variant {
  name: 'federated' | 'monolith';
  base: string;
  origins: Origins;
}

const store = path.join(process.env.BENCH_DELIVERY_DIR ?? '', 'store');
const VARIANTS: Variant[] = [
  {
    name: 'federated',
    base: `http://localhost:${BENCH_PORTS.shell}`,
    origins: {
      shell: `http://localhost:${BENCH_PORTS.shell}`,
      remotes: `http://localhost:${BENCH_PORTS.remotes}`,
      shellDist: path.join(repoDir, 'shell/dist'),
      store,
    },
  },
  {
    name: 'monolith',
    base: `http://localhost:${BENCH_PORTS.monolith}`,
    origins: {
      shell: `http://localhost:${BENCH_PORTS.monolith}`,
      remotes: `http://localhost:${BENCH_PORTS.remotes}`,
      shellDist: path.join(repoDir, 'shell/dist-monolith'),
      store,
    },
  },
];

/** The signed-in session the bench walks: the page, and the heading that says it has content. */
const JOURNEY: [string, RegExp][] = [
  ['/', /Risks/i],
  ['/listings', /Listings/i],
  ['/reservations', /Reservations/i],
  ['/analytics', /Analytics/i],
  ['/protect', /Protect/i],
];

async function apiSession(): Promise<string> {
  const response = await fetch(`${apiURL}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`the API refused the bench's sign-in: ${response.status}`);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

async function signedInContext(browser: Browser, variant: Variant, session: string) {
  const context = await browser.newContext();
  await context.addCookies([{ name: SESSION_COOKIE, value: session, url: variant.base }]);
  return context;
}

/** In-page time (ms since navigation start) at which a visible h1 matching `heading` is there. */
async function contentTime(page: Page, heading: RegExp): Promise<number> {
  const handle = await page.waitForFunction(
    (source) => {
      const pattern = new RegExp(source, 'i');
      const h1 = Array.from(document.querySelectorAll('h1')).find(
        (element) => pattern.test(element.textContent ?? '') && element.getClientRects().length > 0,
      );
      return h1 ? performance.now() : false;
    },
    heading.source,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Moves the app's history without a page load (a link click). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, to);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface PageBytes {
  path: string;
  totals: Totals;
  /** Each JS file the page loaded: its build, its path on its origin and its gzip bytes. */
  files: { build: string; file: string; gzip: number }[];
}

interface SessionResult {
  pages: PageBytes[];
  /** What the telemetry adds to /login's JS. */
  telemetry: TelemetryBytes;
  total: Totals;
  owners: Record<string, Totals>;
  copies: { library: string; builds: string[]; modules: number }[];
}

async function measureSession(browser: Browser, variant: Variant): Promise<SessionResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = recordScripts(page);
  const describeAll = (urls: string[]) =>
    urls
      .map((url) => describeFile(url, variant.origins))
      .filter((file): file is LoadedFile => !!file);
  const pages: PageBytes[] = [];
  const session: LoadedFile[] = [];
  const take = async (label: string) => {
    await page.waitForLoadState('networkidle');
    const files = describeAll(scripts.take());
    session.push(...files);
    pages.push({
      path: label,
      totals: totals(files),
      files: files.map((file) => ({
        build: file.build,
        file: new URL(file.url).pathname,
        gzip: file.gzip,
      })),
    });
    return files;
  };

  await page.goto(`${variant.base}/login`);
  await contentTime(page, /Sign in/);
  const login = await take('/login');
  const telemetry = telemetryBytes(
    variant.origins.shellDist,
    login.flatMap((file) => {
      const where = locate(file.url, variant.origins);
      return where?.build === 'shell' ? [where.name] : [];
    }),
  );
  await page.getByLabel('Email').fill(OWNER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const [to, heading] of JOURNEY) {
    if (to !== '/') await navigateInApp(page, to);
    await contentTime(page, heading);
    await take(to);
  }
  await context.close();
  return {
    pages,
    telemetry,
    total: totals(session),
    owners: byOwner(session),
    copies: copies(session).map(({ library, builds, modules }) => ({ library, builds, modules })),
  };
}

interface ColdResult {
  path: string;
  medianMs: number;
  runsMs: number[];
  cls: number;
}

async function coldLoads(
  browser: Browser,
  variant: Variant,
  target: string,
  heading: RegExp,
  session: string | null,
  viewport?: { width: number; height: number },
): Promise<ColdResult> {
  const runsMs: number[] = [];
  let cls = 0;
  for (let run = 0; run < COLD_LOADS; run += 1) {
    const context: BrowserContext = session
      ? await signedInContext(browser, variant, session)
      : await browser.newContext(viewport ? { viewport } : {});
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts = { value: 0 };
      Object.assign(window, { __benchShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) shifts.value += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${variant.base}${target}`);
    runsMs.push(await contentTime(page, heading));
    await page.waitForLoadState('networkidle');
    cls = Math.max(
      cls,
      await page.evaluate(
        () => (window as unknown as { __benchShifts: { value: number } }).__benchShifts.value,
      ),
    );
    await context.close();
  }
  return { path: target, medianMs: median(runsMs), runsMs, cls };
}

/** JS requests that reach the network on a second visit to /login in the same browser. */
async function repeatVisitRequests(browser: Browser, variant: Variant): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${variant.base}/login`);
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  const cached = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.requestServedFromCache', (event) => cached.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache || event.response.fromPrefetchCache)
      cached.add(event.requestId);
  });
  await page.goto(`${variant.base}/login`);
  await page.waitForLoadState('networkidle');
  await context.close();
  return [...scripts].filter((id) => !cached.has(id)).length;
}

interface LighthouseResult {
  url: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function lighthouse(
  url: string,
  formFactor: 'mobile' | 'desktop',
  session: string | null,
  extraArgs: string[] = [],
): LighthouseResult | null {
  const args = [
    path.join(repoDir, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance',
    `--chrome-path=${CHROMIUM_EXECUTABLE}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ...(session
      ? [`--extra-headers=${JSON.stringify({ Cookie: `${SESSION_COOKIE}=${session}` })}`]
      : []),
    ...extraArgs,
  ];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) {
    console.warn(`lighthouse ${url} (${formFactor}) failed: ${run.stderr.slice(-500)}`);
    return null;
  }
  const report = JSON.parse(run.stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  return {
    url,
    formFactor,
    performance: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(report.audits['largest-contentful-paint']!.numericValue),
    tbtMs: Math.round(report.audits['total-blocking-time']!.numericValue),
    cls: Number(report.audits['cumulative-layout-shift']!.numericValue.toFixed(3)),
  };
}

interface LighthouseMedian extends LighthouseResult {
  /** Each run's performance score, in the order run. */
  scores: number[];
}

/**
 * Lighthouse until `runs` runs have completed: the median score, and the median of each metric.
 * A run that fails (Lighthouse's own NO_NAVSTART ends some: no navigation start in its trace) is
 * run again, up to `runs` more times in all; null when none completed.
 */
function lighthouseMedian(
  url: string,
  formFactor: 'mobile' | 'desktop',
  session: string | null,
  runs: number,
  extraArgs: string[] = [],
): LighthouseMedian | null {
  const results: LighthouseResult[] = [];
  for (let attempt = 0; attempt < runs * 2 && results.length < runs; attempt += 1) {
    const result = lighthouse(url, formFactor, session, extraArgs);
    if (result) results.push(result);
  }
  if (results.length === 0) return null;
  return {
    url,
    formFactor,
    performance: median(results.map((result) => result.performance)),
    lcpMs: median(results.map((result) => result.lcpMs)),
    tbtMs: median(results.map((result) => result.tbtMs)),
    cls: median(results.map((result) => result.cls)),
    scores: results.map((result) => result.performance),
  };
}

interface GuestResult {
  viewport: { width: number; height: number };
  bytes: Totals;
  /** The scripts requested before the welcome's largest paint, and those after (the later steps). */
  firstScreen: Totals;
  afterPaint: Totals;
  owners: Record<string, Totals>;
  home: ColdResult;
  lighthouse: LighthouseMedian | null;
}

/**
 * A real guest link of the demo data: the owner's last of the next ten confirmed stays (as
 * e2e/tests/guest-portal.spec.ts takes it), its token from the link the dashboard shows the host.
 */
async function guestToken(session: string): Promise<string> {
  const get = async <T>(pathname: string): Promise<T> => {
    const response = await fetch(`${apiURL}${pathname}`, { headers: { authorization: session } });
    if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const today = new Date().toISOString().slice(0, 10);
  const { items } = await get<{ items: { id: string }[] }>(
    `/reservation/search?size=10&sort=check_in_date:asc&status=CONFIRMED&startDate=${today}`,
  );
  const stay = items.at(-1);
  if (!stay) throw new Error('the demo data has no upcoming confirmed stay for a guest link');
  const link = await get<{ url: string }>(`/guestportal/link/${stay.id}`);
  const token = /\/guest\/([A-Za-z0-9_-]{43})$/.exec(link.url)?.[1];
  if (!token) throw new Error(`the guest link ${link.url} does not end in a token`);
  return token;
}

/**
 * Until the page has started no request for `quietMs`: what it fetches a moment after its paint
 * (the guest portal's later steps, a second after the welcome) is counted too, which the network's
 * first idle moment would miss.
 */
async function quiet(page: Page, quietMs = 2500): Promise<void> {
  let seen = -1;
  for (;;) {
    const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (count === seen) return;
    seen = count;
    await page.waitForTimeout(quietMs);
  }
}

/**
 * The scripts the page requested after its largest paint (the browser's own LCP entry and resource
 * timings): what Lighthouse leaves out of the LCP, such as the guest portal's later steps.
 */
async function scriptsAfterLargestPaint(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const largest = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
    });
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime > largest && /\.js(\?|$)/.test(entry.name))
      .map((entry) => entry.name);
  });
}

/**
 * The guest's check-in page (`/guest/<token>`, ADR 18) on a phone, signed out: its JS by owner
 * (the shell's guest entry, the guest portal, each library), time to its welcome heading, and
 * Lighthouse mobile (median of LIGHTHOUSE_RUNS) at the same screen size.
 */
async function measureGuest(
  browser: Browser,
  variant: Variant,
  token: string,
): Promise<GuestResult> {
  const target = `/guest/${token}`;
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${variant.base}${target}`);
  await contentTime(page, /^Welcome/);
  await quiet(page);
  const files = scripts
    .take()
    .map((url) => describeFile(url, variant.origins))
    .filter((file): file is LoadedFile => !!file);
  const afterPaint = new Set(await scriptsAfterLargestPaint(page));
  await context.close();
  const home = await coldLoads(browser, variant, target, /^Welcome/, null, PHONE);
  return {
    viewport: PHONE,
    bytes: totals(files),
    firstScreen: totals(files.filter((file) => !afterPaint.has(file.url))),
    afterPaint: totals(files.filter((file) => afterPaint.has(file.url))),
    owners: byOwner(files),
    home: { ...home, path: '/guest/<token>' },
    lighthouse: LIGHTHOUSE
      ? lighthouseMedian(`${variant.base}${target}`, 'mobile', null, LIGHTHOUSE_RUNS, [
          `--screenEmulation.width=${PHONE.width}`,
          `--screenEmulation.height=${PHONE.height}`,
        ])
      : null,
  };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};

/** The telemetry's batch size (shell/src/telemetry/telemetry.ts SEND_AT): the 50th event sends. */
const TELEMETRY_BATCH = 50;
const TELEMETRY_PATH = '/api/telemetry';
/**
 * What the bench makes the page report: an error whose message has an address with a query, an
 * email and a long number, so the telemetry's scrubbing (shape.ts) does all of its work.
 */
const BENCH_ERROR =
  "Cannot read properties of undefined (reading 'nights') at http://localhost/reservation/1234567?guest=ana@example.com";

interface TelemetryTimes {
  /** Milliseconds per batch: 50 errors recorded, the 50th sending the batch. */
  batchMs: number[];
  /** Per batch: the mean time to record one event (the 49 that do not send). */
  recordMs: number[];
  /** Per batch: what sending took (the 50th event's time minus a recorded event's). */
  flushMs: number[];
  /** The same 50 errors on the same page with the telemetry off (MONITORING_SAMPLE_RATE=0). */
  offBatchMs: number[];
  /** The page's timer resolution: 5 µs when cross-origin isolated, 100 µs when not. */
  isolated: boolean;
}

/**
 * The main-thread time the telemetry takes on a signed-in page (`/`, rendered by a remote, so every
 * event carries the remote and its version): the bench makes the page report errors the way a
 * throwing widget does (an `error` event on window, which the telemetry listens to), 50 per batch,
 * timing each dispatch with performance.now(). Dispatch is synchronous, so each time is the
 * telemetry's listener: context, shaping, queueing and, on the 50th, JSON and sendBeacon. The same
 * batches on the same page with the telemetry off give the dispatch's own cost. No hook in the
 * product: only the document's headers are changed on the way (cross-origin isolation, for the
 * 5 µs timer) and, for the "off" run, the sample rate in its config. The beacons are answered by
 * the bench (202, as the collector does): the collector's own cost is the API's, not the page's.
 */
async function telemetryMainThread(variant: Variant, session: string): Promise<TelemetryTimes> {
  // A browser of its own: the document comes through the bench (with the isolation headers), which
  // Chromium counts as not from this machine, so the page's requests to the remotes' origin on
  // localhost would need a local-network permission that plain http never gets. Only that check
  // is off here; the other measures run in the suite's browser as launched.
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--disable-features=LocalNetworkAccessChecks'],
  });
  const run = async (on: boolean) => {
    const context = await signedInContext(browser, variant, session);
    const page = await context.newPage();
    await page.route(`${variant.base}/`, async (route) => {
      const response = await route.fetch();
      let body = await response.text();
      if (!on) {
        body = body.replace(
          /(<script id="hostdash-config" type="application\/json">)(.*?)(<\/script>)/s,
          (_all, open: string, json: string, close: string) =>
            `${open}${JSON.stringify({ ...JSON.parse(json), monitoringSampleRate: 0 }).replace(/</g, '\\u003c')}${close}`,
        );
      }
      await route.fulfill({
        response,
        body,
        headers: {
          ...response.headers(),
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'credentialless',
        },
      });
    });
    let beacons = 0;
    await page.route(`**${TELEMETRY_PATH}`, async (route) => {
      beacons += 1;
      await route.fulfill({ status: 202, body: '' });
    });
    const nextBeacon = () =>
      page.waitForRequest((request) => new URL(request.url()).pathname === TELEMETRY_PATH);
    await page.goto(`${variant.base}/`);
    await contentTime(page, /Risks/);
    await page.waitForLoadState('networkidle');
    const isolated = await page.evaluate(() => window.crossOriginIsolated);
    // What the page reported while loading goes first, so that each batch starts on an empty queue.
    if (on) {
      const sent = nextBeacon();
      await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
      await sent;
    }
    const batches: number[][] = [];
    const sizes: number[] = [];
    for (let index = 0; index < TELEMETRY_WARMUP + TELEMETRY_BATCHES; index += 1) {
      const sent = on ? nextBeacon() : null;
      const times = await page.evaluate(
        ({ count, message }) => {
          const error = new Error(message);
          const spent: number[] = [];
          for (let event = 0; event < count; event += 1) {
            const report = new ErrorEvent('error', { error, message });
            const start = performance.now();
            window.dispatchEvent(report);
            spent.push(performance.now() - start);
          }
          return spent;
        },
        { count: TELEMETRY_BATCH, message: BENCH_ERROR },
      );
      // One beacon per batch, before the next: the browser limits the bytes of beacons in flight.
      if (sent) {
        const body = (await sent).postData() ?? '{"events":[]}';
        sizes.push((JSON.parse(body) as { events: unknown[] }).events.length);
      }
      if (index >= TELEMETRY_WARMUP) batches.push(times);
    }
    // Each batch went as one beacon of exactly its 50 events, or the times are not of a batch.
    if (sizes.some((size) => size !== TELEMETRY_BATCH)) {
      throw new Error(
        `the telemetry did not send one beacon per batch of ${TELEMETRY_BATCH}: ${sizes.join(', ')}`,
      );
    }
    if (!on && beacons > 0)
      throw new Error('the telemetry sent a beacon with its sample rate at 0');
    await context.close();
    return { batches, isolated };
  };

  const on = await run(true);
  const off = await run(false);
  await browser.close();
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const records = on.batches.map((times) => sum(times.slice(0, -1)) / (times.length - 1));
  return {
    batchMs: on.batches.map(sum),
    recordMs: records,
    flushMs: on.batches.map((times, index) => times.at(-1)! - records[index]!),
    offBatchMs: off.batches.map(sum),
    isolated: on.isolated && off.isolated,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const describeScore = (entry: LighthouseResult | LighthouseMedian) =>
  `${entry.performance}${'scores' in entry ? ` [${entry.scores.join(', ')}]` : ''} ` +
  `(LCP ${entry.lcpMs} ms, TBT ${entry.tbtMs} ms, CLS ${entry.cls})`;

test('federated vs monolith', async ({ browser }) => {
  const session = await apiSession();
  const results: Record<string, unknown> = {};
  for (const variant of VARIANTS) {
    const bytes = await measureSession(browser, variant);
    const login = await coldLoads(browser, variant, '/login', /Sign in/, null);
    const home = await coldLoads(browser, variant, '/', /Risks/, session);
    const repeatLoginJsRequests = await repeatVisitRequests(browser, variant);
    const telemetry = await telemetryMainThread(variant, session);
    const scores = LIGHTHOUSE
      ? [
          lighthouse(`${variant.base}/login`, 'mobile', null),
          lighthouseMedian(`${variant.base}/`, 'mobile', session, LIGHTHOUSE_RUNS),
          lighthouse(`${variant.base}/`, 'desktop', session),
        ]
      : [];
    results[variant.name] = {
      bytes,
      login,
      home,
      repeatLoginJsRequests,
      telemetry,
      lighthouse: scores,
    };
  }
  const guestVariant = VARIANTS.find((variant) => variant.name === 'federated')!;
  const guest = await measureGuest(browser, guestVariant, await guestToken(session));
  results.guest = guest;

  const run = {
    format: 'hostdash-web-bench/1',
    startedAt: new Date().toISOString(),
    coldLoads: COLD_LOADS,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    telemetryBatches: TELEMETRY_BATCHES,
    results,
  };
  const dir = path.join(repoDir, '.data/bench/web');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${run.startedAt.replaceAll(':', '-')}.json`);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);

  type Result = {
    bytes: SessionResult;
    login: ColdResult;
    home: ColdResult;
    repeatLoginJsRequests: number;
    telemetry: TelemetryTimes;
    lighthouse: (LighthouseResult | null)[];
  };
  const fed = results.federated as Result;
  const mono = results.monolith as Result;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const score = (result: Result, index: number) => {
    const entry = result.lighthouse[index];
    return entry ? describeScore(entry) : '–';
  };
  const telemetryKb = (bytes: TelemetryBytes) =>
    `${kb(bytes.total.gzip)} KB (${kb(bytes.code.gzip)} + ${kb(bytes.vitals.gzip)})`;
  const ms = (value: number) => (value < 1 ? value.toFixed(3) : value.toFixed(2));
  const spread = (values: number[], off?: number[]) =>
    `${ms(median(values))} / ${ms(percentile(values, 0.95))} ms` +
    (off ? ` (${ms(median(off))} / ${ms(percentile(off, 0.95))})` : '');
  const rows = [
    ['Measure', 'federated', 'monolith', 'federated ÷ monolith'],
    [
      'Session JS, gzip (files)',
      `${kb(fed.bytes.total.gzip)} KB (${fed.bytes.total.files})`,
      `${kb(mono.bytes.total.gzip)} KB (${mono.bytes.total.files})`,
      `${ratio(fed.bytes.total.gzip, mono.bytes.total.gzip)} (target ≤ 1.10)`,
    ],
    [
      'Session JS, raw',
      `${kb(fed.bytes.total.raw)} KB`,
      `${kb(mono.bytes.total.raw)} KB`,
      ratio(fed.bytes.total.raw, mono.bytes.total.raw),
    ],
    ...fed.bytes.pages.map((page, index) => {
      const other = mono.bytes.pages[index]!;
      return [
        `${page.path} JS, gzip`,
        `${kb(page.totals.gzip)} KB`,
        `${kb(other.totals.gzip)} KB`,
        other.totals.gzip ? ratio(page.totals.gzip, other.totals.gzip) : '–',
      ];
    }),
    [
      `/login time to content (median of ${COLD_LOADS})`,
      `${Math.round(fed.login.medianMs)} ms`,
      `${Math.round(mono.login.medianMs)} ms`,
      ratio(fed.login.medianMs, mono.login.medianMs),
    ],
    [
      `/ signed in, time to content (median of ${COLD_LOADS})`,
      `${Math.round(fed.home.medianMs)} ms`,
      `${Math.round(mono.home.medianMs)} ms`,
      `${ratio(fed.home.medianMs, mono.home.medianMs)} (target ≤ 1.15)`,
    ],
    ['/ signed in, layout shift (worst)', fed.home.cls.toFixed(3), mono.home.cls.toFixed(3), ''],
    [
      'Repeat /login: JS requests',
      String(fed.repeatLoginJsRequests),
      String(mono.repeatLoginJsRequests),
      '',
    ],
    [
      'Telemetry on /login, gzip (its code + web-vitals)',
      telemetryKb(fed.bytes.telemetry),
      telemetryKb(mono.bytes.telemetry),
      '',
    ],
    [
      `Telemetry, batch of ${TELEMETRY_BATCH} errors: main thread, median / p95 (off)`,
      spread(fed.telemetry.batchMs, fed.telemetry.offBatchMs),
      spread(mono.telemetry.batchMs, mono.telemetry.offBatchMs),
      '',
    ],
    [
      'Telemetry, one event recorded: median / p95',
      spread(fed.telemetry.recordMs),
      spread(mono.telemetry.recordMs),
      '',
    ],
    [
      'Telemetry, sending a batch (JSON + beacon): median / p95',
      spread(fed.telemetry.flushMs),
      spread(mono.telemetry.flushMs),
      '',
    ],
    ['Copies (libraries from two builds)', String(fed.bytes.copies.length), '0', ''],
    ['Lighthouse mobile /login', score(fed, 0), score(mono, 0), ''],
    [
      `Lighthouse mobile / (signed in, median of ${LIGHTHOUSE_RUNS})`,
      score(fed, 1),
      score(mono, 1),
      '(target ≥ 80)',
    ],
    ['Lighthouse desktop / (signed in)', score(fed, 2), score(mono, 2), ''],
  ];
  const table = rows.map((row) => `| ${row.join(' | ')} |`);
  table.splice(1, 0, '|---|---|---|---|');
  // The guest's page: the monolith has none, so its rows stand alone.
  const guestRows = [
    ['Guest page /guest/<token>, 390×844 (federated only)', ''],
    [
      'JS, gzip (files)',
      `${kb(guest.bytes.gzip)} KB (${guest.bytes.files}); raw ${kb(guest.bytes.raw)} KB`,
    ],
    [
      '  before the welcome is painted / after',
      `${kb(guest.firstScreen.gzip)} KB (${guest.firstScreen.files}) / ${kb(guest.afterPaint.gzip)} KB (${guest.afterPaint.files})`,
    ],
    ...Object.entries(guest.owners)
      .sort(([, a], [, b]) => b.gzip - a.gzip)
      .map(([owner, sum]) => [`  ${owner}`, `${kb(sum.gzip)} KB`]),
    [
      `Time to content (median of ${COLD_LOADS})`,
      `${Math.round(guest.home.medianMs)} ms; layout shift ${guest.home.cls.toFixed(3)}`,
    ],
    [
      `Lighthouse mobile (median of ${LIGHTHOUSE_RUNS})`,
      guest.lighthouse ? describeScore(guest.lighthouse) : '–',
    ],
  ];
  const guestTable = guestRows.map((row) => `| ${row.join(' | ')} |`);
  guestTable.splice(1, 0, '|---|---|');
  const owners = Object.entries(fed.bytes.owners)
    .sort(([, a], [, b]) => b.gzip - a.gzip)
    .slice(0, 15)
    .map(([owner, sum]) => `  ${kb(sum.gzip).padStart(7)} KB  ${owner}`);
  console.log(
    `\n${table.join('\n')}\n\n${guestTable.join('\n')}\n\n` +
      `federated session by owner (gzip):\n${owners.join('\n')}\n` +
      `telemetry: ${TELEMETRY_BATCHES} batches of ${TELEMETRY_BATCH} errors on / after ${TELEMETRY_WARMUP} ` +
      `not counted; "off" is the same page with MONITORING_SAMPLE_RATE=0; timer ` +
      `${fed.telemetry.isolated && mono.telemetry.isolated ? '5 µs (cross-origin isolated)' : '100 µs (not isolated)'}\n` +
      `copies: ${fed.bytes.copies.map((copy) => `${copy.library} (${copy.builds.join('+')})`).join(', ') || 'none'}\n` +
      `saved: ${path.relative(repoDir, file)}`,
  );
});
