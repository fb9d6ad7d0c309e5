// The guest portal's screens (issue 16, migration 0018): which pages a guest goes through before
// arrival, in what order and with what words. A screen is switched on or off for the account, a
// listing or a reservation, and the most specific setting wins: reservation > listing > account >
// the screen's default. `resolveEffectiveScreens` is the one place that rule is written; the host's
// pages (screensRoutes.ts) and the guest-facing portal both read screens through it.
import type { Sql } from '../db/database';
import { GUEST_LANGUAGES, type GuestLanguage, type Translations } from '../i18n/guestLanguages';

/** Every screen, in the default order (the catalogue table `guest_portal_screens` has the same). */
export const SCREEN_NAMES = [
  'contact',
  'id_upload',
  'selfie',
  'address',
  'house_rules',
  'usage_agreement',
  'arrival_time',
  'security_deposit',
] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

/** What a screen can ask the guest for; each screen allows a few of them (`allowed_fields`). */
export const SCREEN_FIELDS = [
  'email',
  'phone',
  'id_front',
  'id_back',
  'selfie',
  'street',
  'city',
  'postal_code',
  'country',
  'accept',
  'signature',
  'arrival_time',
  'arrival_note',
  'card',
] as const;
export type ScreenField = (typeof SCREEN_FIELDS)[number];

export const SCREEN_STATES = ['on', 'off'] as const;
export type ScreenState = (typeof SCREEN_STATES)[number];

/** A listing's or a reservation's own setting; `inherit` removes it. */
export const OVERRIDE_STATES = ['on', 'off', 'inherit'] as const;
export type OverrideState = (typeof OVERRIDE_STATES)[number];

/** Where a screen's state comes from, most specific first. */
export const SCREEN_SOURCES = ['reservation', 'listing', 'account', 'default'] as const;
export type ScreenSource = (typeof SCREEN_SOURCES)[number];

export const isScreenName = (name: string): name is ScreenName =>
  (SCREEN_NAMES as readonly string[]).includes(name);

/** What the guest reads on a screen, and which of its fields they must fill in. */
export interface ScreenContent {
  title: string;
  /** The portal's Markdown subset (screensSchemas.ts says which). */
  text: string;
  required_fields: ScreenField[];
}

/** A screen's words in one language. */
export interface ScreenText {
  title: string;
  text: string;
}

export interface EffectiveScreen extends ScreenContent {
  name: ScreenName;
  state: ScreenState;
  source: ScreenSource;
  /** What the screen would be without the target's own setting (the level below it). */
  inherited: { state: ScreenState; source: ScreenSource };
  /** The fields the screen can show; `required_fields` is a subset. */
  allowed_fields: ScreenField[];
  /** For the host: what the screen asks the guest. */
  description: string;
  /** Its words by language: the host's own (English: the content above when customised), and the
   * shipped screen's. `screenTextIn` picks the guest's. */
  texts: { host: Translations<ScreenText>; shipped: Translations<ScreenText> };
}

export type ScreenTarget =
  | { kind: 'account'; accountId: string }
  | { kind: 'listing'; listingId: string }
  | { kind: 'reservation'; reservationId: string };

export interface EffectiveScreens {
  account_id: string;
  listing_id: string | null;
  reservation_id: string | null;
  /** Every screen in the account's order, those switched off included (with why). */
  screens: EffectiveScreen[];
}

/** One screen of a target with each level's setting, as the query reads them (null: not set). */
interface LevelRow {
  name: ScreenName;
  description: string;
  allowed_fields: ScreenField[];
  default_enabled: boolean;
  default_title: string;
  default_text: string;
  default_required: ScreenField[];
  default_translations: Translations<ScreenText>;
  account_translations: Translations<ScreenText> | null;
  account_enabled: boolean | null;
  account_title: string | null;
  account_text: string | null;
  account_required: ScreenField[] | null;
  listing_enabled: boolean | null;
  reservation_enabled: boolean | null;
  account_id: string;
  listing_id: string | null;
  reservation_id: string | null;
}

/** The account, listing and reservation a target names (one row; none when it does not exist). */
const TARGET_SQL: Record<ScreenTarget['kind'], string> = {
  account: `select id as account_id, null::bigint as listing_id, null::bigint as reservation_id
            from accounts where id = $1::bigint`,
  listing: `select account_id, id as listing_id, null::bigint as reservation_id
            from listings where id = $1::bigint`,
  reservation: `select account_id, listing_id, id as reservation_id
                from reservations where id = $1::bigint`,
};

