// The whole loop of issue 16, as the host and the guest live it: the owner switches the selfie off
// for every guest and back on for one listing (its page says where the setting comes from),
// writes a door code for a stay there in Guest messages (held; its Markdown previewed as the guest
// will read it), and copies the stay's check-in link from its page; a guest of another listing has
// no selfie to take; this guest goes through the portal on a phone, the selfie included because of
// the listing; the host sees the guest's own photo and steps, and verifies; the door code is
// released (by "Guest messages" in the protect log) and shows on the guest's page, in bold.
// Everything it changed is put back at the end.
import { expect, test, type Page } from '@playwright/test';
import type { components } from '@hostdash/api-contract';
import { apiGet, apiPost, apiSession } from './support/api';
import { fillScreen, portalOf, tokenOf } from './support/guest';
import { expectHeading, signIn } from './support/session';

type Reservation = components['schemas']['Reservation'];

const PHONE = { width: 390, height: 844 };
test.use({ viewport: { width: 1366, height: 900 } });

async function setSwitch(page: Page, name: string, on: boolean): Promise<void> {
  const control = page.getByRole('switch', { name });
  if ((await control.isChecked()) !== on) await control.click();
  await expect(control).toBeChecked({ checked: on });
}

test('a listing’s selfie, a guest on a phone, the host verifies, the door code goes out', async ({
  page,
  browser,
  request,
}) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const today = new Date().toISOString().slice(0, 10);
  const { items } = await apiGet<{ items: { id: string }[] }>(
    request,
    session,
    `/reservation/search?size=10&sort=check_in_date:asc&status=CONFIRMED&startDate=${today}`,
  );
  // A stay whose guest has not been checked yet, other than the guest-portal journey's (the last
  // of the next ten).
  let stay: Reservation | undefined;
  for (const { id } of items.slice(0, -1)) {
    const candidate = await apiGet<Reservation>(request, session, `/reservation/get/${id}`);
    if (['pending', 'incomplete'].includes(candidate.protect.verification_status)) {
      stay = candidate;
      break;
    }
  }
  if (!stay) throw new Error('No upcoming demo stay with a guest still to check');

  try {
    await signIn(page, 'owner@hostdash.test', { next: '/guestportal' });
    await expectHeading(page, 'Guest portal');
    await setSwitch(page, 'Selfie for every guest', false);
    await expect(page.getByText(/^Selfie is off for every guest/)).toBeVisible();

    // The listing wants it anyway: its page says so, from the listing.
    await page.goto(`/listing/${stay.listing_id}`);
    const screens = page.getByRole('region', { name: 'Guest portal screens' });
    await expect(screens.getByTestId('screen-source-selfie')).toHaveText('Off — account default');
    await setSwitch(page, 'Selfie for this listing', true);
    await expect(screens.getByTestId('screen-source-selfie')).toHaveText('On — from this listing');

    // A door code for this stay, held until the guest is verified.
    await page.goto(`/stargate/${stay.id}`);
    await expect(
      page
        .getByRole('navigation', { name: 'Breadcrumbs' })
        .getByRole('link', { name: 'Guest messages' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message to guests' });
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Door code' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Your door code');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('The keypad code is **4821#**.');
    // The preview is the guest's: the code in bold, the asterisks gone.
    const preview = dialog.getByRole('region', { name: 'What the guest reads' });
    await expect(preview.locator('strong')).toHaveText('4821#');
    await expect(preview).not.toContainText('**');
    await dialog.getByRole('button', { name: 'Save message' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Held until verified').first()).toBeVisible();

    // The stay's page: the same setting, inherited from the listing, and the guest's link.
    await page.goto(`/reservation/${stay.id}`);
    const widget = page.getByRole('region', { name: 'Guest portal screens' });
    await expect(widget.getByTestId('screen-source-selfie')).toHaveText('On — from this listing');
    const url = await widget.getByRole('textbox', { name: 'Check-in link' }).inputValue();
    const token = /\/guest\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1];
    expect(token, `the check-in link ${url} ends in a token`).toBeTruthy();

    // A guest of another listing does not get the selfie: the account's setting holds there.
    const elsewhere = items.find(({ id }) => id !== stay!.id && id !== items.at(-1)!.id);
    const other = await apiGet<Reservation>(request, session, `/reservation/get/${elsewhere!.id}`);
    expect(other.listing_id).not.toBe(stay.listing_id);
    const otherPortal = await portalOf(request, await tokenOf(request, session, other.id));
    expect(otherPortal.screens.map((screen) => screen.name)).not.toContain('selfie');

    // The guest, on their phone.
    const phone = await browser.newContext({ viewport: PHONE });
    const guest = await phone.newPage();
    const portal = await portalOf(request, token!);
    expect(portal.screens.map((screen) => screen.name)).toContain('selfie');
    await guest.goto(`/guest/${token}`);
    await guest.getByRole('button', { name: 'Start' }).click();
    for (const [index, screen] of portal.screens.entries()) {
      await expectHeading(guest, screen.title);
      await fillScreen(guest, screen);
      const last = index === portal.screens.length - 1;
      await guest.getByRole('button', { name: last ? 'Finish' : 'Continue' }).click();
    }
    await expectHeading(guest, "You're all set");
    await expect(guest.getByText('Your door code')).toHaveCount(0);

    // The host sees what the guest did — their own selfie, not a sample — and verifies.
    await page.reload();
    const selfie = page.getByRole('img', { name: `Selfie of ${stay.guest_name}` });
    await expect(selfie).toBeVisible();
    const size = await selfie.evaluate((image: HTMLImageElement) => [
      image.naturalWidth,
      image.naturalHeight,
    ]);
    expect(size).toEqual([1600, 1200]); // the photo the guest took (fillScreen), as sent
    const log = page.getByRole('table', { name: 'Protect log' });
    await expect(log.getByRole('row').filter({ hasText: 'Guest finished check-in' })).toHaveCount(
      1,
    );
    await expect(log.getByRole('row').filter({ hasText: 'Guest completed a step' })).toHaveCount(
      portal.screens.length,
    );
    await page.getByRole('button', { name: 'Change verification' }).click();
    const change = page.getByRole('dialog', { name: /^Change verification of/ });
    await change.getByRole('combobox', { name: 'Verification status' }).click();
    await page.getByRole('option', { name: /^Verified/ }).click();
    await change
      .getByRole('textbox', { name: 'Note for the protect log' })
      .fill('ID and selfie match.');
    await change
      .getByRole('checkbox', { name: "I reviewed this guest's documents myself" })
      .check();
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(change).toBeHidden();
    await expect(
      log
        .getByRole('row')
        .filter({ hasText: 'Message released' })
        .filter({ hasText: 'Your door code' })
        .filter({ hasText: 'Guest messages' }),
    ).toHaveCount(1);
    await expect(log).not.toContainText('Stargate');

    // Released: the guest's page shows it.
    await guest.reload();
    await expectHeading(guest, "You're all set");
    await expect(guest.getByText('Your door code')).toBeVisible();
    await expect(guest.getByText(/^The keypad code is/)).toBeVisible();
    await expect(guest.locator('strong', { hasText: '4821#' })).toBeVisible();
    await expect(guest.getByText(/\*\*/)).toHaveCount(0);
    await phone.close();
  } finally {
    // Back as it was, for the journeys after this one.
    await apiPost(request, session, '/guestportal/controlScreen/account/selfie?state=on');
    await apiPost(
      request,
      session,
      `/guestportal/controlScreen/listing/${stay.listing_id}/selfie?state=inherit`,
    );
  }
});
