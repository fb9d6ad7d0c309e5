// The guest's portal over the database (issue 16): the screens switched on for their stay (the
// effective screens of src/guestportal/screens.ts, with the account's words), what they saved on
// each, their photos, and finishing it, which hands the stay to the host for review.
import type { Database, Sql } from '../db/database';
import { ApiError, refusedField } from '../http/errors';
import {
  resolveEffectiveScreens,
  screenTexts,
  type EffectiveScreen,
  type ScreenField,
} from '../guestportal/screens';
import { GUEST_LANGUAGES, negotiateLanguage, type GuestLanguage } from '../i18n/guestLanguages';
import { notifyAccountTeam } from '../notifications/notify';
import { appendLog, GUEST_ACTOR } from '../protect/protectLog';
import { screenReservations } from '../protect/screening';
import {
  changeVerification,
  VERIFICATION_TARGET_COLUMNS,
  type VerificationTarget,
} from '../protect/verification';
import { IMAGE_KINDS, isoSql, type ImageKind } from '../reservations/reservationQueries';
import { releasedMessages } from '../stargate/relay';
import { AddressError, normaliseAddress } from '../tasks/addressNormaliser';
import type { GuestStay } from './guestLinks';
import type { GuestImage, GuestPortal, GuestPortalScreen, ScreenValues } from './guestSchemas';

/** The photos each image field is. */
const IMAGE_FIELDS: ReadonlySet<ScreenField> = new Set<ScreenField>(IMAGE_KINDS);
const isImageField = (field: ScreenField): field is ImageKind => IMAGE_FIELDS.has(field);

/** What the guest's page calls each photo in a refusal. */
const PHOTO_WORDS: Record<ImageKind, string> = {
  id_front: 'the front of your ID',
  id_back: 'the back of your ID',
  selfie: 'your selfie',
};

/** Verifications the guest's finished portal moves to `review`; a host's decision stands. */
const BEFORE_REVIEW = ['pending', 'incomplete'];

export const screenNotFound = (name: string): ApiError =>
  new ApiError(
    404,
    'screen_not_found',
    `This check-in has no “${name.slice(0, 64)}” step. Reload the page to see the steps it has.`,
  );

/** The screens switched on for the stay, in the account's order. */
export async function enabledScreens(sql: Sql, reservationId: string): Promise<EffectiveScreen[]> {
  const resolved = await resolveEffectiveScreens(sql, { kind: 'reservation', reservationId });
  return (resolved?.screens ?? []).filter((screen) => screen.state === 'on');
}

interface ProgressRow {
  screen: string;
  field_values: Record<string, string | boolean>;
  completed_at: string;
}

async function progressOf(sql: Sql, reservationId: string): Promise<Map<string, ProgressRow>> {
  const rows = await sql.query<ProgressRow>(
    `select screen, field_values, ${isoSql('completed_at')} as completed_at
     from guest_screen_progress where reservation_id = $1::bigint`,
    [reservationId],
  );
  return new Map(rows.map((row) => [row.screen, row]));
}

/** The stay's identity images (the guest's uploads, or what the host had before). */
async function imagesOf(sql: Sql, reservationId: string): Promise<GuestImage[]> {
  return sql.query<GuestImage>(
    `select i.kind, b.width, b.height, ${isoSql('i.updated_at')} as "uploadedAt"
     from reservation_images i join identity_blobs b on b.sha256 = i.blob_sha256
     where i.reservation_id = $1::bigint
     order by array_position(array['id_front', 'id_back', 'selfie'], i.kind)`,
    [reservationId],
  );
}

/** How many of the stay's screens are switched on, and how many of those are done. */
export async function portalCounts(
  sql: Sql,
  reservationId: string,
): Promise<{ screensDone: number; screensTotal: number }> {
  const screens = await enabledScreens(sql, reservationId);
  const progress = await progressOf(sql, reservationId);
  return {
    screensDone: screens.filter((screen) => progress.has(screen.name)).length,
    screensTotal: screens.length,
  };
}

/** What the guest answered on one screen, for the host's guest-portal report. */
export interface PortalAnswer {
  screen: string;
  title: string;
  values: Record<string, string | boolean>;
  completed_at: string;
}

/**
 * The guest's answers, screen by screen in the account's order (a screen since switched off keeps
 * its answers, after the others), and when they finished the portal: the guest-portal report's.
 */
export async function portalAnswers(
  sql: Sql,
  reservationId: string,
): Promise<{ answers: PortalAnswer[]; completedAt: string | null }> {
  const resolved = await resolveEffectiveScreens(sql, { kind: 'reservation', reservationId });
  // Each screen's place in the account's order and its title; one no longer there goes last.
  const screens = new Map<string, { index: number; title: string }>(
    (resolved?.screens ?? []).map((screen, index) => [screen.name, { index, title: screen.title }]),
  );
  const order = (name: string) => screens.get(name)?.index ?? screens.size;
  const progress = await progressOf(sql, reservationId);
  const [link] = await sql.query<{ completed_at: string | null }>(
    `select ${isoSql('completed_at')} as completed_at from guest_links where reservation_id = $1::bigint`,
    [reservationId],
  );
  return {
    answers: [...progress.values()]
      .sort((a, b) => order(a.screen) - order(b.screen))
      .map((row) => ({
        screen: row.screen,
        title: screens.get(row.screen)?.title ?? row.screen,
        values: row.field_values,
        completed_at: row.completed_at,
      })),
    completedAt: link?.completed_at ?? null,
  };
}