const targetId = (target: ScreenTarget): string =>
  target.kind === 'account'
    ? target.accountId
    : target.kind === 'listing'
      ? target.listingId
      : target.reservationId;

async function levelRows(sql: Sql, target: ScreenTarget): Promise<LevelRow[]> {
  return sql.query<LevelRow>(
    `with target as (${TARGET_SQL[target.kind]})
     select c.name, c.description, array_to_json(c.allowed_fields) as allowed_fields,
            c.enabled_by_default as default_enabled, c.title as default_title, c.body as default_text,
            array_to_json(c.required_fields) as default_required,
            c.translations as default_translations, a.translations as account_translations,
            a.enabled as account_enabled, a.title as account_title, a.body as account_text,
            array_to_json(a.required_fields) as account_required,
            ls.enabled as listing_enabled, rs.enabled as reservation_enabled,
            t.account_id::text as account_id, t.listing_id::text as listing_id,
            t.reservation_id::text as reservation_id
     from target t
     cross join guest_portal_screens c
     left join account_guest_screens a on a.account_id = t.account_id and a.screen = c.name
     left join listing_guest_screens ls on ls.listing_id = t.listing_id and ls.screen = c.name
     left join reservation_guest_screens rs on rs.reservation_id = t.reservation_id and rs.screen = c.name
     order by coalesce(a.position, c.position), c.position`,
    [targetId(target)],
  );
}

const stateOf = (enabled: boolean): ScreenState => (enabled ? 'on' : 'off');

/** The first level that has a setting, most specific first; the default always has one. */
function firstSet(
  levels: ReadonlyArray<readonly [ScreenSource, boolean | null]>,
  fallback: boolean,
): { state: ScreenState; source: ScreenSource } {
  for (const [source, enabled] of levels)
    if (enabled !== null) return { state: stateOf(enabled), source };
  return { state: stateOf(fallback), source: 'default' };
}

/** The account's content of a screen, or the default's (the columns are saved together). */
function contentOf(row: LevelRow): ScreenContent {
  if (row.account_title !== null && row.account_text !== null && row.account_required !== null)
    return {
      title: row.account_title,
      text: row.account_text,
      required_fields: row.account_required,
    };
  return {
    title: row.default_title,
    text: row.default_text,
    required_fields: row.default_required,
  };
}

/** The levels that can set a target's screens, its own first. */
const LEVELS: Record<ScreenTarget['kind'], ReadonlyArray<Exclude<ScreenSource, 'default'>>> = {
  reservation: ['reservation', 'listing', 'account'],
  listing: ['listing', 'account'],
  account: ['account'],
};

function textsOf(row: LevelRow): EffectiveScreen['texts'] {
  const customised = row.account_title !== null && row.account_text !== null;
  return {
    host: {
      ...row.account_translations,
      ...(customised
        ? { en: { title: row.account_title ?? '', text: row.account_text ?? '' } }
        : {}),
    },
    shipped: {
      ...row.default_translations,
      en: { title: row.default_title, text: row.default_text },
    },
  };
}

/**
 * A screen's words for a guest reading `language` at a listing whose guests' default is
 * `listingLanguage`: the host's in that language, else the host's in the listing's language, else
 * the shipped screen's in the guest's language, else in the listing's (never an empty screen).
 */
export function screenTextIn(
  screen: Pick<EffectiveScreen, 'texts' | 'title' | 'text'>,
  language: GuestLanguage,
  listingLanguage: GuestLanguage,
): ScreenText {
  const { host, shipped } = screen.texts;
  return (
    host[language] ??
    host[listingLanguage] ??
    shipped[language] ??
    shipped[listingLanguage] ?? { title: screen.title, text: screen.text }
  );
}

/** The screen's words in every language a guest can read, each chosen as `screenTextIn` says. */
export const screenTexts = (
  screen: Pick<EffectiveScreen, 'texts' | 'title' | 'text'>,
  listingLanguage: GuestLanguage,
): Record<GuestLanguage, ScreenText> =>
  Object.fromEntries(
    GUEST_LANGUAGES.map((language) => [language, screenTextIn(screen, language, listingLanguage)]),
  ) as Record<GuestLanguage, ScreenText>;

