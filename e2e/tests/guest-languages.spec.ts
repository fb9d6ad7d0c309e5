// The guest's language (issue 34), as guests and a host live it: a guest whose browser says de-DE
// checks in in German and switches to Portuguese half-way, keeping what they wrote; a listing
// whose guests' language is Spanish shows Spanish to a guest whose language the page lacks; the
// host writes the house rules in French in the screen editor and a French guest reads them; and
// the whole check-in in each of the six languages. Everything it changed is put back at the end.
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { components } from '@hostdash/api-contract';
import { apiGet, apiPost, apiSession, putBackInReview } from './support/api';
import { apiURL } from './support/env';
import {
  fillScreen,
  GUEST_LANGUAGES,
  guestWords,
  portalOf,
  tokenOf,
  type GuestLanguage,
} from './support/guest';
import { expectHeading, signIn } from './support/session';

type Reservation = components['schemas']['Reservation'];
type Listing = components['schemas']['Listing'];

const PHONE = { width: 390, height: 844 };

/** Upcoming stays whose guest is still to check, past the ones the other guest journeys take. */
async function freeStays(request: APIRequestContext, session: string): Promise<Reservation[]> {
  const today = new Date().toISOString().slice(0, 10);
  const { items } = await apiGet<{ items: { id: string }[] }>(
    request,
    session,
    `/reservation/search?size=60&sort=check_in_date:asc&status=CONFIRMED&startDate=${today}`,
  );
  const stays: Reservation[] = [];
  for (const { id } of items.slice(15)) {
    const stay = await apiGet<Reservation>(request, session, `/reservation/get/${id}`);
    if (['pending', 'incomplete'].includes(stay.protect.verification_status)) stays.push(stay);
  }
  return stays;
}

/** Each free stay once, on listings that differ from the ones already taken. */
function taker(stays: Reservation[]) {
  const listings = new Set<string>();
  return () => {
    const stay = stays.find((candidate) => !listings.has(candidate.listing_id));
    if (!stay) throw new Error('No more free demo stays on other listings');
    listings.add(stay.listing_id);
    return stay;
  };
}

async function setListingLanguage(
  request: APIRequestContext,
  session: string,
  listingId: string,
  language: GuestLanguage,
) {
  const listing = await apiGet<Listing>(request, session, `/listing/get/${listingId}`);
  await apiPost(request, session, `/listing/update/${listingId}`, {
    version: listing.version,
    guest_language: language,
  });
}

/** A guest's phone in a browser speaking `locale`. */
async function guestPhone(browser: Browser, locale: string) {
  const context = await browser.newContext({ viewport: PHONE, locale });
  return { context, page: await context.newPage() };
}

let session: string;
let take: () => Reservation;
const touched: Reservation[] = [];

test.beforeAll(async ({ request }) => {
  session = await apiSession(request, 'owner@hostdash.test');
  take = taker(await freeStays(request, session));
});

test.afterAll(async ({ request }) => {
  for (const stay of touched) {
    await setListingLanguage(request, session, stay.listing_id, 'en');
    await putBackInReview(request, session, stay.id).catch(() => undefined);
  }
});

test('a German browser checks in in German, switches to Portuguese half-way, keeps the answers', async ({
  browser,
  request,
}, testInfo) => {
  const stay = take();
  touched.push(stay);
  const token = await tokenOf(request, session, stay.id);
  const portal = await portalOf(request, token, 'de-DE');
  const de = guestWords('de');
  const pt = guestWords('pt');
  const { context, page } = await guestPhone(browser, 'de-DE');

  await page.goto(`/guest/${token}`);
  await expectHeading(page, /^Willkommen/);
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await page.screenshot({ path: testInfo.outputPath('guest-de-390.png'), fullPage: true });
  await page.getByRole('button', { name: de('action.start') }).click();

  const half = Math.ceil(portal.screens.length / 2);
  for (const [index, screen] of portal.screens.entries()) {
    const words = index < half ? de : pt;
    const language = index < half ? 'de' : 'pt';
    await expectHeading(page, screen.texts[language].title);
    if (index === half - 1) {
      // Half-way: this step's answers written in German, then the switch.
      await fillScreen(page, screen, de);
      const typed = () =>
        page
          .locator('form input:not([type=file]), form textarea')
          .evaluateAll((inputs) =>
            inputs.map((input) =>
              input instanceof HTMLInputElement && input.type === 'checkbox'
                ? String(input.checked)
                : (input as HTMLInputElement).value,
            ),
          );
      const before = await typed();
      await page.getByRole('combobox', { name: 'Sprache' }).selectOption('pt');
      await expectHeading(page, screen.texts.pt.title);
      expect(await typed()).toEqual(before);
    } else {
      await fillScreen(page, screen, words);
    }
    const last = index === portal.screens.length - 1;
    await page
      .getByRole('button', {
        // From the step where the guest switched, the page speaks Portuguese.
        name: (index >= half - 1 ? pt : de)(last ? 'action.finish' : 'action.continue'),
      })
      .click();
  }
  await expectHeading(page, pt('done.title'));

  // Opened again: still Portuguese, and everything the guest wrote is saved.
  await page.reload();
  await expectHeading(page, pt('done.title'));
  const saved = await portalOf(request, token, 'de-DE');
  expect(saved.completedAt).not.toBeNull();
  expect(saved.screens.every((screen) => screen.completedAt !== null)).toBe(true);
  await context.close();
});

