// A guest going through the check-in portal as a person would (issue 16): each screen filled in
// from the fields it asks for, photos made here as JPEGs (nobody's real ID or face). In any of the
// page's languages (issue 34): the labels are read from that language's messages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { components } from '@hostdash/api-contract';
import { apiGet } from './api';
import { apiURL } from './env';
import { tabTo, type KeyboardUser } from './keyboard';

type GuestPortal = components['schemas']['GuestPortal'];
type GuestLink = components['schemas']['GuestLink'];

/** The token of a stay's check-in link, as its host reads the link (`session` is the host's). */
export async function tokenOf(
  request: APIRequestContext,
  session: string,
  stayId: string,
): Promise<string> {
  const link = await apiGet<GuestLink>(request, session, `/guestportal/link/${stayId}`);
  return /\/guest\/([A-Za-z0-9_-]{43})$/.exec(link.url)![1]!;
}

/** The portal as the guest holding `token` gets it, in `language` if given (Accept-Language). */
export async function portalOf(
  request: APIRequestContext,
  token: string,
  language?: string,
): Promise<GuestPortal> {
  const response = await request.get(`${apiURL}/guest/portal`, {
    headers: { 'x-guest-token': token, ...(language ? { 'accept-language': language } : {}) },
  });
  return (await response.json()) as GuestPortal;
}

/** A JPEG the size of a phone's photo, made here (nobody's real ID or face). */
function jpeg(background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export type GuestLanguage = GuestPortal['language'];
export const GUEST_LANGUAGES: GuestLanguage[] = ['en', 'es', 'fr', 'de', 'pt', 'it'];

/** A language's words of the guest page, as its messages say them (`{label}` filled in). */
export type GuestWords = (id: string, values?: Record<string, string>) => string;

export function guestWords(language: GuestLanguage): GuestWords {
  const messages = JSON.parse(
    readFileSync(
      join(__dirname, '../../../mfe-guestportal/src/guest/i18n/messages', `${language}.json`),
      'utf8',
    ),
  ) as Record<string, string>;
  return (id, values = {}) => {
    const message = messages[id];
    if (message === undefined) throw new Error(`The guest page has no message ${id}`);
    return message.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? `{${name}}`);
  };
}

const ENGLISH = guestWords('en');

const PHOTO_FIELDS = ['id_front', 'id_back', 'selfie'];

const COLOURS = {
  id_front: { r: 30, g: 90, b: 200 },
  id_back: { r: 120, g: 60, b: 190 },
  selfie: { r: 210, g: 160, b: 120 },
};

/** What the guest types into each text field. */
const TEXT_ANSWERS: Record<string, string> = {
  email: 'ana.guest@example.com',
  phone: '+351 912 345 678',
  street: 'Rua Augusta 100',
  city: 'Lisboa',
  postal_code: '1100-053',
  country: 'Portugal',
  signature: 'Ana Guest',
  arrival_time: '15:30',
  arrival_note: 'By train',
};

type Answer =
  | { kind: 'photo'; field: Locator; label: string; file: () => Promise<FilePayload> }
  | { kind: 'text'; field: Locator; value: string }
  | { kind: 'check'; field: Locator };

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** A screen field: where it is on the page, and the guest's answer to it. */
function answerOf(page: Page, name: string, required: boolean, words: GuestWords): Answer {
  const labelled = (label: string) => (required ? label : words('field.optional', { label }));
  if (PHOTO_FIELDS.includes(name)) {
    const label = words(`photo.${name}`);
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
      field: page.getByRole('checkbox', { name: labelled(words('field.accept')) }),
    };
  const value = TEXT_ANSWERS[name];
  if (value === undefined) throw new Error(`This journey does not know how to fill in ${name}`);
  const label = labelled(words(`field.${name}`));
  return {
    kind: 'text',
    field:
      name === 'email'
        ? page.getByRole('textbox', { name: label })
        : page.getByLabel(label, { exact: true }),
    value,
  };
}

/** Sends a photo as the portal does, as soon as it is chosen, and sees it shown back. */
async function sendPhoto(
  page: Page,
  name: string,
  answer: Extract<Answer, { kind: 'photo' }>,
  choose: (file: FilePayload) => Promise<void>,
  words: GuestWords,
): Promise<void> {
  // Sent as soon as it is taken; the API keeps it (a demo stay may show a sample before).
  const uploaded = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/api/guest/portal/image/${name}`,
  );
  await choose(await answer.file());
  expect((await uploaded).status()).toBe(200);
  await expect(
    page.getByRole('img', { name: words('photo.asSent', { label: answer.label }) }),
  ).toBeVisible();
}

/** Fills in one screen as a guest would, from the fields the screen asks for. */
export async function fillScreen(
  page: Page,
  screen: GuestPortal['screens'][number],
  words: GuestWords = ENGLISH,
): Promise<void> {
  for (const { name, required } of screen.fields) {
    const answer = answerOf(page, name, required, words);
    if (answer.kind === 'photo')
      await sendPhoto(page, name, answer, (file) => answer.field.setInputFiles(file), words);
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
    const answer = answerOf(page, name, required, ENGLISH);
    // A wait for the file chooser turns on Playwright's interception of it, which reaches the
    // browser on its own time: begun just before the Space, it came after it on a loaded machine,
    // the chooser never arrived and the journey waited out its limit. Begun before the Tabs, it is
    // on by then. (A wait that is never used ends with the page, unheard.)
    const chooser = answer.kind === 'photo' ? page.waitForEvent('filechooser') : undefined;
    chooser?.catch(() => undefined);
    await tabTo(user, answer.field);
    if (answer.kind === 'photo')
      await sendPhoto(
        page,
        name,
        answer,
        async (file) => {
          await page.keyboard.press('Space');
          await (await chooser!).setFiles(file);
        },
        ENGLISH,
      );
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
