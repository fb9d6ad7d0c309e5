// Every route of the access table (shared-auth's access.ts), as each role that can open it, at a
// laptop's and a phone's width (issue 33): axe-core finds no serious or critical violation of WCAG
// 2.x A and AA, and nothing is wider than the phone. Which pages a role can open is the access
// table's own checkAccess; one that still sends it elsewhere (a vendor's building not theirs) is
// listed in the report instead of checking a page that role never sees.
// Each page's screenshot is kept under test-results/screens/<width>/ (a CI artifact to look at,
// never compared). A new route without a sample address here fails the first test.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { components } from '@hostdash/api-contract';
import { checkAccess, routes } from '../../shared-auth/src/access';
import type { User } from '../../shared-auth/src/types';
import { apiGet, apiSession } from './support/api';
import { axeViolations, seriousOf, type AxeViolation } from './support/axe';
import { navigateInApp } from './support/navigation';
import { signIn } from './support/session';

type GuestLink = components['schemas']['GuestLink'];

/** The demo data a route's sample address needs, read through the API as its owner would. */
interface Samples {
  reservationId: string;
  listingId: string;
  building: { account_id: string; slug: string };
  screen: string;
  accountId: string;
  guestUrl: string;
}

/** Each route's addresses to open (an optional parameter: with and without it). */
const SAMPLE_PATHS: Record<string, (samples: Samples) => string[]> = {
  '/': () => ['/'],
  '/risks': () => ['/risks'],
  '/reservations': () => ['/reservations', '/reservations?view=calendar'],
  '/reservation/:id': (s) => [`/reservation/${s.reservationId}`],
  '/create-reservation': () => ['/create-reservation'],
  '/edit-reservation/:id': (s) => [`/edit-reservation/${s.reservationId}`],
  '/protect': () => ['/protect'],
  '/analytics': () => ['/analytics'],
  // Without a reservation it says which is missing (with one it downloads and goes back at once).
  '/download/:type': () => ['/download/screening'],
  '/listings': () => ['/listings'],
  '/listing/:id': (s) => [`/listing/${s.listingId}`],
  '/buildings': () => ['/buildings'],
  '/building/:id/:building': (s) => [`/building/${s.building.account_id}/${s.building.slug}`],
  '/guestportal': () => ['/guestportal'],
  '/guestportal/screen/:name': (s) => [`/guestportal/screen/${s.screen}`],
  '/stargate/:id?': (s) => ['/stargate', `/stargate/${s.reservationId}`],
  '/settings': () => ['/settings'],
  '/settings/profile': () => ['/settings/profile'],
  '/connect/:pms': () => ['/connect/guesty'],
  '/billing': () => ['/billing'],
  '/accounts/:id?/:action?': (s) => ['/accounts', '/accounts/invite', `/accounts/${s.accountId}`],
  '/users': () => ['/users'],
  '/admin/accounts': () => ['/admin/accounts'],
  '/admin/listings': () => ['/admin/listings'],
  '/admin/listing/:id': (s) => [`/admin/listing/${s.listingId}`],
  '/admin/kibana': () => ['/admin/kibana'],
  '/admin/flags': () => ['/admin/flags'],
  '/admin/remotes': () => ['/admin/remotes'],
  '/admin/jobs': () => ['/admin/jobs', '/admin/jobs?view=scheduled', '/admin/jobs?view=mails'],
  '/login': () => ['/login'],
  // Without a second step under way it returns to the sign-in; secure@'s journey sees it asked.
  '/login/challenge': () => ['/login/challenge'],
  '/logout': () => ['/logout'],
  '/account/reset/:token?': () => ['/account/reset', '/account/reset/not-a-real-token'],
  '/accept-invite/:token': () => ['/accept-invite/not-a-real-token'],
  '/error/:id?': () => ['/error/not-found', '/error/not-allowed'],
  // The shell server's health answer for machines (JSON), not a page.
  '/health': () => [],
};

const ROLES = [
  { name: 'anyone', email: null },
  { name: 'owner', email: 'owner@hostdash.test' },
  { name: 'manager', email: 'manager@hostdash.test' },
  { name: 'vendor', email: 'vendor@hostdash.test' },
  { name: 'staff', email: 'admin@hostdash.test' },
] as const;

