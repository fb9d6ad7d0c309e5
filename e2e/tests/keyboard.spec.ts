// The two journeys that matter most, done with the keyboard alone (issue 33, WCAG 2.1.1 and
// 2.4.7): an owner signs in, filters the risks, opens a red stay and verifies its guest; a guest
// checks in on a phone. No mouse, no tap: Tab, Shift+Tab, Enter, Space and the arrow keys, and
// every Tab stop on the way shows where the focus is.
import { expect, test } from '@playwright/test';
import type { components } from '@hostdash/api-contract';
import { apiGet, apiSession, putBackInReview } from './support/api';
import { DEMO_PASSWORD } from './support/env';
import { fillScreenByKeyboard, portalOf, tokenOf } from './support/guest';
import { chooseWithArrows, expectFocusAlwaysSeen, keyboardUser, tabTo } from './support/keyboard';
import { expectHeading } from './support/session';

type GuestPortal = components['schemas']['GuestPortal'];
type Reservation = components['schemas']['Reservation'];

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('an owner verifies a red stay’s guest with the keyboard alone', async ({
    page,
    request,
  }) => {
    const user = keyboardUser(page);
    await page.goto('/login');
    // The sign-in form starts in its first field.
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type('owner@hostdash.test');
    await tabTo(user, page.getByLabel('Password'));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Risks');
    // The form went with the sign-in page: the focus starts the new page, not mid-document.
    await expect(page.getByRole('main')).toBeFocused();

    // A page load (F5): the first stop skips the bar and the menu.
    await page.reload();
    await expectHeading(page, 'Risks');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    const colours = page.getByRole('group', { name: 'Filter by risk colour' });
    await tabTo(user, colours.getByRole('button', { name: 'Red' }));
    await page.keyboard.press('Space');
    await expect(colours.getByRole('button', { name: 'Red' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await tabTo(user, page.getByRole('combobox', { name: 'Verification' }));
    await chooseWithArrows(user, 'In review');
    await expect(page).toHaveURL(/verification=review/);

    const rows = page.getByRole('table', { name: 'Coming stays by risk' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Red');
    const first = rows.nth(1).getByRole('link').first();
    const guest = (await first.textContent()) ?? '';
    await tabTo(user, first, { limit: 120 });
    await page.keyboard.press('Enter');
    await expectHeading(page, guest);
    const reservationId = new URL(page.url()).pathname.split('/').pop() ?? '';

    const session = await apiSession(request, 'owner@hostdash.test');
    try {
      const change = page.getByRole('button', { name: 'Change verification' });
      await tabTo(user, change, { limit: 120 });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Change verification of ${guest}` });
      await expect(dialog).toBeVisible();
      await tabTo(user, dialog.getByRole('combobox', { name: 'Verification status' }));
      await chooseWithArrows(user, /^Verified/);
      await tabTo(user, dialog.getByRole('textbox', { name: 'Note for the protect log' }));
      await page.keyboard.type('Checked by keyboard: passport matches the selfie.');
      const reviewed = dialog.getByRole('checkbox', {
        name: "I reviewed this guest's documents myself",
      });
      await tabTo(user, reviewed);
      await page.keyboard.press('Space');
      await expect(reviewed).toBeChecked();
      await tabTo(user, dialog.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      // The focus comes back to where the person was, not to the top of the page.
      await expect(change).toBeFocused();
      await expect(
        page
          .getByRole('table', { name: 'Protect log' })
          .getByRole('row')
          .filter({ hasText: 'Checked by keyboard: passport matches the selfie.' }),
      ).toContainText('In review → Verified');
      expectFocusAlwaysSeen(user);
    } finally {
      // Back to review, for the journeys after this one.
      await putBackInReview(request, session, reservationId);
    }
  });
});

test.describe('at 390 px', () => {
  // A 24-hour clock, so that the arrival time is typed as its digits.
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });

  test('a guest checks in with the keyboard alone', async ({ page, request }) => {
    const session = await apiSession(request, 'owner@hostdash.test');
    // A stay two months away whose guest has not begun: the other guest journeys take the
    // coming ten.
    const from = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const { items } = await apiGet<{ items: { id: string }[] }>(
      request,
      session,
      `/reservation/search?size=20&sort=check_in_date:asc&status=CONFIRMED&startDate=${from}`,
    );
    // Not begun: no screen saved either, so that the link opens on the welcome (a retry of this
    // journey takes the next stay, its first attempt's guest having begun).
    let begin: { id: string; token: string; portal: GuestPortal } | undefined;
    for (const { id } of items) {
      const candidate = await apiGet<Reservation>(request, session, `/reservation/get/${id}`);
      if (candidate.protect.verification_status !== 'pending') continue;
      const token = await tokenOf(request, session, id);
      const portal = await portalOf(request, token);
      if (!portal.completedAt && portal.screens.every((screen) => !screen.completedAt)) {
        begin = { id, token, portal };
        break;
      }
    }
    if (!begin) throw new Error('No demo stay two months out with a guest still to begin');
    const { id: stayId, token, portal } = begin;

    const user = keyboardUser(page);
    await page.goto(`/guest/${token}`);
    await tabTo(user, page.getByRole('button', { name: 'Start' }));
    await page.keyboard.press('Enter');
    for (const [index, screen] of portal.screens.entries()) {
      await expectHeading(page, screen.title);
      await fillScreenByKeyboard(user, screen);
      const last = index === portal.screens.length - 1;
      await tabTo(user, page.getByRole('button', { name: last ? 'Finish' : 'Continue' }));
      await page.keyboard.press('Enter');
    }
    await expectHeading(page, "You're all set");
    expectFocusAlwaysSeen(user);

    const after = await apiGet<Reservation>(request, session, `/reservation/get/${stayId}`);
    expect(after.protect.verification_status).not.toBe('pending');
  });
});
