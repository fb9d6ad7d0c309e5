// Issue 14, an owner's team: the owner invites building staff for one building from /accounts; the
// invite's mail (read from MAIL_DIR, as from an inbox) has a link that, in a browser of their own,
// greets them, takes a name and a password, and lands them signed in on that building. The owner
// then sees them in the team.
import { expect, test } from '@playwright/test';
import { baseURL } from './support/env';
import { linkIn, newestMailTo } from './support/mail';
import { expectHeading, signIn } from './support/session';

test('an owner invites building staff for one building; they join from the mail and land on it', async ({
  page,
  browser,
}) => {
  const email = `vera.door.${Date.now()}@example.test`;
  await signIn(page, 'owner@hostdash.test', { next: '/accounts' });
  await expectHeading(page, 'Team');
  await page.getByRole('link', { name: 'Invite a teammate' }).first().click();
  await expect(page).toHaveURL(/\/accounts\/invite$/);
  const invite = page.getByRole('dialog', { name: /Invite a teammate/ });
  await invite.getByRole('textbox', { name: 'Email' }).fill(email);
  await invite.getByRole('textbox', { name: 'Name' }).fill('Vera Door');
  await invite.getByRole('radio', { name: /^Building staff/ }).check();
  await invite.getByRole('checkbox', { name: 'Chiado Residences' }).check();
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`An invite is on its way to ${email}.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Open invites' })).toContainText(email);

  // The mail arrives as a file once the API's outbox worker has delivered it.
  await expect.poll(() => newestMailTo(email), { message: `a mail to ${email}` }).not.toBeNull();
  const mail = newestMailTo(email) ?? '';
  expect(mail).toContain('Chiado Residences');
  const link = linkIn(mail, '/accept-invite/');
  expect(link, 'the invite link in the mail').not.toBeNull();

  // A browser of their own: nobody is signed in there.
  const context = await browser.newContext({ baseURL });
  const vendor = await context.newPage();
  await vendor.goto(link ?? '');
  await expectHeading(vendor, 'Join Hart Stays as building staff');
  await expect(vendor.getByText(email)).toBeVisible();
  await expect(vendor.getByLabel(/^Your name/)).toHaveValue('Vera Door');
  await vendor.getByLabel(/^Password/).fill('vera-door-2026');
  await vendor.getByLabel(/^Repeat the password/).fill('vera-door-2026');
  await vendor.getByRole('button', { name: 'Join Hart Stays' }).click();
  await expect(vendor).toHaveURL(/\/building\/\d+\/chiado-residences$/);
  await expectHeading(vendor, 'Chiado Residences');
  await context.close();

  await page.reload();
  const people = page.getByRole('table', { name: 'People' });
  const row = people.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Vera Door');
  await expect(row).toContainText('Building staff');
  await expect(row).toContainText('Chiado Residences');
  await expect(page.getByRole('table', { name: 'Open invites' }).getByText(email)).toHaveCount(0);
});
