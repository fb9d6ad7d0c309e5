// Guest screening as a host uses it: the risks page, a risky stay reviewed and verified, the
// tolerance moving colours, a report downloaded.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiPost, apiSession, putBackInReview } from './support/api';
import { expectHeading, signIn } from './support/session';

interface Summary {
  id: string;
  guest_name: string;
  verification_status: string;
  risk: { score: number; colour: string };
}

interface Detail extends Summary {
  images: { kind: string; rotation: number; updated_at: string }[];
}

const risksTable = (page: Page) => page.getByRole('table', { name: 'Coming stays by risk' });

test('an owner reviews a red stay from the risks page: rotates an image, verifies the guest with a note, sees it logged', async ({
  page,
  request,
}) => {
  await signIn(page, 'owner@hostdash.test');
  await expectHeading(page, 'Risks');
  await page
    .getByRole('group', { name: 'Filter by risk colour' })
    .getByRole('button', { name: 'Red' })
    .click();
  await page.getByRole('combobox', { name: 'Verification' }).click();
  await page.getByRole('option', { name: 'In review' }).click();
  const firstRow = risksTable(page).getByRole('row').nth(1);
  await expect(firstRow).toContainText('Red');
  const guest = (await firstRow.getByRole('link').first().textContent()) ?? '';
  await firstRow.getByRole('link').first().click();
  await expectHeading(page, guest);
  const reservationId = page.url().split('/').pop() ?? '';

  const session = await apiSession(request, 'owner@hostdash.test');
  try {
    const before = await apiGet<Detail>(request, session, `/reservation/get/${reservationId}`);
    const front = before.images.find((image) => image.kind === 'id_front');
    expect(front).toBeDefined();
    const image = page.getByRole('img', { name: `ID front of ${guest}` });
    const oldSource = await image.getAttribute('src');
    await page.getByRole('button', { name: 'Rotate ID front' }).click();
    await expect(image).not.toHaveAttribute('src', oldSource ?? '');
    const after = await apiGet<Detail>(request, session, `/reservation/get/${reservationId}`);
    expect(after.images.find((candidate) => candidate.kind === 'id_front')?.rotation).toBe(
      ((front?.rotation ?? 0) + 90) % 360,
    );

    await page.getByRole('button', { name: 'Change verification' }).click();
    const dialog = page.getByRole('dialog', { name: `Change verification of ${guest}` });
    await dialog.getByRole('combobox', { name: 'Verification status' }).click();
    await page.getByRole('option', { name: /^Verified/ }).click();
    await dialog
      .getByRole('textbox', { name: 'Note for the protect log' })
      .fill('Passport matches the selfie; called the guest.');
    // Nothing is ticked for the host: verifying is their statement to make.
    await dialog
      .getByRole('checkbox', { name: "I reviewed this guest's documents myself" })
      .check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // Newest first: the change, and the re-screening it caused.
    const log = page.getByRole('table', { name: 'Protect log' });
    const change = log.getByRole('row').filter({ hasText: 'Verification changed' }).first();
    await expect(change).toContainText('In review → Verified');
    await expect(change).toContainText('Passport matches the selfie; called the guest.');
    await expect(change).toContainText('Olivia Hart');
    await expect(change).toContainText('reviewed documents');

    await page.reload();
    await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();
  } finally {
    // The stay goes back to review whatever happened above, for the journeys after this one.
    await putBackInReview(request, session, reservationId);
  }
});

test('changing the risk tolerance moves the colours', async ({ page, request }) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<{ items: Summary[] }>(
    request,
    session,
    '/reservation/search?colour=orange&size=100&sort=risk_score:desc',
  );
  // Orange when balanced (45–64), red when strict (50 and up).
  const stay = items.find((candidate) => candidate.risk.score >= 50 && candidate.risk.score < 65);
  expect(stay, 'the demo data has an orange stay scoring 50 to 64').toBeDefined();

  await signIn(page, 'owner@hostdash.test', { next: `/reservation/${stay?.id}` });
  await expect(page.getByText(`Orange · ${stay?.risk.score}`).first()).toBeVisible();

  try {
    await page.goto('/protect');
    await expectHeading(page, 'Protect');
    const choices = page.getByRole('radiogroup', { name: 'Risk tolerance' });
    await choices.getByRole('radio', { name: 'Strict' }).click();
    // It asks first, with how many more stays will need attention.
    const confirm = page.getByRole('dialog', { name: 'Change the risk tolerance to Strict?' });
    await expect(confirm).toContainText(/\d+ more stays? will need attention/);
    await confirm.getByRole('button', { name: 'Change to Strict' }).click();
    await expect(confirm).toBeHidden();
    await expect(choices.getByRole('radio', { name: 'Strict' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('table', { name: 'Account protect log' })).toContainText(
      'Risk tolerance changed',
    );

    await page.goto(`/reservation/${stay?.id}`);
    await expect(page.getByText(`Red · ${stay?.risk.score}`).first()).toBeVisible();
  } finally {
    await apiPost(request, session, '/protect/actions/setRiskTolerance?risk=balanced');
  }
});

test('a host downloads a reservation report and returns to it', async ({ page, request }) => {
  const session = await apiSession(request, 'owner@hostdash.test');
  const { items } = await apiGet<{ items: Summary[] }>(
    request,
    session,
    '/reservation/search?size=20',
  );
  const stay = items[0]!;
  await signIn(page, 'owner@hostdash.test', { next: `/reservation/${stay.id}` });
  await expectHeading(page, stay.guest_name);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF: Screening report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await readFile((await download.path()) ?? '');
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page).toHaveURL(new RegExp(`/reservation/${stay.id}$`));
});