function toEffective(row: LevelRow, kind: ScreenTarget['kind']): EffectiveScreen {
  const setting = {
    reservation: row.reservation_enabled,
    listing: row.listing_enabled,
    account: row.account_enabled,
  };
  const [own = kind, ...below] = LEVELS[kind];
  const inherited = firstSet(
    below.map((source) => [source, setting[source]] as const),
    row.default_enabled,
  );
  const ownSetting = setting[own];
  return {
    name: row.name,
    ...(ownSetting === null ? inherited : { state: stateOf(ownSetting), source: own }),
    inherited,
    ...contentOf(row),
    allowed_fields: row.allowed_fields,
    description: row.description,
    texts: textsOf(row),
  };
}

/**
 * The screens a guest of `target` goes through: every screen in the account's order with its
 * state (on/off), where that comes from (reservation > listing > account > default), what it would
 * be without the target's own setting, and the account's content. Null when the target does not
 * exist. It does not check who asks: callers scope the target first (the routes by the caller,
 * the guest portal by the guest's link).
 */
export async function resolveEffectiveScreens(
  sql: Sql,
  target: ScreenTarget,
): Promise<EffectiveScreens | null> {
  const rows = await levelRows(sql, target);
  const first = rows[0];
  if (!first) return null;
  return {
    account_id: first.account_id,
    listing_id: first.listing_id,
    reservation_id: first.reservation_id,
    screens: rows.map((row) => toEffective(row, target.kind)),
  };
}

// ---------------------------------------------------------------------------------------------
// The account's screens as /guestportal lists them, and the changes the host makes.

export interface AccountScreen extends EffectiveScreen {
  /** 1 = the first screen a guest sees. */
  position: number;
  default_state: ScreenState;
  /** The account wrote its own title, text or required fields (else: the default's). */
  customised: boolean;
  /** Listings, and reservations not yet checked out, with their own setting for this screen. */
  overrides: { listings: number; reservations: number };
}

/** The account's screens in its order, with how many listings and stays override each. */
export async function accountScreens(sql: Sql, accountId: string): Promise<AccountScreen[]> {
  const rows = await levelRows(sql, { kind: 'account', accountId });
  const counts = await sql.query<{ screen: ScreenName; listings: number; reservations: number }>(
    `select c.name as screen,
            (select count(*)::int from listing_guest_screens s join listings l on l.id = s.listing_id
             where s.screen = c.name and l.account_id = $1::bigint) as listings,
            (select count(*)::int from reservation_guest_screens s
             join reservations r on r.id = s.reservation_id
             where s.screen = c.name and r.account_id = $1::bigint
               and r.check_out_date >= current_date) as reservations
     from guest_portal_screens c`,
    [accountId],
  );
  const overrides = new Map(counts.map(({ screen, ...count }) => [screen, count]));
  return rows.map((row, index) => ({
    ...toEffective(row, 'account'),
    position: index + 1,
    default_state: stateOf(row.default_enabled),
    customised: row.account_title !== null,
    overrides: overrides.get(row.name) ?? { listings: 0, reservations: 0 },
  }));
}

/** The screen's default content (the catalogue's). */
export async function defaultContent(sql: Sql, screen: ScreenName): Promise<ScreenContent> {
  const [row] = await sql.query<ScreenContent>(
    `select title, body as text, array_to_json(required_fields) as required_fields
     from guest_portal_screens where name = $1`,
    [screen],
  );
  if (!row) throw new Error(`The screen ${screen} is not in the catalogue (migration 0018).`);
  return row;
}

/** Writes some of the account's columns for a screen, making its row if it has none. */
async function upsertAccountScreen(
  tx: Sql,
  accountId: string,
  screen: ScreenName,
  userId: string,
  columns: Partial<{
    position: number | null;
    enabled: boolean;
    content: ScreenContent | null;
  }>,
): Promise<void> {
  const content = columns.content;
  await tx.query(
    `insert into account_guest_screens
       (account_id, screen, position, enabled, title, body, required_fields, updated_by)
     values ($1::bigint, $2, $3::int, $4::boolean, $5, $6, $7::text[], $8::bigint)
     on conflict (account_id, screen) do update set
       position = case when $9 then excluded.position else account_guest_screens.position end,
       enabled = case when $10 then excluded.enabled else account_guest_screens.enabled end,
       title = case when $11 then excluded.title else account_guest_screens.title end,
       body = case when $11 then excluded.body else account_guest_screens.body end,
       required_fields = case when $11 then excluded.required_fields
                              else account_guest_screens.required_fields end,
       updated_at = now(), updated_by = excluded.updated_by`,
    [
      accountId,
      screen,
      columns.position ?? null,
      columns.enabled ?? null,
      content?.title ?? null,
      content?.text ?? null,
      content?.required_fields ?? null,
      userId,
      'position' in columns,
      'enabled' in columns,
      'content' in columns,
    ],
  );
}

