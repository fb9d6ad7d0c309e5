// A guest's check-in on a phone (issue 16): the host's guest link for an upcoming stay opens the
// portal with no dashboard around it; the guest goes through every screen the stay has, photos
// taken as JPEGs, reloads half-way and carries on where they were, and finishes. A wrong link
// shows only that it is not valid. Each step is photographed at phone and desktop widths into
// GUEST_SHOTS_DIR (default /tmp/guest-shots) for a person to look at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { components } from '@hostdash/api-contract';
import { apiGet, apiSession } from './support/api';
import { fillScreen } from './support/guest';
import { apiURL } from './support/env';
import { expectHeading } from './support/session';

type GuestPortal = components['schemas']['GuestPortal'];
type GuestLink = components['schemas']['GuestLink'];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
test.use({ viewport: PHONE });

const shotsDir = process.env.GUEST_SHOTS_DIR ?? '/tmp/guest-shots';

/** The step as the guest sees it on a phone, then on a desktop, back on the phone. */
async function photograph(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  const options = { fullPage: true, animations: 'disabled' } as const;
  await page.screenshot({ path: path.join(shotsDir, `390-${name}.png`), ...options });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(shotsDir, `1366-${name}.png`), ...options });
  await page.setViewportSize(PHONE);
}

test('a guest checks in on a phone, resumes after a reload, and a wrong link shows only that', async ({
  page,
  request,
}) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const today = new Date().toISOString().slice(0, 10);
  const { items } = await apiGet<{ items: { id: string; guest_name: string }[] }>(
    request,
    session,
    `/reservation/search?size=10&sort=check_in_date:asc&status=CONFIRMED&startDate=${today}`,
  );
  // A stay the other journeys leave alone: the last of the next ten.
  const stay = items.at(-1)!;
  const link = await apiGet<GuestLink>(request, session, `/guestportal/link/${stay.id}`);
  expect(link.expired).toBe(false);
  const token = /\/guest\/([A-Za-z0-9_-]{43})$/.exec(link.url)?.[1];
  expect(token, `the guest link ${link.url} ends in a token`).toBeTruthy();

  // What the stay's portal asks, in order (the guest's own view of it).
  const portalAnswer = await request.get(`${apiURL}/guest/portal`, {
    headers: { 'x-guest-token': token! },
  });
  expect(portalAnswer.ok()).toBeTruthy();
  const portal = (await portalAnswer.json()) as GuestPortal;
  expect(portal.screens.length).toBeGreaterThan(1);
  const total = portal.screens.length + 1;

  await page.goto(`/guest/${token}`);
  await expect(page).toHaveTitle('Check-in');
  await expectHeading(page, /^Welcome/);
  await expect(page.getByText(portal.stay.listingName)).toBeVisible();
  await expect(page.getByText(portal.stay.hostName, { exact: true })).toBeVisible();
  await expect(page.getByText(`Step 1 of ${total}`)).toBeVisible();
  // No dashboard around it.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await photograph(page, '00-welcome');
  await page.getByRole('button', { name: 'Start' }).click();

  const resumeAfter = Math.floor(portal.screens.length / 2);
  for (const [index, screen] of portal.screens.entries()) {
    await expectHeading(page, screen.title);
    await expect(page.getByText(`Step ${index + 2} of ${total}`)).toBeVisible();
    await fillScreen(page, screen);
    await photograph(page, `${String(index + 1).padStart(2, '0')}-${screen.name}`);
    const last = index === portal.screens.length - 1;
    await page.getByRole('button', { name: last ? 'Finish' : 'Continue' }).click();
    if (index + 1 === resumeAfter) {
      // Saved before moving on: a reload opens the next screen, not the welcome.
      const next = portal.screens[index + 1]!;
      await expectHeading(page, next.title);
      await page.reload();
      await expectHeading(page, next.title);
      await expect(page.getByText(`Step ${index + 3} of ${total}`)).toBeVisible();
    }
  }

  await expectHeading(page, "You're all set");
  await expect(page.getByRole('heading', { name: 'Messages from your host' })).toBeVisible();
  await photograph(page, '99-done');
  // A returning guest lands on the done page.
  await page.reload();
  await expectHeading(page, "You're all set");

  const after = await apiGet<GuestLink>(request, session, `/guestportal/link/${stay.id}`);
  expect(after.completedAt).not.toBeNull();
  expect(after.screensDone).toBe(after.screensTotal);

  // A link of the right shape that is nobody's: that, and nothing else.
  await page.goto(`/guest/${'A'.repeat(43)}`);
  await expectHeading(page, 'Link not valid');
  await expect(
    page.getByText('This check-in link is not valid. Ask your host for a new one.'),
  ).toBeVisible();
  await expect(page.getByText(portal.stay.listingName)).toHaveCount(0);
  await photograph(page, 'invalid-link');
  // Any other address under /guest is the dashboard's not-found.
  const other = await page.goto('/guest/not-a-token');
  expect(other?.status()).toBe(404);
});
