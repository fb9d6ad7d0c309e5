// The guest portal's screens for the host (issue 16, spec sections 2 and 7): the account's screens
// on /guestportal (order, on/off, content), and a listing's or a reservation's own switches, which
// the widget on their pages shows with the effective screens.
//
// Who: the account's screens are /guestportal's, an owner-only page (the access table): the owner
// or account admin, or Hostdash staff for their own account; managers and vendors 403 (DOMAIN.md:
// sub-users have no guest portal). A listing's or a reservation's switches sit on those pages,
// which managers use too, so the owner and managers of the account may read and switch them;
// another account's listing or reservation is 404. Building staff (vendors) are refused all of it
// (403), reading included: no page of theirs shows guest portal settings, as none shows a guest's
// screening.
import type { FastifyRequest } from 'fastify';
import { isAccountOwner, requireUser, type Caller } from '../auth/caller';
import { writeAudit } from '../admin/audit';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { ApiError, forbidden, notFound, refusedField } from '../http/errors';
import { errors, IdParams, ref, SESSION, type Api } from '../http/schemas';
import { findListing, LISTING_NOT_FOUND_MESSAGE } from '../listings/listingQueries';
import {
  findReservationRef,
  RESERVATION_NOT_FOUND_MESSAGE,
  refuseVendor,
} from '../reservations/reservationQueries';
import {
  accountScreens,
  defaultContent,
  isScreenName,
  overrideOf,
  resolveEffectiveScreens,
  sameContent,
  sameFields,
  SCREEN_FIELDS,
  SCREEN_NAMES,
  setAccountContent,
  setAccountOrder,
  setAccountState,
  setAccountTranslation,
  setOverride,
  type AccountScreen,
  type ScreenContent,
  type ScreenName,
  type ScreenTarget,
  type ScreenText,
} from './screens';
import {
  AccountStateQuery,
  ContentBody,
  EffectiveGuestScreensSchema,
  GuestScreenContentSchema,
  GuestScreensSchema,
  OrderBody,
  OverrideStateQuery,
  ScreenNameParams,
  ScreenParams,
  TargetScreenParams,
  TranslationBody,
  TranslationParams,
  TRANSLATED_LANGUAGES,
  type EffectiveGuestScreens,
  type TranslatedLanguage,
  type GuestScreenContent,
  type GuestScreenSummary,
} from './screensSchemas';

const GUEST_PORTAL_TAG = ['guestportal'];
const PREVIEW_LENGTH = 160;

const VENDOR_MESSAGE = 'Building staff do not have access to guest portal settings.';

const ownerOnly = (caller: Caller): ApiError =>
  forbidden(
    `The guest portal is set up by the account owner${caller.account_owner ? `: ask ${caller.account_owner}` : ''}.`,
  );

const screenNotFound = (name: string): ApiError =>
  new ApiError(
    404,
    'screen_not_found',
    `There is no guest portal screen “${name.slice(0, 64)}”. The screens are: ${SCREEN_NAMES.join(', ')}.`,
  );

function screenOf(name: string): ScreenName {
  if (!isScreenName(name)) throw screenNotFound(name);
  return name;
}

/** The owner-level caller of /guestportal's calls, or 401/403. */
async function requireScreensOwner(sql: Sql, request: FastifyRequest): Promise<Caller> {
  const caller = await requireUser(sql, request);
  if (!isAccountOwner(caller)) throw ownerOnly(caller);
  return caller;
}

/** Anyone of the account but building staff: the listing and reservation pages' callers. */
async function requireTeamCaller(sql: Sql, request: FastifyRequest): Promise<Caller> {
  const caller = await requireUser(sql, request);
  refuseVendor(caller, VENDOR_MESSAGE);
  return caller;
}

