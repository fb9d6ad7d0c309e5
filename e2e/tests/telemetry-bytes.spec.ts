// What the telemetry (issue 17) adds to the sign-in page, as a byte budget beside bundle-budget's:
// deterministic (the files the build wrote, attributed through their source maps, gzip as the
// build compresses). Its main-thread time is measured by the web bench (`npm run bench:web`),
// never by a test.
import { expect, test } from '@playwright/test';
import { telemetryBytes } from '../bench/telemetryBytes';
import { defaultShellDist, kb, locate, recordScripts, type Origins } from './support/bundles';
import { storeDir } from './support/delivery';
import { baseURL, remotesURL } from './support/env';

/**
 * Gzip bytes on /login, a ratchet like BUDGETS in bundle-budget.spec.ts. Measured 4.4 KB (Nov
 * 2026): the telemetry's own modules in the shell's entry (1.3 KB: shaping, batching, listeners)
 * and the web-vitals chunk it loads after the page's own code (3.1 KB).
 */
export const TELEMETRY_BUDGET = 5 * 1024;

const origins: Origins = {
  shell: baseURL,
  remotes: remotesURL,
  shellDist: defaultShellDist,
  store: storeDir,
};

test('the telemetry adds at most its byte budget to /login', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const names = scripts.take().flatMap((url) => {
    const where = locate(url, origins);
    return where?.build === 'shell' ? [where.name] : [];
  });
  const bytes = telemetryBytes(defaultShellDist, names);
  const listing = bytes.files
    .map((file) => `  ${kb(file.gzip).padStart(9)}  ${file.name}${file.whole ? ' (whole)' : ''}`)
    .join('\n');
  console.log(`the telemetry on /login: ${kb(bytes.total.gzip)} gzip\n${listing}`);
  // Found at all, or the budget below would hold for want of anything to count.
  expect(
    bytes.code.raw,
    `the telemetry's modules are not in /login's files: ${names.join(', ')}`,
  ).toBeGreaterThan(0);
  expect(
    bytes.vitals.raw,
    `/login did not load web-vitals' chunk: ${names.join(', ')}`,
  ).toBeGreaterThan(0);
  expect(
    bytes.total.gzip,
    `the telemetry adds ${kb(bytes.total.gzip)} (gzip) to /login, over its budget of ${kb(TELEMETRY_BUDGET)}:\n${listing}`,
  ).toBeLessThanOrEqual(TELEMETRY_BUDGET);
});
