// A guest's check-in on a phone (issue 16): the host's guest link for an upcoming stay opens the
// portal with no dashboard around it; the guest goes through every screen the stay has, photos
// taken as JPEGs, reloads half-way and carries on where they were, and finishes. A wrong link
// shows only that it is not valid. Each step is photographed at phone and desktop widths into
// GUEST_SHOTS_DIR (default /tmp/guest-shots) for a person to look at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { components } from '@hostdash/api-contract';
import { apiGet, apiSession } from './support/api';
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

/** A JPEG the size of a phone's photo, made here (nobody's real ID or face). */
function jpeg(background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const PHOTO_LABELS: Record<string, string> = {
  id_front: 'Front of your ID',
  id_back: 'Back of your ID',
  selfie: 'Your selfie',
};

/** Fills in one screen as a guest would, from the fields the screen asks for. */
async function fillScreen(page: Page, screen: GuestPortal['screens'][number]): Promise<void> {
  const colours = {
    id_front: { r: 30, g: 90, b: 200 },
    id_back: { r: 120, g: 60, b: 190 },
    selfie: { r: 210, g: 160, b: 120 },
  };
  for (const { name, required } of screen.fields) {
    const optional = required ? '' : ' (optional)';
    if (name in PHOTO_LABELS) {
      const label = PHOTO_LABELS[name]!;
      const buffer = await jpeg(colours[name as keyof typeof colours]);
      // Sent as soon as it is taken; the API keeps it (a demo stay may show a sample before).
      const uploaded = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === `/api/guest/portal/image/${name}`,
      );
      await page.getByLabel(label, { exact: true }).setInputFiles({
        name: `${name}.jpg`,
        mimeType: 'image/jpeg',
        buffer,
      });
      expect((await uploaded).status()).toBe(200);
      await expect(page.getByRole('img', { name: `${label}, as sent` })).toBeVisible();
    } else if (name === 'email') {
      await page.getByRole('textbox', { name: `Email${optional}` }).fill('ana.guest@example.com');
    } else if (name === 'phone') {
      await page.getByLabel(`Phone number${optional}`).fill('+351 912 345 678');
    } else if (name === 'street') {
      await page.getByLabel(`Street and number${optional}`).fill('Rua Augusta 100');
    } else if (name === 'city') {
      await page.getByLabel(`City${optional}`).fill('Lisboa');
    } else if (name === 'postal_code') {
      await page.getByLabel(`Postal code${optional}`).fill('1100-053');
    } else if (name === 'country') {
      await page.getByLabel(`Country${optional}`).fill('Portugal');
    } else if (name === 'accept') {
      await page.getByRole('checkbox', { name: `I have read and accept this${optional}` }).check();
    } else if (name === 'signature') {
      await page.getByLabel(`Type your full name to sign${optional}`).fill('Ana Guest');
    } else if (name === 'arrival_time') {
      await page.getByLabel(`Arrival time${optional}`).fill('15:30');
    } else if (name === 'arrival_note') {
      await page.getByLabel(`Anything your host should know?${optional}`).fill('By train');
    } else {
      throw new Error(`This journey does not know how to fill in ${name}`);
    }
  }
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
