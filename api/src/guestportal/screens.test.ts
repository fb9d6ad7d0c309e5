// The guest portal's screens on the real database (issue 16): a new account's defaults, the order,
// the account's switches and content, a listing's and a reservation's own switches and the
// precedence between them (reservation > listing > account > default, with the source of each),
// the refusals (an incomplete order, content out of bounds, a screen that does not exist), who may
// call what, and the audit entries every change leaves.
import { auditFor } from '../admin/audit';
import { signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';
import { resolveEffectiveScreens, SCREEN_FIELDS, SCREEN_NAMES } from './screens';

let api: TestApi;
let sessions: Record<Role, string>;

interface Summary {
  name: string;
  position: number;
  state: 'on' | 'off';
  source: string;
  default_state: 'on' | 'off';
  title: string;
  text_preview: string;
  required_fields: string[];
  customised: boolean;
  overrides: { listings: number; reservations: number };
}
interface Effective {
  listing_id: string;
  reservation_id: string | null;
  items: Array<{
    name: string;
    title: string;
    state: 'on' | 'off';
    source: string;
    inherited: { state: 'on' | 'off'; source: string };
  }>;
}
interface Content {
  name: string;
  title: string;
  text: string;
  required_fields: string[];
  allowed_fields: string[];
  customised: boolean;
  default: { title: string; text: string; required_fields: string[] };
}

/**
 * Account 1's records the tests switch: a listing in Marina Lofts (the vendor's building) with two
 * stays not yet checked out, and a stay of another listing of the account.
 */
const seed = { listing: '', stay: '', sibling: '', elsewhere: '', accountId: '' };

beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
  const [listing] = await api.db.query<{ listing: string; stays: string[]; account: string }>(
    `select l.id::text as listing, l.account_id::text as account,
            array_agg(r.id::text order by r.id) as stays
     from listings l join buildings b on b.id = l.building_id
     join reservations r on r.listing_id = l.id and r.check_out_date >= current_date
     where b.slug = 'marina-lofts' and l.account_id = 1
     group by l.id having count(*) >= 2 order by l.id limit 1`,
  );
  const [elsewhere] = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r
     where r.account_id = 1 and r.listing_id <> $1::bigint order by r.id limit 1`,
    [listing?.listing],
  );
  if (!listing?.stays[1] || !elsewhere) throw new Error('The seed has no such stays.');
  Object.assign(seed, {
    listing: listing.listing,
    stay: listing.stays[0],
    sibling: listing.stays[1],
    elsewhere: elsewhere.id,
    accountId: listing.account,
  });
});
afterAll(() => api.close());

const screens = async (session = sessions.owner) => {
  const response = await api.get<{ items: Summary[] }>('/guestportal/screens', session);
  expect(response.status).toBe(200);
  return response.body.items;
};
const screenOf = async (name: string) => (await screens()).find((item) => item.name === name);

const effective = async (
  level: 'listing' | 'reservation',
  id: string,
  session = sessions.owner,
) => {
  const response = await api.get<Effective>(`/guestportal/effective/${level}/${id}`, session);
  expect(response.status).toBe(200);
  return response.body;
};
/** `name`'s state and source for a guest of the listing or reservation. */
const decided = async (level: 'listing' | 'reservation', id: string, name = 'selfie') => {
  const item = (await effective(level, id)).items.find((screen) => screen.name === name);
  return { state: item?.state, source: item?.source, inherited: item?.inherited };
};

const switchAccount = (screen: string, state: string, session = sessions.owner) =>
  api.post<{ items: Summary[] }>(
    `/guestportal/controlScreen/account/${screen}?state=${state}`,
    undefined,
    session,
  );
const switchOne = (
  level: 'listing' | 'reservation',
  id: string,
  screen: string,
  state: string,
  session = sessions.owner,
) =>
  api.post<Effective>(
    `/guestportal/controlScreen/${level}/${id}/${screen}?state=${state}`,
    undefined,
    session,
  );

const guestPortalAudit = () =>
  auditFor(api.db, { targetAccountId: seed.accountId, actionPrefix: 'guestportal.', limit: 500 });

describe('the catalogue and a new account', () => {
  it('has the screens and fields the API names, each default within its allowed fields', async () => {
    const rows = await api.db.query<{ name: string; allowed: string[]; required: string[] }>(
      `select name, array_to_json(allowed_fields) as allowed, array_to_json(required_fields) as required
       from guest_portal_screens order by position`,
    );
    expect(rows.map((row) => row.name)).toEqual([...SCREEN_NAMES]);
    for (const row of rows) {
      expect(
        row.allowed.every((field) => (SCREEN_FIELDS as readonly string[]).includes(field)),
      ).toBe(true);
      expect(row.required.every((field) => row.allowed.includes(field))).toBe(true);
    }
  });

  it('gives an account made by sign-up every default, with nothing written for it', async () => {
    const signedUp = await api.signUp({
      name: 'Ada Host',
      email: 'ada.screens@example.com',
      company: 'Ada Stays',
    });
    expect(signedUp.status).toBe(200);
    const items = await screens(signedUp.body.sessionId);
    expect(items.map((item) => item.name)).toEqual([...SCREEN_NAMES]);
    expect(items.map((item) => item.position)).toEqual(SCREEN_NAMES.map((_, index) => index + 1));
    for (const item of items) {
      expect(item).toMatchObject({
        source: 'default',
        state: item.default_state,
        customised: false,
        overrides: { listings: 0, reservations: 0 },
      });
      expect(item.title).not.toBe('');
    }
    expect(items.find((item) => item.name === 'contact')).toMatchObject({
      state: 'on',
      required_fields: ['email', 'phone'],
    });
    expect(items.find((item) => item.name === 'security_deposit')?.state).toBe('off');
    const rows = await api.db.query(
      'select 1 from account_guest_screens where account_id = $1::bigint',
      [signedUp.body.user.account_id],
    );
    expect(rows).toEqual([]);
  });
});

describe('precedence: reservation > listing > account > default', () => {
  it('resolves each level, says where each state comes from and what it inherits', async () => {
    // Untouched: the default decides everywhere.
    expect(await decided('reservation', seed.stay)).toEqual({
      state: 'on',
      source: 'default',
      inherited: { state: 'on', source: 'default' },
    });

    // The account turns the selfie off: every guest of the account.
    expect((await switchAccount('selfie', 'off')).status).toBe(200);
    expect(await decided('listing', seed.listing)).toEqual({
      state: 'off',
      source: 'account',
      inherited: { state: 'off', source: 'account' },
    });
    expect((await decided('reservation', seed.stay)).source).toBe('account');

    // One listing turns it back on: its guests get it, other listings' guests do not.
    const listingOn = await switchOne('listing', seed.listing, 'selfie', 'on');
    expect(listingOn.status).toBe(200);
    expect(listingOn.body.listing_id).toBe(seed.listing);
    expect(listingOn.body.reservation_id).toBeNull();
    expect(listingOn.body.items.find((item) => item.name === 'selfie')).toMatchObject({
      state: 'on',
      source: 'listing',
      inherited: { state: 'off', source: 'account' },
    });
    expect(await decided('reservation', seed.stay)).toEqual({
      state: 'on',
      source: 'listing',
      inherited: { state: 'on', source: 'listing' },
    });
    expect(await decided('reservation', seed.elsewhere)).toMatchObject({
      state: 'off',
      source: 'account',
    });

    // One stay of that listing turns it off: only that stay.
    const stayOff = await switchOne('reservation', seed.stay, 'selfie', 'off');
    expect(stayOff.status).toBe(200);
    expect(stayOff.body).toMatchObject({ listing_id: seed.listing, reservation_id: seed.stay });
    expect(await decided('reservation', seed.stay)).toEqual({
      state: 'off',
      source: 'reservation',
      inherited: { state: 'on', source: 'listing' },
    });
    expect(await decided('reservation', seed.sibling)).toMatchObject({
      state: 'on',
      source: 'listing',
    });

    // The other screens are untouched: the default still decides them.
    expect(await decided('reservation', seed.stay, 'contact')).toMatchObject({
      state: 'on',
      source: 'default',
    });
    expect(await decided('reservation', seed.stay, 'security_deposit')).toMatchObject({
      state: 'off',
      source: 'default',
    });
  });

  it('counts the listings and stays with their own setting on /guestportal', async () => {
    expect(await screenOf('selfie')).toMatchObject({
      state: 'off',
      source: 'account',
      default_state: 'on',
      overrides: { listings: 1, reservations: 1 },
    });
    expect((await screenOf('contact'))?.overrides).toEqual({ listings: 0, reservations: 0 });
  });

  it('inherit removes an override: the level above decides again', async () => {
    const inherited = await switchOne('reservation', seed.stay, 'selfie', 'inherit');
    expect(inherited.status).toBe(200);
    expect(await decided('reservation', seed.stay)).toMatchObject({
      state: 'on',
      source: 'listing',
    });
    expect((await switchOne('listing', seed.listing, 'selfie', 'inherit')).status).toBe(200);
    expect(await decided('reservation', seed.stay)).toMatchObject({
      state: 'off',
      source: 'account',
    });
    expect((await screenOf('selfie'))?.overrides).toEqual({ listings: 0, reservations: 0 });
    const rows = await api.db.query(
      `select 1 from listing_guest_screens where listing_id = $1::bigint
       union all select 1 from reservation_guest_screens where reservation_id = $2::bigint`,
      [seed.listing, seed.stay],
    );
    expect(rows).toEqual([]);
    // The account's own setting, even when it equals the default, is the account's.
    expect((await switchAccount('selfie', 'on')).status).toBe(200);
    expect(await decided('reservation', seed.stay)).toMatchObject({
      state: 'on',
      source: 'account',
    });
  });

  it('is one exported resolver, with the content the guest portal shows', async () => {
    const resolved = await resolveEffectiveScreens(api.db, {
      kind: 'reservation',
      reservationId: seed.sibling,
    });
    expect(resolved).toMatchObject({
      account_id: seed.accountId,
      listing_id: seed.listing,
      reservation_id: seed.sibling,
    });
    const contact = resolved?.screens.find((screen) => screen.name === 'contact');
    expect(contact).toMatchObject({
      state: 'on',
      source: 'default',
      required_fields: ['email', 'phone'],
      allowed_fields: ['email', 'phone'],
    });
    expect(contact?.text).toContain('**during your trip**');
    expect(
      await resolveEffectiveScreens(api.db, { kind: 'reservation', reservationId: '999999999' }),
    ).toBeNull();
    expect(
      (await resolveEffectiveScreens(api.db, { kind: 'account', accountId: seed.accountId }))
        ?.screens.length,
    ).toBe(SCREEN_NAMES.length);
  });
});

describe('order', () => {
  const reversed = [...SCREEN_NAMES].reverse();

  it('takes a permutation of every screen, and every level follows it', async () => {
    const response = await api.post<{ items: Summary[] }>(
      '/guestportal/screens/order',
      { order: reversed },
      sessions.owner,
    );
    expect(response.status).toBe(200);
    expect(response.body.items.map((item) => item.name)).toEqual(reversed);
    expect(response.body.items[0]?.position).toBe(1);
    expect((await effective('reservation', seed.stay)).items.map((item) => item.name)).toEqual(
      reversed,
    );
  });

  it('refuses an order that is not every screen exactly once', async () => {
    const refusals: Array<[unknown, string]> = [
      [{ order: reversed.slice(1) }, 'minItems'],
      [{ order: [...reversed.slice(1), reversed[1]] }, 'uniqueItems'],
      [{ order: [...reversed.slice(1), 'payment'] }, 'enum'],
      [{ order: [...reversed, 'contact'] }, 'maxItems'],
      [{}, 'required'],
      [{ order: reversed, extra: 1 }, 'additionalProperties'],
    ];
    for (const [body, rule] of refusals) {
      const response = await api.post('/guestportal/screens/order', body, sessions.owner);
      expect({ body, status: response.status, answer: response.body }).toMatchObject({
        status: 400,
        answer: { error: 'invalid_request', in: 'body', rule },
      });
    }
    expect((await screens()).map((item) => item.name)).toEqual(reversed);
  });

  it('saves the default order as none, so the catalogue decides again', async () => {
    const response = await api.post(
      '/guestportal/screens/order',
      { order: SCREEN_NAMES },
      sessions.owner,
    );
    expect(response.status).toBe(200);
    const positions = await api.db.query(
      'select 1 from account_guest_screens where account_id = $1::bigint and position is not null',
      [seed.accountId],
    );
    expect(positions).toEqual([]);
    expect((await screens()).map((item) => item.name)).toEqual([...SCREEN_NAMES]);
  });
});

describe('content', () => {
  it('answers the default content with the fields the screen can ask for', async () => {
    const response = await api.get<Content>('/guestportal/screen/house_rules', sessions.owner);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'house_rules',
      title: 'House rules',
      allowed_fields: ['accept', 'signature'],
      required_fields: ['accept'],
      customised: false,
    });
    expect(response.body.default).toEqual({
      title: response.body.title,
      text: response.body.text,
      required_fields: ['accept'],
    });
  });

  it('saves the account’s content, which every level then shows', async () => {
    const text =
      'Welcome!\n\n- **No parties**\n- *Quiet* after 22:00\n\n[Our guide](https://example.com)';
    const response = await api.post<Content>(
      '/guestportal/screen/house_rules',
      { title: '  Rules of the house  ', text, required_fields: ['signature', 'accept'] },
      sessions.owner,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      title: 'Rules of the house',
      text,
      required_fields: ['accept', 'signature'],
      customised: true,
    });
    expect((await screenOf('house_rules'))?.text_preview).toBe(
      'Welcome! No parties Quiet after 22:00 Our guide',
    );
    const item = (await effective('reservation', seed.stay)).items.find(
      (screen) => screen.name === 'house_rules',
    );
    expect(item?.title).toBe('Rules of the house');
  });

  it('refuses content out of bounds, naming the field', async () => {
    const valid = { title: 'Contact', text: 'Hello', required_fields: ['email'] };
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, title: 'x'.repeat(121) }, 'title', 'maxLength'],
      [{ ...valid, title: '' }, 'title', 'minLength'],
      [{ ...valid, title: '   ' }, 'title', 'pattern'],
      [{ ...valid, text: 'x'.repeat(20_001) }, 'text', 'maxLength'],
      [{ ...valid, required_fields: ['email', 'email'] }, 'required_fields', 'uniqueItems'],
      [{ ...valid, required_fields: ['fax'] }, 'required_fields[0]', 'enum'],
      // A field of another screen: the contact screen does not take a selfie.
      [{ ...valid, required_fields: ['email', 'selfie'] }, 'required_fields', 'allowed'],
      [{ title: 'Contact', text: 'Hello' }, 'required_fields', 'required'],
      [{ ...valid, colour: 'red' }, 'colour', 'additionalProperties'],
    ];
    for (const [body, field, rule] of refusals) {
      const response = await api.post('/guestportal/screen/contact', body, sessions.owner);
      expect({ field, status: response.status, answer: response.body }).toMatchObject({
        status: 400,
        answer: { error: 'invalid_request', field, in: 'body', rule },
      });
    }
    expect(await screenOf('contact')).toMatchObject({
      customised: false,
      title: 'How can we reach you?',
    });
  });

  it('takes the full 120 and 20 000 characters, and no required field at all', async () => {
    const response = await api.post<Content>(
      '/guestportal/screen/contact',
      { title: 'T'.repeat(120), text: 'x'.repeat(20_000), required_fields: [] },
      sessions.owner,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ required_fields: [], customised: true });
  });

  it('saving the default’s content makes the screen follow the default again', async () => {
    const current = await api.get<Content>('/guestportal/screen/contact', sessions.owner);
    const response = await api.post<Content>(
      '/guestportal/screen/contact',
      current.body.default,
      sessions.owner,
    );
    expect(response.status).toBe(200);
    expect(response.body.customised).toBe(false);
    const [row] = await api.db.query<{ title: string | null }>(
      `select title from account_guest_screens where account_id = $1::bigint and screen = 'contact'`,
      [seed.accountId],
    );
    expect(row?.title).toBeNull();
  });
});

describe('a screen that does not exist', () => {
  it('is 404 screen_not_found wherever a screen is named', async () => {
    const calls = [
      api.get('/guestportal/screen/payment', sessions.owner),
      api.post(
        '/guestportal/screen/payment',
        { title: 'Pay', text: '', required_fields: [] },
        sessions.owner,
      ),
      switchAccount('payment', 'on'),
      switchOne('listing', seed.listing, 'payment', 'on'),
      switchOne('reservation', seed.stay, 'payment', 'off'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        error: 'screen_not_found',
        message: expect.stringContaining('contact, id_upload, selfie'),
      });
    }
  });

  it('refuses a state that is not one, on the query', async () => {
    const response = await switchOne('listing', seed.listing, 'selfie', 'maybe');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', field: 'state', in: 'query' });
    expect((await switchAccount('selfie', 'inherit')).status).toBe(400);
  });
});

describe('who may call what', () => {
  it('keeps the account’s screens to the owner (and staff, for their own account)', async () => {
    for (const role of ['manager', 'vendor'] as const) {
      expect((await api.get('/guestportal/screens', sessions[role])).status).toBe(403);
      expect((await api.get('/guestportal/screen/contact', sessions[role])).status).toBe(403);
      expect((await switchAccount('contact', 'off', sessions[role])).status).toBe(403);
      expect(
        (await api.post('/guestportal/screens/order', { order: SCREEN_NAMES }, sessions[role]))
          .status,
      ).toBe(403);
    }
    const managerRefusal = await api.get('/guestportal/screens', sessions.manager);
    expect(String(managerRefusal.body.message)).toContain('account owner');
    // Another account's owner and staff see their own account's screens, not account 1's.
    expect((await screens(sessions.newhost)).find((item) => item.name === 'selfie')?.source).toBe(
      'default',
    );
    expect((await screens(sessions.admin)).find((item) => item.name === 'selfie')?.source).toBe(
      'default',
    );
    expect((await api.get('/guestportal/screens')).status).toBe(401);
  });

  it('lets managers and staff read and switch a listing’s and a reservation’s screens', async () => {
    expect(
      (await switchOne('listing', seed.listing, 'address', 'on', sessions.manager)).status,
    ).toBe(200);
    expect((await effective('listing', seed.listing, sessions.manager)).items).toHaveLength(
      SCREEN_NAMES.length,
    );
    const staff = await switchOne('reservation', seed.stay, 'address', 'off', sessions.admin);
    expect(staff.status).toBe(200);
    expect(staff.body.items.find((item) => item.name === 'address')).toMatchObject({
      state: 'off',
      source: 'reservation',
      inherited: { state: 'on', source: 'listing' },
    });
  });

  it('refuses building staff, even for their own building’s listing and stays', async () => {
    const calls = [
      api.get(`/guestportal/effective/listing/${seed.listing}`, sessions.vendor),
      api.get(`/guestportal/effective/reservation/${seed.stay}`, sessions.vendor),
      switchOne('listing', seed.listing, 'selfie', 'off', sessions.vendor),
      switchOne('reservation', seed.stay, 'selfie', 'off', sessions.vendor),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ error: 'forbidden' });
    }
  });

  it('does not find another account’s listing or reservation', async () => {
    const calls = [
      api.get(`/guestportal/effective/listing/${seed.listing}`, sessions.newhost),
      api.get(`/guestportal/effective/reservation/${seed.stay}`, sessions.newhost),
      switchOne('listing', seed.listing, 'selfie', 'off', sessions.newhost),
      switchOne('reservation', seed.stay, 'selfie', 'off', sessions.newhost),
      api.get('/guestportal/effective/listing/999999999', sessions.owner),
      switchOne('reservation', '999999999', 'selfie', 'off'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: 'not_found' });
    }
    expect(await decided('reservation', seed.stay)).toMatchObject({ source: 'account' });
  });
});

describe('audit', () => {
  it('writes an entry for every change, saying what changed and who did it', async () => {
    const entries = await guestPortalAudit();
    const summaries = entries.map((entry) => ({
      action: entry.action,
      actor: entry.actor.email,
      detail: entry.detail,
    }));
    expect(summaries).toContainEqual({
      action: 'guestportal.screen_switched',
      actor: 'owner@hostdash.test',
      detail: { level: 'account', screen: 'selfie', from: 'on', to: 'off' },
    });
    expect(summaries).toContainEqual({
      action: 'guestportal.screen_switched',
      actor: 'owner@hostdash.test',
      detail: {
        level: 'listing',
        listing_id: seed.listing,
        screen: 'selfie',
        from: 'inherit',
        to: 'on',
      },
    });
    expect(summaries).toContainEqual({
      action: 'guestportal.screen_switched',
      actor: 'admin@hostdash.test',
      detail: {
        level: 'reservation',
        reservation_id: seed.stay,
        screen: 'address',
        from: 'inherit',
        to: 'off',
      },
    });
    expect(summaries).toContainEqual({
      action: 'guestportal.screens_reordered',
      actor: 'owner@hostdash.test',
      detail: { from: [...SCREEN_NAMES], to: [...SCREEN_NAMES].reverse() },
    });
    expect(summaries).toContainEqual({
      action: 'guestportal.screen_edited',
      actor: 'owner@hostdash.test',
      detail: {
        screen: 'house_rules',
        changed: ['title', 'text', 'required_fields'],
        required_fields: ['accept', 'signature'],
      },
    });
  });

  it('writes nothing, and changes nothing, when the setting is already so', async () => {
    const before = (await guestPortalAudit()).length;
    expect((await switchAccount('selfie', 'on')).status).toBe(200);
    expect((await switchOne('listing', seed.listing, 'selfie', 'inherit')).status).toBe(200);
    expect((await switchOne('reservation', seed.stay, 'address', 'off')).status).toBe(200);
    const current = await api.get<Content>('/guestportal/screen/house_rules', sessions.owner);
    const { title, text, required_fields } = current.body;
    expect(
      (
        await api.post(
          '/guestportal/screen/house_rules',
          { title, text, required_fields },
          sessions.owner,
        )
      ).status,
    ).toBe(200);
    expect(
      (await api.post('/guestportal/screens/order', { order: SCREEN_NAMES }, sessions.owner))
        .status,
    ).toBe(200);
    expect((await guestPortalAudit()).length).toBe(before);
  });
});
