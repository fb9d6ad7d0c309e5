// The page's telemetry as the collector receives it: beacons' bodies are read as they go through
// (the network log does not keep a beacon's body), and hiding the page sends what is queued.
import { expect, type Page } from '@playwright/test';

/** Keeps the body of every batch the page sends to /api/telemetry (newest last). */
export async function recordTelemetry(page: Page): Promise<string[]> {
  const bodies: string[] = [];
  await page.route('**/api/telemetry', async (route) => {
    bodies.push(route.request().postData() ?? '');
    await route.continue();
  });
  return bodies;
}

/** Hides the page, as a person leaving it does: the queued events go, and the collector takes them. */
export async function hidePageAndSend(page: Page): Promise<void> {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/telemetry',
  );
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect((await answered).status()).toBe(202);
}
