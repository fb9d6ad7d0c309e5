// Guests are invited automatically (issue 31), as the host and the guest live it: a stay booked
// for tomorrow gets its check-in link by mail without a click; the link opens the guest's page;
// the reservation page shows the mail as sent; Send again sends another. The panel and the
// settings control pass axe-core; screenshots at desk and phone widths go to SCREENSHOT_DIR
// (/tmp by default), never into the repository. The stay is cancelled at the end.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { components } from '@hostdash/api-contract';
import { apiGet, apiPost, apiSession } from './support/api';
import { linkIn, newestMailTo } from './support/mail';
import { expectHeading, signIn } from './support/session';

type Reservation = components['schemas']['Reservation'];

const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
test.use({ viewport: DESK });

/** How many mails the API wrote to `to` (the mail folder, as the guest's inbox). */
function mailsTo(to: string): number {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  try {
    return readdirSync(dir).filter((name) => name.endsWith(`-${to}.eml`)).length;
  } catch {
    return 0;
  }
}

/** No axe-core violation (WCAG 2 A and AA) inside the card headed `heading`. */
async function expectAccessible(page: Page, heading: string): Promise<void> {
  // Evaluated, not added as a script tag: the dashboard's CSP rightly refuses inline scripts.
  const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (name) => {
    type Axe = {
      run: (
        context: Element,
        options: unknown,
      ) => Promise<{ violations: { id: string; nodes: unknown[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const card = Array.from(document.querySelectorAll('h2'))
      .find((element) => element.textContent === name)
      ?.closest('.MuiCard-root');
    if (!card) return [`no card headed ${name}`];
    const result = await axe.run(card, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    });
    return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
  }, heading);
  expect(violations).toEqual([]);
}

const guestMailsCard = (page: Page): Locator =>
  page.locator('.MuiCard-root', {
    has: page.getByRole('heading', { level: 2, name: 'Guest mails' }),
  });

test('a stay booked for tomorrow: the guest gets the link by mail, the host sees it, Send again', async ({
  page,
  browser,
  request,
}) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<{ items: { id: string }[] }>(
    request,
    session,
    '/listing/load?size=1&sort=nickname:asc&status=active',
  );
  const listingId = items[0]!.id;
  const email = `invite.e2e.${Date.now()}@example.com`;
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const stay = await apiPost<Reservation>(request, session, '/reservation/create', {
    listing_id: listingId,
    guest_name: 'Ines Invite',
    guest_email: email,
    guests: 2,
    check_in_date: day(1),
    check_out_date: day(3),
    source: 'direct',
  });

  try {
    // Nobody clicks anything: the invite is queued with the booking and the mail goes out.
    await expect
      .poll(() => newestMailTo(email), { message: `the invite to ${email}`, timeout: 30_000 })
      .not.toBeNull();
    const mail = newestMailTo(email)!;
    expect(mail).toContain(`Subject: Your stay at ${stay.listing.nickname}: check in online`);
    expect(mail).toContain('Hello Ines,');
    const link = linkIn(mail, '/guest/');
    expect(link).not.toBeNull();

    // The guest opens it on their phone.
    const phone = await browser.newContext({ viewport: PHONE });
    const guest = await phone.newPage();
    await guest.goto(link!);
    await expect(guest.getByRole('button', { name: 'Start' })).toBeVisible();
    await expect(guest.getByText(stay.listing.nickname).first()).toBeVisible();
    await phone.close();

    // The host sees it on the reservation page.
    await signIn(page, 'owner@hostdash.test', { next: `/reservation/${stay.id}` });
    await expectHeading(page, 'Ines Invite');
    const card = guestMailsCard(page);
    const rows = card.getByRole('table', { name: 'Mails to the guest' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Check-in link');
    await expect(rows.nth(1)).toContainText(email);
    // Sent, then taken by the mail server (the folder): Refresh shows how far it got.
    await expect(async () => {
      await card.getByRole('button', { name: 'Refresh' }).click();
      await expect(rows.nth(1)).toContainText('Delivered to the mail server', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expectAccessible(page, 'Guest mails');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(SHOTS, 'guest-mails-1366.png') });

    // Send again: a second invite, in the card and in the guest's inbox.
    await card.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText(`Check-in link sent to ${email}.`)).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect.poll(() => mailsTo(email), { timeout: 30_000 }).toBe(2);

    await page.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(SHOTS, 'guest-mails-390.png') });

    // The owner's setting, on /settings.
    await page.setViewportSize(DESK);
    await page.goto('/settings');
    const settings = page.getByRole('region', { name: 'Guest check-in links' });
    await expect(
      settings.getByRole('switch', { name: 'Mail guests their check-in link automatically' }),
    ).toBeChecked();
    await expect(settings.getByRole('spinbutton', { name: 'Days before check-in' })).toHaveValue(
      '3',
    );
    await expectAccessible(page, 'Guest check-in links');
    await settings.scrollIntoViewIfNeeded();
    await settings.screenshot({ path: path.join(SHOTS, 'guest-invites-settings-1366.png') });
    await page.setViewportSize(PHONE);
    await settings.scrollIntoViewIfNeeded();
    await settings.screenshot({ path: path.join(SHOTS, 'guest-invites-settings-390.png') });
  } finally {
    const current = await apiGet<Reservation>(request, session, `/reservation/get/${stay.id}`);
    await apiPost(request, session, `/reservation/update/${stay.id}`, {
      version: current.version,
      status: 'CANCELLED',
    });
  }
});
