// Issue 12: the side menu as a host meets it — an icon per entry, where they are highlighted
// (also on `/`, the risks page), a menu as tall as the page, only features this dashboard has —
// and a feature that is not deployed said calmly, with nothing to retry.
import { expect, test, type Page } from '@playwright/test';
import { expectHeading, signIn, signInThroughForm } from './support/session';

test.use({ viewport: { width: 1366, height: 800 } });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the side menu has icons, highlights the section and runs the full height of a long page', async ({
  page,
}) => {
  await signIn(page, 'owner@hostdash.test');
  await expectHeading(page, 'Risks');
  await expect(page).toHaveURL(/\/$/);
  await expect(menu(page).getByRole('link', { name: 'Risks' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const links = menu(page).getByRole('link');
  for (const link of await links.all()) await expect(link.locator('svg')).toHaveCount(1);
  // Every remote is deployed here: each offers its pages.
  await expect(menu(page).getByRole('link', { name: 'Billing' })).toHaveCount(1);
  await expect(menu(page).getByRole('link', { name: 'Settings' })).toHaveCount(1);
  await expect(menu(page).getByRole('link', { name: 'Guest portal' })).toHaveCount(1);

  await menu(page).getByRole('link', { name: 'Listings' }).click();
  await expectHeading(page, 'Listings');
  await expect(menu(page).getByRole('link', { name: 'Listings' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu(page).getByRole('link', { name: 'Risks' })).not.toHaveAttribute('aria-current');
  // The menu's column, painted like the menu, reaches the bottom of the page, not only of the
  // first screen (the menu panel itself is fixed to the viewport).
  const column = await page.evaluate(() => {
    const docked = document.querySelector('.MuiDrawer-docked');
    const panel = document.querySelector('.MuiDrawer-docked .MuiDrawer-paper');
    return {
      height: docked?.getBoundingClientRect().height ?? 0,
      page: document.documentElement.scrollHeight,
      background: docked ? getComputedStyle(docked).backgroundColor : '',
      panelBackground: panel ? getComputedStyle(panel).backgroundColor : 'none',
    };
  });
  expect(column.page).toBeGreaterThan(800);
  expect(column.height).toBeGreaterThanOrEqual(column.page - 1);
  expect(column.background).toBe(column.panelBackground);
});

test('a feature that is not deployed says so calmly, with no Retry', async ({ page }) => {
  // A registry without the guest portal, as a dashboard that has not deployed it yet answers.
  await page.route('**/remotes.json', async (route) => {
    try {
      const response = await route.fetch();
      const registry = (await response.json()) as { microFrontends: Record<string, unknown> };
      const { guestportal: _notDeployed, ...microFrontends } = registry.microFrontends;
      await route.fulfill({ response, json: { ...registry, microFrontends } });
    } catch {
      // The sign-in page's own read of the registry, cancelled by the form's page load while
      // this was on its way (Playwright then disposes the answer): no page is left to answer.
      // The next page's read comes through here again; the checks below see that it did.
    }
  });
  // Through the form: the page then reads the registry as it goes on to /guestportal.
  await signInThroughForm(page, 'owner@hostdash.test', { next: '/guestportal' });
  await expect(menu(page).getByRole('link', { name: 'Guest portal' })).toHaveCount(0);
  await expectHeading(page, "Guest portal isn't available on this dashboard yet");
  await expect(page).toHaveURL(/\/guestportal$/);
  await expect(page.getByText(/temporarily unavailable/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