/** Each language's entry of a text, from a function of the language. */
const byLanguage = <Text>(textOf: (language: GuestLanguage) => Text): Record<GuestLanguage, Text> =>
  Object.fromEntries(GUEST_LANGUAGES.map((language) => [language, textOf(language)])) as Record<
    GuestLanguage,
    Text
  >;

/**
 * Everything the guest's page shows, in their language (their choice, else their browser's
 * `Accept-Language`, else the listing's), with each text in every language for the page's switch.
 */
export async function guestPortal(
  sql: Sql,
  stay: GuestStay,
  acceptLanguage: string | undefined,
): Promise<GuestPortal> {
  const id = stay.reservation_id;
  const listingLanguage = stay.listing_language;
  const language = negotiateLanguage({
    chosen: stay.chosen_language,
    acceptLanguage,
    listingLanguage,
  });
  const progress = await progressOf(sql, id);
  const screens: GuestPortalScreen[] = (await enabledScreens(sql, id)).map((screen) => {
    const texts = byLanguage((lang) => {
      const text = screenTexts(screen, listingLanguage)[lang];
      return { title: text.title, body: text.text };
    });
    return {
      name: screen.name,
      title: texts[language].title,
      body: texts[language].body,
      texts,
      fields: screen.allowed_fields.map((field) => ({
        name: field,
        required: screen.required_fields.includes(field),
      })),
      completedAt: progress.get(screen.name)?.completed_at ?? null,
      values: progress.get(screen.name)?.field_values ?? {},
    };
  });
  const messages = await releasedMessages(sql, id);
  return {
    stay: {
      listingName: stay.listing_name,
      city: stay.city,
      checkIn: stay.check_in,
      checkOut: stay.check_out,
      guestFirstName: stay.guest_first_name,
      hostName: stay.host_name,
    },
    screens,
    images: await imagesOf(sql, id),
    language,
    listingLanguage,
    languageChosen: stay.chosen_language !== null,
    completedAt: stay.completed_at,
    expiresAt: stay.expires_at,
    messages: messages.map((message) => {
      const texts = byLanguage((lang) => {
        const text = message.translations[lang] ?? message;
        return { subject: text.title, body: text.body };
      });
      return {
        id: message.id,
        subject: texts[language].subject,
        body: texts[language].body,
        releasedAt: message.released_at,
        texts,
      };
    }),
  };
}

/** Keeps the guest's choice of language with their link (their mails follow it too). */
export async function chooseLanguage(
  sql: Sql,
  stay: GuestStay,
  language: GuestLanguage,
): Promise<GuestStay> {
  await sql.query('update guest_links set language = $2 where reservation_id = $1::bigint', [
    stay.reservation_id,
    language,
  ]);
  return { ...stay, chosen_language: language };
}

/** The enabled screen of that name, or 404 `screen_not_found` (unknown, or off for this stay). */
export async function enabledScreen(
  sql: Sql,
  reservationId: string,
  name: string,
): Promise<EffectiveScreen> {
  const screen = (await enabledScreens(sql, reservationId)).find((item) => item.name === name);
  if (!screen) throw screenNotFound(name);
  return screen;
}

const filled = (value: string | boolean | undefined): boolean =>
  typeof value === 'boolean' ? value : typeof value === 'string' && value.trim() !== '';

const ADDRESS_FIELDS = ['street', 'city', 'postal_code', 'country'] as const;

/**
 * The address fields as the address normaliser (POST /task/address) tidies them: one line in,
 * components out. The street keeps a flat or floor (`line2`) after a comma; a country it cannot
 * name stays as the guest wrote it.
 */