const WIDTHS = [
  { name: 'laptop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function readSamples(request: APIRequestContext): Promise<Samples> {
  const owner = await apiSession(request, 'owner@hostdash.test');
  const { items: stays } = await apiGet<{ items: { id: string; account_id: string }[] }>(
    request,
    owner,
    '/reservation/search?size=1&sort=check_in_date:desc&status=CONFIRMED',
  );
  const { items: listings } = await apiGet<{ items: { id: string }[] }>(
    request,
    owner,
    '/listing/load?size=1',
  );
  const { buildings } = await apiGet<{ buildings: { account_id: string; slug: string }[] }>(
    request,
    owner,
    '/listing/load/?buildings=1&noitems=1',
  );
  const { items: screens } = await apiGet<{ items: { name: string }[] }>(
    request,
    owner,
    '/guestportal/screens',
  );
  const stay = stays[0]!;
  const link = await apiGet<GuestLink>(request, owner, `/guestportal/link/${stay.id}`);
  return {
    reservationId: stay.id,
    listingId: listings[0]!.id,
    building: buildings[0]!,
    screen: screens[0]!.name,
    accountId: stay.account_id,
    guestUrl: new URL(link.url).pathname,
  };
}

const SEEN = 'data-sweep-seen';
/** A page of the shell's own, open to anyone, that the sweep passes through (see `open`). */
const BETWEEN = '/error/not-found';

/**
 * Marks the headings shown now with their words, moves to `address` the way a link does, and
 * waits for a heading not marked, or marked with other words. False when none comes.
 */
async function toNewHeading(page: Page, address: string): Promise<boolean> {
  await page.locator('h1').evaluateAll((headings, seen) => {
    for (const heading of headings) heading.setAttribute(seen, heading.textContent ?? '');
  }, SEEN);
  await navigateInApp(page, address);
  return page
    .waitForFunction(
      (seen) =>
        Array.from(document.querySelectorAll('h1')).some(
          (heading) =>
            heading.getAttribute(seen) !== heading.textContent && heading.checkVisibility(),
        ),
      SEEN,
      { timeout: 10_000 },
    )
    .then(() => true)
    .catch(() => false);
}

/**
 * Opens an address the way a link does (no page load: the sweep would spend most of its time
 * loading the shell again), and waits for the page to be itself: a new heading, and its rows
 * rather than their placeholders or another list's rows dimmed. False when it shows no heading
 * of its own.
 * Two addresses of one page (`/` and `/risks`, a list and its other view) keep one heading with
 * the same words, which no wait can tell from the page before: the sweep goes through a page
 * with another heading first (`BETWEEN`), so that every address has a new one to wait for.
 */
async function open(page: Page, address: string): Promise<boolean> {
  if (address !== BETWEEN && new URL(page.url()).pathname !== BETWEEN)
    await toNewHeading(page, BETWEEN);
  const own = await toNewHeading(page, address);
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0, { timeout: 15_000 });
  // A list that keeps the rows it had while it loads its own shows them dimmed (aria-busy): `/risks`
  // after `/` showed the other list's rows at 60 % for a moment, which axe read as too faint.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  return own || (await page.locator('h1').count()) > 0;
}

const samePlace = (requested: string, landed: URL): boolean =>
  new URL(requested, landed).pathname.replace(/\/$/, '') === landed.pathname.replace(/\/$/, '');

// Each sweep only reads, in a session of its own: they run on both workers at once, so that the
// longest file of the suite (two widths × five roles) is not one worker's alone.
test.describe.configure({ mode: 'parallel' });

test('every route of the access table has a sample address here', () => {
  const missing = routes.map((route) => route.path).filter((route) => !(route in SAMPLE_PATHS));
  expect(missing, 'add the new routes to SAMPLE_PATHS').toEqual([]);
});

for (const width of WIDTHS)
  test.describe(`at ${width.width} px`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });

    for (const role of ROLES)
      test(`every page ${role.name} can open passes axe-core`, async ({
        page,
        request,
      }, testInfo) => {
        test.setTimeout(300_000);
        const samples = await readSamples(request);
        // The pages this role can open, by the access table's own rules (a refused one sends the
        // person elsewhere, which another role's sweep covers).
        const user = role.email
          ? await apiGet<User>(request, await apiSession(request, role.email), '/loadAuth')
          : null;
        const mayOpen = (address: string) =>
          checkAccess({
            pathname: new URL(address, 'http://sweep.invalid').pathname,
            user,
            stage: 'prod',
            billingBypass: false,
          }).allowed;
        const addresses = Object.values(SAMPLE_PATHS)
          .flatMap((paths) => paths(samples))
          .filter(mayOpen);
        // The sign-out page ends the session: last.
        addresses.sort((a, b) => Number(a === '/logout') - Number(b === '/logout'));
        if (role.email) await signIn(page, role.email);
        else await page.goto('/login');
        await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });

        const screens = testInfo.outputPath('screens', width.name);
        mkdirSync(screens, { recursive: true });
        const found: { address: string; violations: AxeViolation[] }[] = [];
        const tooWide: string[] = [];
        const headless: string[] = [];
        const elsewhere: string[] = [];
        const check = async (address: string) => {
          const serious = seriousOf(await axeViolations(page));
          if (serious.length > 0) found.push({ address, violations: serious });
          const scroll = await page.evaluate(() => ({
            document: document.documentElement.scrollWidth,
            viewport: window.innerWidth,
          }));
          if (scroll.document > scroll.viewport) tooWide.push(address);
          const file = `${role.name}${address.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`;
          await page.screenshot({ path: path.join(screens, file) });
        };
        for (const address of addresses) {
          if (!(await open(page, address))) headless.push(address);
          const landed = new URL(page.url());
          if (!samePlace(address, landed)) elsewhere.push(`${address} → ${landed.pathname}`);
          else await check(address);
        }
        // The guest's check-in page is its own document (guest.html), opened from a mailed link.
        if (role.email === null) {
          await page.goto(samples.guestUrl);
          await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
          await check('/guest');
        }
        await testInfo.attach('sent elsewhere', { body: elsewhere.join('\n') || 'none' });
        expect(found, JSON.stringify(found, null, 2)).toEqual([]);
        expect(headless, 'pages without a heading').toEqual([]);
        expect(tooWide, 'pages wider than the window').toEqual([]);
      });
  });
