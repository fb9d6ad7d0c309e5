// The reservations remote on a phone (390 × 844, issue 12): every stay's values on its card with
// nothing to scroll sideways, a verification dialog that starts on the guest's current status with
// nothing ticked, no risk-tolerance action offered to a manager, a form whose labels and values
// are whole, and risk factors as cards.
import { expect, test, type Page } from '@playwright/test';
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

/** Labels and values MUI shortened with an ellipsis, and fields reaching past the phone's edge. */
async function cutOffFields(page: Page, form: string) {
  return page.evaluate((name) => {
    const root = document.querySelector(`form[aria-label="${name}"]`);
    if (!root) return ['no form'];
    const viewport = window.innerWidth;
    const labels = Array.from(root.querySelectorAll('label'))
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => `label "${label.textContent}" cut off`);
    const fields = Array.from(root.querySelectorAll('.MuiInputBase-root'))
      .filter((field) => {
        const box = field.getBoundingClientRect();
        return box.left < -1 || box.right > viewport + 1;
      })
      .map((field) => `field "${field.querySelector('input, textarea')?.id}" past the edge`);
    // A value wider than its box is whole only if the field says it in full below.
    const values = Array.from(root.querySelectorAll<HTMLInputElement>('input:not([type=date])'))
      .filter((input) => input.value && input.scrollWidth > input.clientWidth + 1)
      .filter(
        (input) =>
          !input
            .closest('.MuiFormControl-root')
            ?.querySelector('.MuiFormHelperText-root')
            ?.textContent?.includes(input.value),
      )
      .map((input) => `value "${input.value}" cut off`);
    return [...labels, ...fields, ...values];
  }, form);
}

test('on a phone the reservation form shows every label and value whole', async ({
  page,
  request,
}, testInfo) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<{ items: Summary[] }>(
    request,
    session,
    '/reservation/search?size=1&status=CONFIRMED',
  );
  const stay = items[0]!;

  await signIn(page, 'owner@hostdash.test', { next: '/create-reservation' });
  await expectHeading(page, 'New reservation');
  const form = page.getByRole('form', { name: 'New reservation' });
  for (const label of ['Check-in', 'Check-out', 'Guests', 'Source', 'Status'])
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  expect(await cutOffFields(page, 'New reservation')).toEqual([]);

  await page.goto(`/edit-reservation/${stay.id}`);
  await expectHeading(page, `Edit ${stay.guest_name}'s stay`);
  await expect(
    page.getByRole('form', { name: 'Edit reservation' }).getByLabel('Check-in', { exact: true }),
  ).not.toHaveValue('');
  await testInfo.attach('edit form at 390px', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  expect(await cutOffFields(page, 'Edit reservation')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a phone a reservation’s risk factors read as cards, nothing cut off', async ({
  page,
  request,
}, testInfo) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<{ items: Summary[] }>(
    request,
    session,
    '/reservation/search?size=1&sort=attention&status=CONFIRMED',
  );
  const red = items[0]!;
  const detail = await apiGet<{
    protect: { score: number; factors: Array<{ label: string; points: number }> };
  }>(request, session, `/reservation/get/${red.id}`);
  expect(detail.protect.factors.length).toBeGreaterThan(0);

  await signIn(page, 'owner@hostdash.test', { next: `/reservation/${red.id}` });
  await expectHeading(page, red.guest_name);
  const factors = page.getByRole('list', { name: 'Risk factors' });
  await expect(factors.getByRole('listitem')).toHaveCount(detail.protect.factors.length);
  for (const factor of detail.protect.factors) {
    const card = factors.getByRole('listitem').filter({ hasText: factor.label }).first();
    await expect(card).toBeVisible();
    await expect(card.getByText(`+${factor.points}`, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Risk factors' })).toHaveCount(0);
  await factors.scrollIntoViewIfNeeded();
  await testInfo.attach('risk factors at 390px', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  const overflow = await page.evaluate(() => {
    const list = document.querySelector('ul[aria-label="Risk factors"]');
    const box = list?.getBoundingClientRect();
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      list: box ? box.right - window.innerWidth : 1,
    };
  });
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.list).toBeLessThanOrEqual(0);
});
