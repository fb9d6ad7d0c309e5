// Issue 14, the platform pages: an admin filters every account's listings by one account and a
// status, opens one and follows it to its account, comes Back to the same filtered list; then reads
// the platform analytics over 30 days, as charts and as tables, and downloads a series as CSV.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { defaultShellDist, describeFile, recordScripts } from './support/bundles';
import { storeDir } from './support/delivery';
import { baseURL, remotesURL } from './support/env';
import { navigateInApp } from './support/navigation';
import { expectHeading, signIn } from './support/session';

const origins = {
  shell: baseURL,
  remotes: remotesURL,
  shellDist: defaultShellDist,
  store: storeDir,
};

/** Whether any of these scripts carries @mui/x-charts (the build's record of each file's packages). */
const carriesCharts = (urls: string[]) =>
  urls.some((url) =>
    Object.keys(describeFile(url, origins)?.contents ?? {}).includes('@mui/x-charts'),
  );

async function choose(page: Page, filter: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin filters all listings by account and status, opens one and opens its account', async ({
  page,
}) => {
  await signIn(page, 'admin@hostdash.test', { next: '/admin/listings' });
  await expectHeading(page, 'All listings');
  const list = page.getByRole('table', { name: 'All listings' });
  const rows = list.locator('tbody tr');
  await expect(rows).toHaveCount(10);

  await choose(page, 'Account', /^Costa Lisbon Homes \(\d+\)$/);
  await expect(page).toHaveURL(/[?&]account=\d+/);
  const accountId = new URL(page.url()).searchParams.get('account');
  await choose(page, 'Status', 'Active');
  await expect(page).toHaveURL(new RegExp(`\\?account=${accountId}&status=active$`));
  await expect(rows.first()).toContainText('Costa Lisbon Homes');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    await expect(rows.nth(index).locator('td').nth(1)).toHaveText('Costa Lisbon Homes');
    await expect(rows.nth(index).locator('td').nth(3)).toHaveText('Active');
  }

  const first = rows.first().getByRole('link');
  const nickname = (await first.textContent()) ?? '';
  await first.click();
  await expectHeading(page, nickname);
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Costa Lisbon Homes');
  // The account's pages open inside it, for this session (issue 33).
  await page.getByRole('button', { name: 'Open this account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Account you are viewing' })).toContainText(
    "Viewing Inês Costa's account",
  );

  // Back to the listing, then Back to the list: the same filters, the same rows.
  await page.goBack();
  await expectHeading(page, nickname);
  await page.goBack();
  await expectHeading(page, 'All listings');
  await expect(page).toHaveURL(new RegExp(`\\?account=${accountId}&status=active$`));
  await expect(page.getByRole('combobox', { name: 'Account' })).toContainText('Costa Lisbon Homes');
  await expect(rows).toHaveCount(count);
});

test('an admin reads the platform analytics over 30 days as charts and tables, and downloads a CSV', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await signIn(page, 'admin@hostdash.test', { next: '/admin/listings' });
  await expectHeading(page, 'All listings');
  await page.waitForLoadState('networkidle');
  // The charts come with the analytics page's own chunk, not with the admin remote's first page.
  expect(carriesCharts(scripts.take())).toBe(false);
  await navigateInApp(page, '/admin/kibana?days=7');
  await expectHeading(page, 'Usage analytics');
  await page.waitForLoadState('networkidle');
  expect(carriesCharts(scripts.take())).toBe(true);
  // The platform's period (the front-end health below has its own).
  const period = page.getByRole('group', { name: 'Period', exact: true });
  await period.getByRole('button', { name: '30 days' }).click();
  await expect(page).toHaveURL(/\/admin\/kibana\?days=30$/);
  await expect(period.getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Five charts of the platform (the front-end health's are its own), each drawn (an SVG with
  // its axes), each with its table of the same 30 days.
  const frontEnd = page.getByRole('region', { name: 'Front-end health' });
  const charts = page.getByTestId('chart');
  await expect
    .poll(async () => (await charts.count()) - (await frontEnd.getByTestId('chart').count()))
    .toBe(5);
  for (const chart of await charts.all()) {
    await expect(chart.locator('svg').first()).toBeVisible();
  }
  const signIns = page.getByRole('region', { name: 'Sign-ins per day' });
  const table = signIns.getByRole('table', { name: /^Sign-ins per day/ });
  await expect(table.locator('tbody tr')).toHaveCount(30);
  await signIns.getByRole('button', { name: 'Show as table: Sign-ins per day' }).click();
  await expect(table).toBeVisible();
  await expect(signIns.getByTestId('chart')).toBeHidden();
  await expect(
    page.getByRole('table', { name: /^Imports per day/ }).locator('tfoot'),
  ).toContainText('Not recorded yet');

  const downloading = page.waitForEvent('download');
  await signIns.getByRole('button', { name: 'Download CSV: Sign-ins per day' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('hostdash-sign-ins-30-days.csv');
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('Date,Sign-ins');
  expect(lines).toHaveLength(31);
  for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d{2}-\d{2},\d+$/);
  // The CSV holds the figures the page shows: its days add up to the headline.
  const sum = lines.slice(1).reduce((total, line) => total + Number(line.split(',')[1]), 0);
  const headline = page
    .getByRole('region', { name: 'Totals for the period' })
    .locator('.MuiCard-root', { hasText: 'Sign-ins' });
  await expect(headline).toHaveText(`Sign-ins${sum.toLocaleString('en-US')}`);
});