function normalisedAddress(values: ScreenValues): ScreenValues {
  const given = ADDRESS_FIELDS.filter((field) => filled(values[field]));
  if (given.length === 0) return values;
  const line = [
    values.street,
    [values.postal_code, values.city].filter(Boolean).join(' '),
    values.country,
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  try {
    const { components } = normaliseAddress(line);
    const street = [components.line1, components.line2].filter(Boolean).join(', ');
    return {
      ...values,
      ...(values.street !== undefined ? { street: street || values.street.trim() } : {}),
      ...(values.city !== undefined ? { city: components.city ?? values.city.trim() } : {}),
      ...(values.postal_code !== undefined
        ? { postal_code: components.postal_code ?? values.postal_code.trim() }
        : {}),
      ...(values.country !== undefined
        ? { country: components.country ?? values.country.trim() }
        : {}),
    };
  } catch (error) {
    if (error instanceof AddressError)
      throw refusedField('values.street', 'address', error.message);
    throw error;
  }
}

/**
 * Checks the values against the screen's fields (each one the screen asks for; the required ones
 * filled in; the agreement ticked; the photos uploaded) and tidies them. Refusals name the field
 * as `values.<field>`, in the API's field-error shape.
 */
async function checkedValues(
  sql: Sql,
  reservationId: string,
  screen: EffectiveScreen,
  values: ScreenValues,
): Promise<Record<string, string | boolean>> {
  for (const field of Object.keys(values) as ScreenField[]) {
    if (!screen.allowed_fields.includes(field) || isImageField(field))
      throw refusedField(
        `values.${field}`,
        'allowed',
        `The “${screen.title}” step does not ask for ${field}.`,
      );
  }
  const uploaded = new Set((await imagesOf(sql, reservationId)).map((image) => image.kind));
  for (const field of screen.required_fields) {
    if (isImageField(field)) {
      if (!uploaded.has(field))
        throw refusedField(`values.${field}`, 'required', `Upload ${PHOTO_WORDS[field]} first.`);
    } else if (field === 'accept') {
      if (values.accept !== true)
        throw refusedField('values.accept', 'required', 'Tick the box to accept.');
    } else if (field === 'card') {
      // The hold goes on the card the guest booked with, through the host's booking channel or
      // PMS (which holds that card); here the guest authorises it. No card number is asked.
      if (values.card !== true)
        throw refusedField(
          'values.card',
          'required',
          'Tick the box to authorise the deposit hold on the card you booked with.',
        );
    } else if (!filled(values[field])) {
      throw refusedField(`values.${field}`, 'required', `Fill in “${field.replace('_', ' ')}”.`);
    }
  }
  const tidied = normalisedAddress(values);
  return Object.fromEntries(
    Object.entries(tidied)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [field, typeof value === 'string' ? value.trim() : value]),
  );
}

/**
 * Saves a screen: its values replace what was saved, and the first time it is complete the protect
 * log says so. Nothing is saved when a value is refused.
 */
export async function saveScreen(
  db: Database,
  stay: GuestStay,
  name: string,
  values: ScreenValues,
): Promise<void> {
  const id = stay.reservation_id;
  const screen = await enabledScreen(db, id, name);
  const saved = await checkedValues(db, id, screen, values);
  await db.transaction(async (tx) => {
    const [written] = await tx.query<{ first: boolean }>(
      `insert into guest_screen_progress (reservation_id, screen, field_values)
       values ($1::bigint, $2, $3::jsonb)
       on conflict (reservation_id, screen) do update set
         field_values = excluded.field_values, updated_at = now()
       returning (xmax = 0) as first`,
      [id, screen.name, JSON.stringify(saved)],
    );
    if (written?.first)
      await appendLog(tx, {
        accountId: stay.account_id,
        reservationId: id,
        event: 'screen_completed',
        actor: GUEST_ACTOR,
        details: { screen: screen.name, title: screen.title },
      });
  });
}

/**
 * Finishes the portal: 409 `screens_incomplete` (naming them) while a screen switched on is not
 * done. The first time: the portal's log entry, the verification to `review` (the host's own path:
 * logged, Stargate's hook run), the stay re-screened, and the team told in-app. Again: nothing.
 */
export async function completePortal(
  db: Database,
  stay: GuestStay,
  lockedStay: (tx: Sql) => Promise<GuestStay>,
  shellOrigin: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockedStay(tx);
    if (current.completed_at !== null) return;
    const id = stay.reservation_id;
    const progress = await progressOf(tx, id);
    const missing = (await enabledScreens(tx, id)).filter((screen) => !progress.has(screen.name));
    if (missing.length > 0)
      throw new ApiError(
        409,
        'screens_incomplete',
        `Finish these steps first: ${missing.map((screen) => `“${screen.title}”`).join(', ')}.`,
      );
    await tx.query(
      'update guest_links set completed_at = now() where reservation_id = $1::bigint',
      [id],
    );
    await appendLog(tx, {
      accountId: stay.account_id,
      reservationId: id,
      event: 'portal_completed',
      actor: GUEST_ACTOR,
      details: { screens: [...progress.keys()] },
    });
    const [target] = await tx.query<VerificationTarget>(
      `select ${VERIFICATION_TARGET_COLUMNS}
       from reservations r join listings l on l.id = r.listing_id
       where r.id = $1::bigint for update of r`,
      [id],
    );
    if (!target) throw new Error(`The reservation ${id} of a live guest link is gone.`);
    const trigger = 'guest_portal_completed';
    if (BEFORE_REVIEW.includes(target.from)) {
      await changeVerification(tx, target, {
        to: 'review',
        actor: GUEST_ACTOR,
        supervised: false,
        note: null,
        shellOrigin,
        screeningLog: 'recalculated',
        trigger,
      });
    } else {
      await screenReservations(tx, [id], { log: 'recalculated', actor: GUEST_ACTOR, trigger });
    }
    await notifyAccountTeam(
      tx,
      stay.account_id,
      null,
      {
        title: `${target.guest_name} finished check-in at ${target.nickname}`,
        body: `${target.guest_name} went through the guest portal: their details and photos are ready for your review.`,
        link: `/reservation/${id}`,
      },
      'in_app_on_verification_change',
    );
  });
}
