/** The e2e suite runs its own servers on these ports, beside a developer's `npm start`. */
export const E2E_PORTS = { shell: 3100, remotes: 3101, api: 4100 } as const;
export const baseURL = `http://localhost:${E2E_PORTS.shell}`;
export const apiURL = `http://127.0.0.1:${E2E_PORTS.api}`;
export const remotesURL = `http://localhost:${E2E_PORTS.remotes}`;
export const DEMO_PASSWORD = 'hostdash-demo';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** Debian's Chromium by default: nothing downloads a browser here (README, TOOLCHAIN.md). */
export const CHROMIUM_EXECUTABLE =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';

/** How the suites and the bench launch it. */
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
