// The reservations remote on a phone (390 × 844, issue 12): every stay's values on its card with
// nothing to scroll sideways, a verification dialog that starts on the guest's current status with
// nothing ticked, and no risk-tolerance action offered to a manager.
import { expect, test } from '@playwright/test';
import { apiGet, apiSession } from './support/api';
import { expectHeading, signIn } from './support/session';

test.use({ viewport: { width: 390, height: 844 } });

interface Summary {
  id: string;
  guest_name: string;
  verification_status: string;
}

const VERIFICATION_LABELS: Record<string, string> = {
  pending: 'Pending',
  incomplete: 'Incomplete',
  review: 'In review',
  verified: 'Verified',
  declined: 'Declined',
};

test('on a phone the verification dialog opens on the current status with nothing ticked', async ({
  page,
  request,
}) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const today = new Date().toISOString().slice(0, 10);
  const { items } = await apiGet<{ items: Summary[] }>(
    request,
    session,
    `/reservation/search?size=10&sort=check_in_date:asc&status=CONFIRMED&startDate=${today}`,
  );
  const first = items[0]!;

  await signIn(page, 'owner@hostdash.test', { next: '/reservations' });
  await expectHeading(page, 'Reservations');
  const list = page.getByRole('list', { name: 'Reservations' });
  const card = list.getByRole('listitem').filter({ hasText: first.guest_name }).first();
  await expect(card).toBeVisible();
  for (const label of ['Check-in', 'Source', 'Verification', 'Risk'])
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  // Nothing needs sideways scrolling.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await card.getByRole('button', { name: `Change verification of ${first.guest_name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change verification of ${first.guest_name}` });
  await expect(dialog.getByRole('combobox', { name: 'Verification status' })).toContainText(
    VERIFICATION_LABELS[first.verification_status] ?? first.verification_status,
  );
  await expect(
    dialog.getByRole('checkbox', { name: "I reviewed this guest's documents myself" }),
  ).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a manager is never offered the risk tolerance', async ({ page }) => {
  await signIn(page, 'manager@hostdash.test', { next: '/risks' });
  await expectHeading(page, 'Risks');
  await expect(page.getByRole('list', { name: 'Coming stays by risk' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Risk tolerance' })).toHaveCount(0);
});