test('a listing whose guests read Spanish shows Spanish to a guest whose language it lacks', async ({
  browser,
  request,
}) => {
  const stay = take();
  touched.push(stay);
  await setListingLanguage(request, session, stay.listing_id, 'es');
  const token = await tokenOf(request, session, stay.id);
  const es = guestWords('es');
  const { context, page } = await guestPhone(browser, 'ja-JP');
  await page.goto(`/guest/${token}`);
  await expectHeading(page, /^¡Hola|^¡Te damos/);
  await expect(page.getByRole('combobox', { name: es('language.label') })).toHaveValue('es');
  await page.getByRole('button', { name: es('action.start') }).click();
  const portal = await portalOf(request, token, 'ja-JP');
  await expectHeading(page, portal.screens[0]!.texts.es.title);
  await context.close();
});

test('the host writes the house rules in French; a French guest reads them', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const stay = take();
  touched.push(stay);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'owner@hostdash.test', { next: '/guestportal/screen/house_rules' });
  await expectHeading(page, 'House rules');
  await page.getByRole('tab', { name: /^French/ }).click();
  const form = page.getByRole('form', { name: 'Screen content in French' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Les règles de la maison');
  await form
    .getByRole('textbox', { name: 'Text' })
    .fill('Merci de respecter le voisinage.\n\n- **Pas de fête**\n- Silence après 22 h');
  const preview = page.getByRole('region', { name: 'Preview at phone size' });
  await expect(preview.getByRole('heading', { name: 'Les règles de la maison' })).toBeVisible();
  await expect(preview.getByRole('checkbox', { name: 'J’ai lu et j’accepte' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('screen-editor-1366.png') });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/House rules in French saved/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'French', exact: true })).toBeVisible();

  try {
    const token = await tokenOf(request, session, stay.id);
    const portal = await portalOf(request, token, 'fr-FR');
    const fr = guestWords('fr');
    const { context, page: guest } = await guestPhone(browser, 'fr-FR');
    await guest.goto(`/guest/${token}`);
    await guest.getByRole('button', { name: fr('action.start') }).click();
    for (const screen of portal.screens) {
      if (screen.name === 'house_rules') break;
      await expectHeading(guest, screen.texts.fr.title);
      await fillScreen(guest, screen, fr);
      await guest.getByRole('button', { name: fr('action.continue') }).click();
    }
    await expectHeading(guest, 'Les règles de la maison');
    await expect(guest.locator('strong', { hasText: 'Pas de fête' })).toBeVisible();
    await expect(guest.getByText('Silence après 22 h')).toBeVisible();
    await context.close();
  } finally {
    const response = await request.delete(
      `${apiURL}/guestportal/screen/house_rules/translation/fr`,
      { headers: { authorization: session } },
    );
    expect(response.ok()).toBeTruthy();
  }
});

for (const language of GUEST_LANGUAGES)
  test(`the guest journey in ${language}`, async ({ browser, request }) => {
    const stay = take();
    touched.push(stay);
    const words = guestWords(language);
    const token = await tokenOf(request, session, stay.id);
    const portal = await portalOf(request, token, language);
    expect(portal.language).toBe(language);
    const { context, page } = await guestPhone(browser, language);
    await page.goto(`/guest/${token}`);
    await page.getByRole('button', { name: words('action.start') }).click();
    for (const [index, screen] of portal.screens.entries()) {
      await expectHeading(page, screen.texts[language].title);
      await fillScreen(page, screen, words);
      const last = index === portal.screens.length - 1;
      await page
        .getByRole('button', { name: words(last ? 'action.finish' : 'action.continue') })
        .click();
    }
    await expectHeading(page, words('done.title'));
    await context.close();
  });