/** The start of a text as plain words: what the list shows under a screen's title. */
function textPreview(text: string): string {
  const words = text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|\*/g, '')
    .replace(/^\s*- /gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length <= PREVIEW_LENGTH
    ? words
    : `${words.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

function toSummary(screen: AccountScreen): GuestScreenSummary {
  return {
    name: screen.name,
    position: screen.position,
    state: screen.state,
    // At the account level only the account or the default can decide.
    source: screen.source === 'account' ? 'account' : 'default',
    default_state: screen.default_state,
    description: screen.description,
    title: screen.title,
    text_preview: textPreview(screen.text),
    required_fields: screen.required_fields,
    allowed_fields: screen.allowed_fields,
    customised: screen.customised,
    overrides: screen.overrides,
  };
}

async function screensOf(sql: Sql, accountId: string): Promise<{ items: GuestScreenSummary[] }> {
  return { items: (await accountScreens(sql, accountId)).map(toSummary) };
}

async function contentOf(
  sql: Sql,
  accountId: string,
  name: ScreenName,
): Promise<GuestScreenContent> {
  const screen = (await accountScreens(sql, accountId)).find((item) => item.name === name);
  if (!screen) throw new Error(`The screen ${name} is not in the catalogue (migration 0018).`);
  return {
    name,
    description: screen.description,
    state: screen.state,
    title: screen.title,
    text: screen.text,
    required_fields: screen.required_fields,
    allowed_fields: screen.allowed_fields,
    customised: screen.customised,
    default: await defaultContent(sql, name),
    translations: textsBeside(screen.texts.host),
    default_translations: textsBeside(screen.texts.shipped),
  };
}

/** The texts in the languages beside English (English is the content itself). */
const textsBeside = (texts: AccountScreen['texts']['host']): GuestScreenContent['translations'] =>
  Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((language) => {
      const text = texts[language];
      return text ? [[language, text]] : [];
    }),
  );

async function effectiveOf(sql: Sql, target: ScreenTarget): Promise<EffectiveGuestScreens> {
  const resolved = await resolveEffectiveScreens(sql, target);
  // The routes found the target in the caller's scope first.
  if (!resolved?.listing_id) throw new Error(`The ${target.kind} was not found after its check.`);
  return {
    listing_id: resolved.listing_id,
    reservation_id: resolved.reservation_id,
    items: resolved.screens.map(({ name, title, state, source, inherited }) => ({
      name,
      title,
      state,
      source,
      inherited,
    })),
  };
}

/** The listing in the caller's scope (its account), or 404. */
async function scopedListing(
  sql: Sql,
  caller: Caller,
  id: string,
): Promise<{ account_id: string }> {
  const listing = await findListing(sql, caller, id);
  if (!listing) throw notFound(LISTING_NOT_FOUND_MESSAGE);
  return listing;
}

async function scopedReservation(
  sql: Sql,
  caller: Caller,
  id: string,
): Promise<{ account_id: string }> {
  const reservation = await findReservationRef(sql, caller, id);
  if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
  return reservation;
}

const LEVEL_SCOPE = { listing: scopedListing, reservation: scopedReservation } as const;

const SCREENS_ERRORS = errors(401, 403);
const SCREEN_ERRORS = errors(401, 403, 404);

const targetOf = (level: 'listing' | 'reservation', id: string): ScreenTarget =>
  level === 'listing' ? { kind: level, listingId: id } : { kind: level, reservationId: id };

export function registerScreensRoutes(app: Api, { db }: AppContext): void {
  app.get(
    '/guestportal/screens',
    {
      schema: {
        summary: 'The account’s guest portal screens, in order (owner)',
        description:
          'Every screen in the order a guest sees them: on or off for the account (and whether that is the account’s choice or the default), what it asks, its title and the start of its text, and how many listings and reservations not yet checked out have their own setting. The account owner (or account admin) and staff, for their own account; managers and building staff 403.',
        tags: GUEST_PORTAL_TAG,
        security: SESSION,
        response: { 200: ref(GuestScreensSchema), ...SCREENS_ERRORS },
      },
    },
    async (request) => {
      const caller = await requireScreensOwner(db, request);
      return screensOf(db, caller.account_id);
    },
  );

  app.post(
    '/guestportal/screens/order',
    {
      schema: {
        summary: 'Reorder the account’s guest portal screens (owner)',
        description:
          '`order` lists every screen exactly once (400 `invalid_request` otherwise: a screen missing, repeated or unknown). Answers the screens in their new order. The same order again changes nothing.',
        tags: GUEST_PORTAL_TAG,
        security: SESSION,
        body: OrderBody,
        response: { 200: ref(GuestScreensSchema), ...SCREENS_ERRORS },
      },
    },
    async (request) => {
      const caller = await requireScreensOwner(db, request);
      const { order } = request.body;
      await db.transaction(async (tx) => {
        const before = (await accountScreens(tx, caller.account_id)).map((screen) => screen.name);
        if (before.every((name, index) => order[index] === name)) return;
        await setAccountOrder(tx, caller.account_id, order, caller.id);
        await writeAudit(tx, {
          actorUserId: caller.id,
          action: 'guestportal.screens_reordered',
          targetAccountId: caller.account_id,
          detail: { from: before, to: order },
        });
      });
      return screensOf(db, caller.account_id);
    },
  );

  app.post(
    '/guestportal/controlScreen/account/:screen',
    {
      schema: {
        summary: 'Switch a screen on or off for the account (owner)',
        description:
          'For every guest of the account, except where a listing or a reservation has its own setting. Answers the account’s screens. 404 `screen_not_found` for a name that is not a screen.',
        tags: GUEST_PORTAL_TAG,
        security: SESSION,
        params: ScreenParams,
        querystring: AccountStateQuery,
        response: { 200: ref(GuestScreensSchema), ...SCREEN_ERRORS },
      },
    },
    async (request) => {
      const caller = await requireScreensOwner(db, request);
      const screen = screenOf(request.params.screen);
      const { state } = request.query;
      await db.transaction(async (tx) => {
        const current = (await accountScreens(tx, caller.account_id)).find(
          (item) => item.name === screen,
        );
        if (current?.state === state) return;
        await setAccountState(tx, caller.account_id, screen, state, caller.id);
        await writeAudit(tx, {
          actorUserId: caller.id,
          action: 'guestportal.screen_switched',
          targetAccountId: caller.account_id,
          detail: { level: 'account', screen, from: current?.state ?? null, to: state },
        });
      });
      return screensOf(db, caller.account_id);
    },
  );

  app.get(
    '/guestportal/screen/:name',
    {
      schema: {
        summary: 'A screen’s content: title, text and required fields (owner)',
        description:
          'As the account has it (its own, or the default’s), with the fields the screen can ask for and the default content. 404 `screen_not_found` for a name that is not a screen.',
        tags: GUEST_PORTAL_TAG,
        security: SESSION,
        params: ScreenNameParams,
        response: { 200: ref(GuestScreenContentSchema), ...SCREEN_ERRORS },
      },
    },
    async (request) => {
      const caller = await requireScreensOwner(db, request);
      return contentOf(db, caller.account_id, screenOf(request.params.name));
    },
  );

  app.post(
    '/guestportal/screen/:name',
    {
      schema: {
        summary: 'Save a screen’s content (owner)',
        description:
          'The whole content: `title` (1–120 characters), `text` (at most 20 000, in the portal’s Markdown subset) and `required_fields`, which must be among the screen’s `allowed_fields` (400 `invalid_request`, field `required_fields`, rule `allowed`). Saving the default’s own content makes the screen follow the default again. 404 `screen_not_found` for a name that is not a screen.',
        tags: GUEST_PORTAL_TAG,
        security: SESSION,
        params: ScreenNameParams,
        body: ContentBody,
        response: { 200: ref(GuestScreenContentSchema), ...SCREEN_ERRORS },
      },
    },
    async (request) => {
      const caller = await requireScreensOwner(db, request);
      const screen = screenOf(request.params.name);
      const before = await contentOf(db, caller.account_id, screen);
      // Which fields a screen allows depends on the screen in the path: a schema cannot say it.
      const refused = request.body.required_fields.find(
        (field) => !before.allowed_fields.includes(field),
      );
      if (refused)
        throw refusedField(
          'required_fields',
          'allowed',
          `The ${screen} screen does not ask for “${refused}”: it can require ${before.allowed_fields.join(', ')}.`,
        );
      const content: ScreenContent = {
        title: request.body.title.trim(),
        text: request.body.text,
        // In one order (the fields' own), so the same choice always reads and compares the same.
        required_fields: SCREEN_FIELDS.filter((field) =>
          request.body.required_fields.includes(field),
        ),
      };
      if (sameContent(content, before)) return before;
      await db.transaction(async (tx) => {
        await setAccountContent(tx, caller.account_id, screen, content, caller.id);
        await writeAudit(tx, {
          actorUserId: caller.id,
          action: 'guestportal.screen_edited',
          targetAccountId: caller.account_id,
          // Which parts changed, never the text itself (it can be 20 000 characters).
          detail: {
            screen,
            changed: [
              ...(content.title === before.title ? [] : ['title']),
              ...(content.text === before.text ? [] : ['text']),
              ...(sameFields(content.required_fields, before.required_fields)
                ? []
                : ['required_fields']),
            ],
            required_fields: content.required_fields,
          },
        });
      });
      return contentOf(db, caller.account_id, screen);
    },
  );

  // The screen in another language than English: the host's own title and text (null: none).
  const translate = async (
    request: FastifyRequest,
    params: { name: string; language: TranslatedLanguage },
    text: ScreenText | null,
  ): Promise<GuestScreenContent> => {
    const caller = await requireScreensOwner(db, request);
    const screen = screenOf(params.name);
    const { language } = params;
    await db.transaction(async (tx) => {
      await setAccountTranslation(tx, caller.account_id, screen, language, text, caller.id);
      await writeAudit(tx, {
        actorUserId: caller.id,
        action: text ? 'guestportal.screen_translated' : 'guestportal.screen_translation_removed',
        targetAccountId: caller.account_id,
        detail: { screen, language },
      });
    });
    return contentOf(db, caller.account_id, screen);
  };
  const TRANSLATION_SCHEMA = {
    tags: GUEST_PORTAL_TAG,
    security: SESSION,
    params: TranslationParams,
    response: { 200: ref(GuestScreenContentSchema), ...SCREEN_ERRORS },
  };
  app.post(
    '/guestportal/screen/:name/translation/:language',
    {
      schema: {
        summary: 'Save a screen’s title and text in another language (owner)',
        description:
          'For guests reading that language (their choice, their browser’s, or their listing’s `guest_language`); the screen’s fields and which are required stay the content’s. English is the content itself (POST /guestportal/screen/{name}). 404 `screen_not_found` for a name that is not a screen.',
        body: TranslationBody,
        ...TRANSLATION_SCHEMA,
      },
    },
    async (request) =>
      translate(request, request.params, {
        title: request.body.title.trim(),
        text: request.body.text,
      }),
  );

  app.delete(
    '/guestportal/screen/:name/translation/:language',
    {
      schema: {
        summary: 'Remove a screen’s own text in another language (owner)',
        description:
          'Its guests in that language read the account’s text in their listing’s `guest_language` again (or the shipped screen in theirs). Removing one there is not changes nothing. 404 `screen_not_found` for a name that is not a screen.',
        ...TRANSLATION_SCHEMA,
      },
    },
    async (request) => translate(request, request.params, null),
  );

  for (const level of ['listing', 'reservation'] as const) {
    const noun = level === 'listing' ? 'a listing' : 'a reservation';
    const above = level === 'listing' ? 'the account' : 'the listing, then the account';

    app.post(
      `/guestportal/controlScreen/${level}/:id/:screen`,
      {
        schema: {
          summary: `Switch a screen on or off for ${noun}, or let it inherit (owner, managers)`,
          description: `\`state=on|off\` gives ${noun} its own setting, which wins over ${above}; \`inherit\` removes it. Answers the effective screens of ${noun}. The account’s owner and managers, and staff; building staff 403; another account’s ${level} 404 \`not_found\`; a name that is not a screen 404 \`screen_not_found\`.`,
          tags: GUEST_PORTAL_TAG,
          security: SESSION,
          params: TargetScreenParams,
          querystring: OverrideStateQuery,
          response: { 200: ref(EffectiveGuestScreensSchema), ...SCREEN_ERRORS },
        },
      },
      async (request) => {
        const caller = await requireTeamCaller(db, request);
        const screen = screenOf(request.params.screen);
        const { id } = request.params;
        const { account_id: accountId } = await LEVEL_SCOPE[level](db, caller, id);
        const { state } = request.query;
        await db.transaction(async (tx) => {
          const current = await overrideOf(tx, level, id, screen);
          if (current === state) return;
          await setOverride(tx, level, id, screen, state, caller.id);
          await writeAudit(tx, {
            actorUserId: caller.id,
            action: 'guestportal.screen_switched',
            targetAccountId: accountId,
            detail: { level, [`${level}_id`]: id, screen, from: current, to: state },
          });
        });
        return effectiveOf(db, targetOf(level, id));
      },
    );

    app.get(
      `/guestportal/effective/${level}/:id`,
      {
        schema: {
          summary: `The screens a guest of ${noun} goes through, and why (owner, managers)`,
          description: `Every screen in the account’s order with its state, the setting that decided it (\`source\`: the most specific wins, reservation > listing > account > default), what it would be without ${noun}’s own setting (\`inherited\`) and its title: the widget on the ${level} page. The account’s owner and managers, and staff; building staff 403; another account’s ${level} 404.`,
          tags: GUEST_PORTAL_TAG,
          security: SESSION,
          params: IdParams,
          response: { 200: ref(EffectiveGuestScreensSchema), ...SCREEN_ERRORS },
        },
      },
      async (request) => {
        const caller = await requireTeamCaller(db, request);
        const { id } = request.params;
        await LEVEL_SCOPE[level](db, caller, id);
        return effectiveOf(db, targetOf(level, id));
      },
    );
  }
}
