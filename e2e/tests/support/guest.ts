// A guest going through the check-in portal as a person would (issue 16): each screen filled in
// from the fields it asks for, photos made here as JPEGs (nobody's real ID or face).
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { components } from '@hostdash/api-contract';

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

/** Fills in one screen as a guest would, from the fields the screen asks for. */
export async function fillScreen(
  page: Page,
  screen: GuestPortal['screens'][number],
): Promise<void> {
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
