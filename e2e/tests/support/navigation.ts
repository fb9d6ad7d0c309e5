import type { APIRequestContext, Page } from '@playwright/test';

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

/** How the shell server answers a page load of `path` (its status and where it redirects). */
export async function serverRedirect(
  request: APIRequestContext,
  path: string,
): Promise<{ status: number; location: string | undefined }> {
  const response = await request.get(path, { maxRedirects: 0, headers: { accept: 'text/html' } });
  return { status: response.status(), location: response.headers().location };
}
