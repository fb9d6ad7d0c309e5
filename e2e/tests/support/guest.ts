// A guest going through the check-in portal as a person would (issue 16): each screen filled in
// from the fields it asks for, photos made here as JPEGs (nobody's real ID or face).
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { components } from '@hostdash/api-contract';
import { tabTo, type KeyboardUser } from './keyboard';

type GuestPortal = components['schemas']['GuestPortal'];

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

const COLOURS = {
  id_front: { r: 30, g: 90, b: 200 },
  id_back: { r: 120, g: 60, b: 190 },
  selfie: { r: 210, g: 160, b: 120 },
};

/** What the guest types into each text field, by the field's label. */
const TEXT_ANSWERS: Record<string, { label: string; value: string }> = {
  email: { label: 'Email', value: 'ana.guest@example.com' },
  phone: { label: 'Phone number', value: '+351 912 345 678' },
  street: { label: 'Street and number', value: 'Rua Augusta 100' },
  city: { label: 'City', value: 'Lisboa' },
  postal_code: { label: 'Postal code', value: '1100-053' },
  country: { label: 'Country', value: 'Portugal' },
  signature: { label: 'Type your full name to sign', value: 'Ana Guest' },
  arrival_time: { label: 'Arrival time', value: '15:30' },
  arrival_note: { label: 'Anything your host should know?', value: 'By train' },
};

type Answer =
  | { kind: 'photo'; field: Locator; label: string; file: () => Promise<FilePayload> }
  | { kind: 'text'; field: Locator; value: string }
  | { kind: 'check'; field: Locator };

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** A screen field: where it is on the page, and the guest's answer to it. */
function answerOf(page: Page, name: string, required: boolean): Answer {
  const optional = required ? '' : ' (optional)';
  if (name in PHOTO_LABELS) {
    const label = PHOTO_LABELS[name]!;
    return {
      kind: 'photo',
      field: page.getByLabel(label, { exact: true }),
      label,
      file: async () => ({
        name: `${name}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await jpeg(COLOURS[name as keyof typeof COLOURS]),
      }),
    };
  }
  if (name === 'accept')
    return {
      kind: 'check',
      field: page.getByRole('checkbox', { name: `I have read and accept this${optional}` }),
    };
  const text = TEXT_ANSWERS[name];
  if (!text) throw new Error(`This journey does not know how to fill in ${name}`);
  return {
    kind: 'text',
    field:
      name === 'email'
        ? page.getByRole('textbox', { name: `${text.label}${optional}` })
        : page.getByLabel(`${text.label}${optional}`),
    value: text.value,
  };
}

/** Sends a photo as the portal does, as soon as it is chosen, and sees it shown back. */
async function sendPhoto(
  page: Page,
  name: string,
  answer: Extract<Answer, { kind: 'photo' }>,
  choose: (file: FilePayload) => Promise<void>,
): Promise<void> {
  // Sent as soon as it is taken; the API keeps it (a demo stay may show a sample before).
  const uploaded = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/api/guest/portal/image/${name}`,
  );
  await choose(await answer.file());
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('img', { name: `${answer.label}, as sent` })).toBeVisible();
}

/** Fills in one screen as a guest would, from the fields the screen asks for. */
export async function fillScreen(
  page: Page,
  screen: GuestPortal['screens'][number],
): Promise<void> {
  for (const { name, required } of screen.fields) {
    const answer = answerOf(page, name, required);
    if (answer.kind === 'photo')
      await sendPhoto(page, name, answer, (file) => answer.field.setInputFiles(file));
    else if (answer.kind === 'check') await answer.field.check();
    else await answer.field.fill(answer.value);
  }
}

/**
 * The same with the keyboard alone: Tab to each field, type, Space to tick, and Space on a photo
 * field opens the camera or the files (here, the browser's file chooser).
 */
export async function fillScreenByKeyboard(
  user: KeyboardUser,
  screen: GuestPortal['screens'][number],
): Promise<void> {
  const { page } = user;
  for (const { name, required } of screen.fields) {
    const answer = answerOf(page, name, required);
    await tabTo(user, answer.field);
    if (answer.kind === 'photo')
      await sendPhoto(page, name, answer, async (file) => {
        const chooser = page.waitForEvent('filechooser');
        await page.keyboard.press('Space');
        await (await chooser).setFiles(file);
      });
    else if (answer.kind === 'check') {
      await page.keyboard.press('Space');
      await expect(answer.field).toBeChecked();
    } else {
      // A time field takes its digits (hours, then minutes); the rest take the text as typed.
      await page.keyboard.type(
        name === 'arrival_time' ? answer.value.replace(':', '') : answer.value,
      );
      await expect(answer.field).toHaveValue(answer.value);
    }
  }
}