export const setAccountState = (
  tx: Sql,
  accountId: string,
  screen: ScreenName,
  state: ScreenState,
  userId: string,
): Promise<void> => upsertAccountScreen(tx, accountId, screen, userId, { enabled: state === 'on' });

/**
 * Saves the account's order. The default order is saved as no order, so a screen added to the
 * catalogue later takes its default place for accounts that never reordered.
 */
export async function setAccountOrder(
  tx: Sql,
  accountId: string,
  order: readonly ScreenName[],
  userId: string,
): Promise<void> {
  const isDefault = order.every((name, index) => SCREEN_NAMES[index] === name);
  for (const [index, screen] of order.entries())
    await upsertAccountScreen(tx, accountId, screen, userId, {
      position: isDefault ? null : index + 1,
    });
}

/** Saves the account's content of a screen; the default's own words are saved as no content. */
export async function setAccountContent(
  tx: Sql,
  accountId: string,
  screen: ScreenName,
  content: ScreenContent,
  userId: string,
): Promise<void> {
  const isDefault = sameContent(content, await defaultContent(tx, screen));
  await upsertAccountScreen(tx, accountId, screen, userId, { content: isDefault ? null : content });
}

/** Saves (or, with null, removes) the account's title and text of a screen in a language. */
export async function setAccountTranslation(
  tx: Sql,
  accountId: string,
  screen: ScreenName,
  language: Exclude<GuestLanguage, 'en'>,
  text: ScreenText | null,
  userId: string,
): Promise<void> {
  await tx.query(
    `insert into account_guest_screens (account_id, screen, translations, updated_by)
     values ($1::bigint, $2, case when $4::jsonb is null then '{}'::jsonb
                                  else jsonb_build_object($3::text, $4::jsonb) end, $5::bigint)
     on conflict (account_id, screen) do update set
       translations = case when $4::jsonb is null then account_guest_screens.translations - $3::text
                           else account_guest_screens.translations || excluded.translations end,
       updated_at = now(), updated_by = excluded.updated_by`,
    [accountId, screen, language, text === null ? null : JSON.stringify(text), userId],
  );
}

/** The same fields, in any order (the lists have no repeats). */
export const sameFields = (a: readonly ScreenField[], b: readonly ScreenField[]): boolean =>
  a.length === b.length && a.every((field) => b.includes(field));

export const sameContent = (a: ScreenContent, b: ScreenContent): boolean =>
  a.title === b.title && a.text === b.text && sameFields(a.required_fields, b.required_fields);

/** The listing's or reservation's own setting of a screen: on, off, or none (`inherit`). */
export async function overrideOf(
  sql: Sql,
  level: 'listing' | 'reservation',
  id: string,
  screen: ScreenName,
): Promise<OverrideState> {
  const [row] = await sql.query<{ enabled: boolean }>(
    `select enabled from ${level}_guest_screens where ${level}_id = $1::bigint and screen = $2`,
    [id, screen],
  );
  return row ? stateOf(row.enabled) : 'inherit';
}

/** Sets (on, off) or removes (`inherit`) a listing's or reservation's own setting of a screen. */
export async function setOverride(
  tx: Sql,
  level: 'listing' | 'reservation',
  id: string,
  screen: ScreenName,
  state: OverrideState,
  userId: string,
): Promise<void> {
  if (state === 'inherit') {
    await tx.query(
      `delete from ${level}_guest_screens where ${level}_id = $1::bigint and screen = $2`,
      [id, screen],
    );
    return;
  }
  await tx.query(
    `insert into ${level}_guest_screens (${level}_id, screen, enabled, updated_by)
     values ($1::bigint, $2, $3, $4::bigint)
     on conflict (${level}_id, screen) do update set
       enabled = excluded.enabled, updated_at = now(), updated_by = excluded.updated_by`,
    [id, screen, state === 'on', userId],
  );
}
