import type { Page } from '@playwright/test';

/**
 * Moves the dashboard's one history to `path` the way a link or the back button does, without a
 * page load: the client router must apply the access rules itself.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/** Marks the current document, to prove later that no page load happened in between. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __hostdashSameDocument: true }));
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      (window as unknown as { __hostdashSameDocument?: boolean }).__hostdashSameDocument === true,
  );
}
