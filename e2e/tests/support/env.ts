import { existsSync } from 'node:fs';

/**
 * The e2e suite runs its own servers on these ports, beside a developer's `npm start`.
 * `E2E_PORT_OFFSET` moves all three, so two checkouts can run their suites at once.
 */
/** Added to every port a journey listens on (its own servers' too). */
export const E2E_PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const offset = E2E_PORT_OFFSET;
export const E2E_PORTS = {
  shell: 3100 + offset,
  remotes: 3101 + offset,
  api: 4100 + offset,
} as const;
export const baseURL = `http://localhost:${E2E_PORTS.shell}`;
export const apiURL = `http://127.0.0.1:${E2E_PORTS.api}`;
export const remotesURL = `http://localhost:${E2E_PORTS.remotes}`;
export const DEMO_PASSWORD = 'hostdash-demo';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/**
 * Debian's Chromium, what the bench measures with (its timings and Lighthouse are a user's
 * browser): nothing downloads a browser here (README, TOOLCHAIN.md).
 */
export const CHROMIUM_EXECUTABLE =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';

/**
 * The journeys run in Debian's headless shell of the same Chromium when it is installed
 * (`apt-get install chromium-headless-shell`, as `.ci/run` does): the same Blink and V8 without
 * the browser's own layers around them, a fifth less time for the same journeys on CI's two
 * cores (docs/adr/0044-journeys-in-the-headless-shell.md). Without it, Debian's Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const JOURNEY_CHROMIUM_EXECUTABLE =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** How the bench launches it. */
export const chromiumLaunchOptions = {
  executablePath: CHROMIUM_EXECUTABLE,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** How the journeys launch it. */
export const journeyLaunchOptions = {
  ...chromiumLaunchOptions,
  executablePath: JOURNEY_CHROMIUM_EXECUTABLE,
};
