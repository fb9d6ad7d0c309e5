// The guest-facing portal on the real database (issue 16): a guest link made on the host's first
// ask and renewed (the old token then opens nothing), the token scoped to its one reservation, the
// link's end (past the check-out day, a cancelled stay), progress saved per screen and read again,
// the field refusals, a screen switched off for the stay, finishing the portal (verification to
// review, the log, the re-screen, the host told, Stargate's held messages kept until the host
// verifies) and who on the host's side may see a link.
import sharp from 'sharp';
import { signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let sessions: Record<Role, string>;

beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
});
afterAll(() => api.close());

interface Link {
  url: string;
  expiresAt: string;
  expired: boolean;
  completedAt: string | null;
  screensDone: number;
  screensTotal: number;
}
interface Screen {
  name: string;
  title: string;
  body: string;
  fields: Array<{ name: string; required: boolean }>;
  completedAt: string | null;
  values: Record<string, string | boolean>;
}
interface Portal {
  stay: Record<string, string | null>;
  screens: Screen[];
  images: Array<{ kind: string; width: number; height: number; uploadedAt: string }>;
  completedAt: string | null;
  expiresAt: string;
  messages: Array<{ id: string; subject: string | null; body: string; releasedAt: string }>;
}

/** Upcoming stays of account 1 with no identity image yet; each test takes its own. */
const taken = new Set<string>();
async function stay(where = 'true'): Promise<{ id: string; guest_name: string }> {
  const rows = await api.db.query<{ id: string; guest_name: string }>(
    `select r.id::text as id, r.guest_name from reservations r
     where r.account_id = 1 and r.status = 'CONFIRMED' and r.check_in_date > current_date
       and r.verification_status = 'pending'
       and not exists (select 1 from reservation_images i where i.reservation_id = r.id)
       and not exists (select 1 from stargate_messages m where m.listing_id = r.listing_id)
       and ${where}
     order by r.id`,
  );
  const row = rows.find((candidate) => !taken.has(candidate.id));
  if (!row) throw new Error(`the seed has no free stay where ${where}`);
  taken.add(row.id);
  return row;
}

const link = (id: string, session = sessions.owner) =>
  api.get<Link>(`/guestportal/link/${id}`, session);
const renew = (id: string, session = sessions.owner) =>
  api.post<Link>(`/guestportal/link/${id}/renew`, undefined, session);
const tokenOf = (url: string): string => url.slice(api.config.guestPortalUrl.length);
const guestHeaders = (token: string) => ({ 'x-guest-token': token });
const portal = (token: string) => api.get<Portal>('/guest/portal', undefined, guestHeaders(token));
const save = (token: string, screen: string, values: Record<string, unknown>) =>
  api.post<Portal>(`/guest/portal/screen/${screen}`, { values }, undefined, guestHeaders(token));
const complete = (token: string) =>
  api.post<Portal>('/guest/portal/complete', undefined, undefined, guestHeaders(token));
const upload = (token: string, kind: string, bytes: Buffer, type = 'image/jpeg') =>
  api.request<Record<string, unknown>>({
    method: 'POST',
    url: `/guest/portal/image/${kind}`,
    headers: { ...guestHeaders(token), 'content-type': type },
    payload: bytes,
  });

async function tokenFor(id: string): Promise<string> {
  const answer = await link(id);
  expect(answer.status).toBe(200);
  return tokenOf(answer.body.url);
}

const photo = (width = 60, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

/** The values that complete each default screen that takes values. */
const COMPLETE_VALUES: Record<string, Record<string, unknown>> = {
  contact: { email: 'guest@example.com', phone: '+351 912 345 678' },
  house_rules: { accept: true },
  usage_agreement: { accept: true, signature: 'Ana Guest' },
  arrival_time: { arrival_time: '15:30', arrival_note: 'By train' },
  address: { street: 'rua garrett 78', postal_code: '1200-204', city: 'lisboa', country: 'PT' },
};

/** Goes through every screen switched on for the stay (uploading the photos they need). */
async function completeScreens(token: string): Promise<void> {
  const { body } = await portal(token);
  for (const screen of body.screens) {
    for (const field of screen.fields.filter((item) => item.required))
      if (['id_front', 'id_back', 'selfie'].includes(field.name))
        expect((await upload(token, field.name, await photo())).status).toBe(200);
    const saved = await save(token, screen.name, COMPLETE_VALUES[screen.name] ?? {});
    expect({ screen: screen.name, status: saved.status }).toEqual({
      screen: screen.name,
      status: 200,
    });
  }
}

interface LogRow {
  event: string;
  actor_name: string;
  supervised: boolean;
  details: Record<string, unknown>;
}
const logOf = (id: string) =>
  api.db.query<LogRow>(
    'select event, actor_name, supervised, details from protect_log where reservation_id = $1::bigint order by id',
    [id],
  );

const INVALID = {
  error: 'guest_link_invalid',
  message: 'This check-in link is not valid. Ask your host for a new one.',
};
const EXPIRED = { error: 'guest_link_expired', message: 'This check-in link has expired.' };

describe('the host’s link', () => {
  it('is made on first ask, the same on the next, and counts the guest’s progress', async () => {
    const reservation = await stay();
    const first = await link(reservation.id);
    expect(first.status).toBe(200);
    expect(first.body.url.startsWith(api.config.guestPortalUrl)).toBe(true);
    expect(tokenOf(first.body.url)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.body).toMatchObject({ expired: false, completedAt: null, screensDone: 0 });
    // The account's defaults: contact, ID, selfie, house rules, agreement, arrival time.
    expect(first.body.screensTotal).toBe(6);
    const again = await link(reservation.id, sessions.manager);
    expect(again.body.url).toBe(first.body.url);
    // Only the hash is looked up; the token itself is sealed, never stored as it is.
    const [row] = await api.db.query<{ token_sha256: string; sealed: string }>(
      'select token_sha256, token_sealed::text as sealed from guest_links where reservation_id = $1::bigint',
      [reservation.id],
    );
    expect(row?.sealed).not.toContain(tokenOf(first.body.url));

    const token = tokenOf(first.body.url);
    expect((await save(token, 'contact', COMPLETE_VALUES.contact ?? {})).status).toBe(200);
    expect((await link(reservation.id)).body.screensDone).toBe(1);
  });

  it('ends at the end of the check-out day, where the listing is', async () => {
    const reservation = await stay();
    const answer = await link(reservation.id);
    const [expected] = await api.db.query<{ at: string }>(
      `select to_char(((r.check_out_date + 1)::timestamp at time zone l.timezone) at time zone 'UTC',
                      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
       from reservations r join listings l on l.id = r.listing_id where r.id = $1::bigint`,
      [reservation.id],
    );
    expect(answer.body.expiresAt).toBe(expected?.at);
    expect((await portal(tokenOf(answer.body.url))).body.expiresAt).toBe(expected?.at);
  });

  it('is for the account’s owner and managers: building staff 403, another account 404', async () => {
    const reservation = await stay();
    expect((await link(reservation.id, sessions.manager)).status).toBe(200);
    expect((await renew(reservation.id, sessions.manager)).status).toBe(200);
    for (const call of [link, renew]) {
      const vendor = await call(reservation.id, sessions.vendor);
      expect(vendor.status).toBe(403);
      const other = await call(reservation.id, sessions.newhost);
      expect(other.status).toBe(404);
      expect((await call(reservation.id, '')).status).toBe(401);
    }
  });

  it('renewed: the old token opens nothing, the new one finds the same progress', async () => {
    const reservation = await stay();
    const old = await tokenFor(reservation.id);
    expect((await save(old, 'contact', COMPLETE_VALUES.contact ?? {})).status).toBe(200);
    const renewed = await renew(reservation.id);
    expect(renewed.status).toBe(200);
    const fresh = tokenOf(renewed.body.url);
    expect(fresh).not.toBe(old);
    const refused = await portal(old);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(INVALID);
    const opened = await portal(fresh);
    expect(opened.status).toBe(200);
    expect(opened.body.screens.find((screen) => screen.name === 'contact')?.values).toEqual(
      COMPLETE_VALUES.contact,
    );
    expect((await link(reservation.id)).body.url).toBe(renewed.body.url);
  });
});

describe('the guest’s token', () => {
  it('opens its own stay only, and says nothing of any other', async () => {
    const mine = await stay();
    const theirs = await stay();
    const token = await tokenFor(mine.id);
    const other = await tokenFor(theirs.id);
    const answer = await portal(token);
    expect(answer.status).toBe(200);
    const [expected] = await api.db.query<Record<string, string>>(
      `select l.nickname, l.city, r.check_in_date::text as check_in, r.check_out_date::text as check_out
       from reservations r join listings l on l.id = r.listing_id where r.id = $1::bigint`,
      [mine.id],
    );
    expect(answer.body.stay).toEqual({
      listingName: expected?.nickname,
      city: expected?.city,
      checkIn: expected?.check_in,
      checkOut: expected?.check_out,
      guestFirstName: mine.guest_name.trim().split(' ')[0],
      hostName: 'Hart Stays',
    });
    // Writing with one token changes its own stay, never the other's.
    expect((await save(token, 'contact', COMPLETE_VALUES.contact ?? {})).status).toBe(200);
    expect((await upload(token, 'selfie', await photo())).status).toBe(200);
    const untouched = await portal(other);
    expect(untouched.body.screens.every((screen) => screen.completedAt === null)).toBe(true);
    expect(untouched.body.images).toEqual([]);
    expect(
      await api.db.query('select 1 from reservation_images where reservation_id = $1::bigint', [
        theirs.id,
      ]),
    ).toEqual([]);
  });

  it.each([
    ['no token', {}],
    ['an empty one', { 'x-guest-token': '' }],
    ['garbage', { 'x-guest-token': 'not-a-token' }],
    ['a well-formed token nobody was given', { 'x-guest-token': 'A'.repeat(43) }],
  ])('%s: 404 guest_link_invalid on every call', async (_name, headers) => {
    for (const call of [
      api.get('/guest/portal', undefined, headers),
      api.post('/guest/portal/screen/contact', { values: {} }, undefined, headers),
      api.post('/guest/portal/complete', undefined, undefined, headers),
      api.get('/guest/portal/image/selfie', undefined, headers),
      api.request({
        method: 'POST',
        url: '/guest/portal/image/selfie',
        headers: { ...headers, 'content-type': 'image/jpeg' },
        payload: await photo(),
      }),
    ]) {
      const answer = await call;
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(INVALID);
    }
  });

  it('is not taken from the path or the query', async () => {
    const token = await tokenFor((await stay()).id);
    expect((await api.get(`/guest/portal?token=${token}`)).status).toBe(404);
    expect((await api.get(`/guest/portal/${token}`)).status).toBe(404);
  });

  it('410 past the check-out day and for a cancelled stay, saying nothing else', async () => {
    const [past] = await api.db.query<{ id: string }>(
      `select id::text as id from reservations where account_id = 1 and status = 'CONFIRMED'
       and check_out_date < current_date - 1 order by id limit 1`,
    );
    const pastLink = await link(past?.id ?? '');
    expect(pastLink.body.expired).toBe(true);
    const tooLate = await portal(tokenOf(pastLink.body.url));
    expect(tooLate.status).toBe(410);
    expect(tooLate.body).toEqual(EXPIRED);

    const cancelled = await stay();
    const token = await tokenFor(cancelled.id);
    await api.db.query(`update reservations set status = 'CANCELLED' where id = $1::bigint`, [
      cancelled.id,
    ]);
    for (const answer of [
      await portal(token),
      await save(token, 'contact', COMPLETE_VALUES.contact ?? {}),
      await complete(token),
    ]) {
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual(EXPIRED);
    }
    expect((await link(cancelled.id)).body.expired).toBe(true);
  });
});

describe('the screens', () => {
  it('are the stay’s effective screens in the account’s order, with the account’s words', async () => {
    const reservation = await stay();
    const token = await tokenFor(reservation.id);
    const answer = await portal(token);
    expect(answer.body.screens.map((screen) => screen.name)).toEqual([
      'contact',
      'id_upload',
      'selfie',
      'house_rules',
      'usage_agreement',
      'arrival_time',
    ]);
    expect(answer.body.screens[0]).toMatchObject({
      title: 'How can we reach you?',
      fields: [
        { name: 'email', required: true },
        { name: 'phone', required: true },
      ],
      completedAt: null,
      values: {},
    });
    expect(answer.body.screens.find((screen) => screen.name === 'house_rules')?.fields).toEqual([
      { name: 'accept', required: true },
      { name: 'signature', required: false },
    ]);
  });

  it('saves each screen, which a new visit reads again; saving again updates it, logged once', async () => {
    const reservation = await stay();
    const token = await tokenFor(reservation.id);
    const saved = await save(token, 'arrival_time', { arrival_time: '16:00' });
    expect(saved.status).toBe(200);
    const screen = saved.body.screens.find((item) => item.name === 'arrival_time');
    expect(screen?.values).toEqual({ arrival_time: '16:00' });
    expect(screen?.completedAt).toEqual(expect.any(String));
    const reread = await portal(token);
    expect(reread.body.screens.find((item) => item.name === 'arrival_time')).toEqual(screen);

    const changed = await save(token, 'arrival_time', {
      arrival_time: '21:15',
      arrival_note: 'Late flight',
    });
    const after = changed.body.screens.find((item) => item.name === 'arrival_time');
    expect(after?.values).toEqual({ arrival_time: '21:15', arrival_note: 'Late flight' });
    expect(after?.completedAt).toBe(screen?.completedAt);
    const completions = (await logOf(reservation.id)).filter(
      (entry) => entry.event === 'screen_completed',
    );
    expect(completions).toEqual([
      {
        event: 'screen_completed',
        actor_name: 'Guest (portal)',
        supervised: false,
        details: { screen: 'arrival_time', title: 'When will you arrive?' },
      },
    ]);
  });

  it('normalises the address as /task/address does', async () => {
    const reservation = await stay();
    await api.post(
      `/guestportal/controlScreen/reservation/${reservation.id}/address?state=on`,
      undefined,
      sessions.owner,
    );
    const token = await tokenFor(reservation.id);
    const saved = await save(token, 'address', COMPLETE_VALUES.address ?? {});
    expect(saved.status).toBe(200);
    expect(saved.body.screens.find((item) => item.name === 'address')?.values).toEqual({
      street: 'Rua Garrett 78',
      postal_code: '1200-204',
      city: 'Lisboa',
      country: 'PT',
    });
    const refused = await save(token, 'address', { street: '12', city: 'x', country: 'PT' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', field: 'values.street' });
  });

  it('takes the security deposit as the guest’s authorisation of the hold on their booking card', async () => {
    const reservation = await stay();
    await api.post(
      `/guestportal/controlScreen/reservation/${reservation.id}/security_deposit?state=on`,
      undefined,
      sessions.owner,
    );
    const token = await tokenFor(reservation.id);
    const refused = await save(token, 'security_deposit', {});
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'values.card', rule: 'required' });
    const unticked = await save(token, 'security_deposit', { card: false });
    expect(unticked.body).toMatchObject({ field: 'values.card', rule: 'required' });
    const saved = await save(token, 'security_deposit', { card: true });
    expect(saved.status).toBe(200);
    expect(saved.body.screens.find((item) => item.name === 'security_deposit')).toMatchObject({
      values: { card: true },
      completedAt: expect.any(String),
    });
  });

  it.each([
    [
      'a required field missing',
      'contact',
      { email: 'guest@example.com' },
      'values.phone',
      'required',
    ],
    [
      'an email that is not one',
      'contact',
      { email: 'guest@', phone: '+1 555 0100 22' },
      'values.email',
      'format',
    ],
    [
      'a phone that is not one',
      'contact',
      { email: 'g@example.com', phone: 'call me' },
      'values.phone',
      'pattern',
    ],
    [
      'a time that is not HH:MM',
      'arrival_time',
      { arrival_time: '25:00' },
      'values.arrival_time',
      'pattern',
    ],
    ['the rules not accepted', 'house_rules', { accept: false }, 'values.accept', 'required'],
    [
      'a one-letter signature',
      'usage_agreement',
      { accept: true, signature: 'A' },
      'values.signature',
      'minLength',
    ],
    [
      'a signature of spaces',
      'usage_agreement',
      { accept: true, signature: '    ' },
      'values.signature',
      'pattern',
    ],
    [
      'a field the screen does not ask for',
      'arrival_time',
      { arrival_time: '10:00', email: 'a@b.co' },
      'values.email',
      'allowed',
    ],
    [
      'a field no screen has',
      'contact',
      { email: 'a@b.co', phone: '+1 555 0100 22', iban: 'x' },
      'values.iban',
      'additionalProperties',
    ],
    [
      'a photo sent as a value',
      'selfie',
      { selfie: 'data:image/jpeg;base64,AAAA' },
      'values.selfie',
      'additionalProperties',
    ],
    ['a photo not uploaded yet', 'id_upload', {}, 'values.id_front', 'required'],
  ])(
    'refuses %s (400 naming the field) and keeps what was saved',
    async (_name, screen, values, field, rule) => {
      const reservation = await stay();
      const token = await tokenFor(reservation.id);
      expect((await save(token, 'arrival_time', { arrival_time: '09:30' })).status).toBe(200);
      const refused = await save(token, screen, values);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'invalid_request',
        message: expect.any(String),
        field,
        in: 'body',
        rule,
      });
      const kept = (await portal(token)).body.screens;
      expect(kept.find((item) => item.name === 'arrival_time')?.values).toEqual({
        arrival_time: '09:30',
      });
      if (screen !== 'arrival_time')
        expect(kept.find((item) => item.name === screen)?.completedAt).toBeNull();
    },
  );

  it('an image screen is complete once its photos are uploaded', async () => {
    const reservation = await stay();
    const token = await tokenFor(reservation.id);
    expect((await upload(token, 'id_front', await photo())).status).toBe(200);
    const half = await save(token, 'id_upload', {});
    expect(half.status).toBe(400);
    expect(half.body).toMatchObject({ field: 'values.id_back', rule: 'required' });
    expect((await upload(token, 'id_back', await photo())).status).toBe(200);
    const done = await save(token, 'id_upload', {});
    expect(done.status).toBe(200);
    expect(done.body.screens.find((item) => item.name === 'id_upload')?.completedAt).not.toBeNull();
  });

  it('a screen switched off for this stay is not in the portal and cannot be sent', async () => {
    const reservation = await stay();
    const off = await api.post(
      `/guestportal/controlScreen/reservation/${reservation.id}/selfie?state=off`,
      undefined,
      sessions.owner,
    );
    expect(off.status).toBe(200);
    const token = await tokenFor(reservation.id);
    const answer = await portal(token);
    expect(answer.body.screens.map((screen) => screen.name)).not.toContain('selfie');
    for (const refused of [
      await save(token, 'selfie', {}),
      await upload(token, 'selfie', await photo()),
      await save(token, 'address', COMPLETE_VALUES.address ?? {}), // off by default
      await save(token, 'no_such_screen', {}),
    ]) {
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ error: 'screen_not_found' });
    }
    expect((await link(reservation.id)).body.screensTotal).toBe(5);
  });
});

describe('the host’s guest-portal report', () => {
  it('holds the guest’s answers screen by screen and their own photos', async () => {
    const reservation = await stay();
    const token = await tokenFor(reservation.id);
    await completeScreens(token);
    expect((await complete(token)).status).toBe(200);
    const response = await api.app.inject({
      method: 'GET',
      url: `/user/reports/generate/guest-portal/${reservation.id}?download=1&format=csv&refresh=1`,
      headers: { authorization: sessions.owner },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toContainEqual(expect.stringMatching(/^portal,completed_at,\d{4}-/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^portal,contact\.email,guest@example\.com,\d{4}-/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^portal,usage_agreement\.signature,Ana Guest,/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^portal,house_rules\.accept,Yes,/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^portal,arrival_time\.arrival_time,15:30,/),
    );
    expect(
      lines.filter((line) => /^identity,(id_front|id_back|selfie),submitted,/.test(line)),
    ).toHaveLength(3);
  });
});

describe('finishing the portal', () => {
  async function heldMessage(reservationId: string): Promise<string> {
    const written = await api.post<{ deliveries: Array<{ id: string }> }>(
      '/stargate/messages',
      {
        reservation_id: reservationId,
        kind: 'door_code',
        title: 'Your door code',
        body: 'The code is 4821.',
      },
      sessions.owner,
    );
    expect(written.status).toBe(201);
    return written.body.deliveries[0]?.id ?? '';
  }

  it('409 while a screen is not done, naming it; nothing changes', async () => {
    const reservation = await stay();
    const token = await tokenFor(reservation.id);
    expect((await save(token, 'contact', COMPLETE_VALUES.contact ?? {})).status).toBe(200);
    const refused = await complete(token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'screens_incomplete',
      message:
        'Finish these steps first: “Your ID”, “A quick selfie”, “House rules”, “Rental agreement”, “When will you arrive?”.',
    });
    const [row] = await api.db.query<{ verification_status: string }>(
      'select verification_status from reservations where id = $1::bigint',
      [reservation.id],
    );
    expect(row?.verification_status).toBe('pending');
    expect((await portal(token)).body.completedAt).toBeNull();
  });

  it('moves the stay to review, logs it, re-screens it and tells the host; held messages wait for verified', async () => {
    const reservation = await stay();
    const token = await tokenFor(reservation.id);
    const deliveryId = await heldMessage(reservation.id);
    await completeScreens(token);
    const [before] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from notifications n join users u on u.id = n.user_id
       where u.email = 'owner@hostdash.test'`,
    );

    const done = await complete(token);
    expect(done.status).toBe(200);
    expect(done.body.completedAt).toEqual(expect.any(String));
    expect(done.body.messages).toEqual([]);
    const detail = await api.get<{ protect: { verification_status: string } }>(
      `/reservation/get/${reservation.id}`,
      sessions.owner,
    );
    expect(detail.body.protect.verification_status).toBe('review');

    const log = await logOf(reservation.id);
    const events = log.map((entry) => entry.event);
    expect(events.filter((event) => event === 'screen_completed')).toHaveLength(6);
    expect(log).toContainEqual(
      expect.objectContaining({ event: 'portal_completed', actor_name: 'Guest (portal)' }),
    );
    expect(log).toContainEqual({
      event: 'verification_changed',
      actor_name: 'Guest (portal)',
      supervised: false,
      details: { from: 'pending', to: 'review' },
    });
    expect(log).toContainEqual(
      expect.objectContaining({
        event: 'risk_recalculated',
        details: expect.objectContaining({ trigger: 'guest_portal_completed' }),
      }),
    );
    // Review is not verified: Stargate keeps the door code.
    expect(events).not.toContain('message_released');
    const [delivery] = await api.db.query<{ state: string }>(
      'select state from stargate_deliveries where id = $1::bigint',
      [deliveryId],
    );
    expect(delivery?.state).toBe('held');

    const notifications = await api.get<{ items?: Array<{ title: string; link: string }> }>(
      '/user/notifications/load?limit=50',
      sessions.owner,
    );
    const [after] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from notifications n join users u on u.id = n.user_id
       where u.email = 'owner@hostdash.test'`,
    );
    expect(after?.n).toBe((before?.n ?? 0) + 1);
    expect(JSON.stringify(notifications.body)).toContain(`/reservation/${reservation.id}`);

    // Finishing again changes nothing and logs nothing.
    const again = await complete(token);
    expect(again.status).toBe(200);
    expect(again.body.completedAt).toBe(done.body.completedAt);
    expect(await logOf(reservation.id)).toHaveLength(log.length);
    expect((await link(reservation.id)).body).toMatchObject({
      completedAt: done.body.completedAt,
      screensDone: 6,
      screensTotal: 6,
    });

    // The host verifies: the door code is released and the guest's page shows it.
    const verified = await api.post(
      `/reservation/changeVerification/${reservation.id}`,
      { status: 'verified' },
      sessions.owner,
    );
    expect(verified.status).toBe(200);
    const released = await portal(token);
    expect(released.body.messages).toEqual([
      {
        id: deliveryId,
        subject: 'Your door code',
        body: 'The code is 4821.',
        releasedAt: expect.any(String),
        texts: expect.objectContaining({
          pt: { subject: 'Your door code', body: 'The code is 4821.' },
        }),
      },
    ]);
  });

  it('leaves a host’s decision standing (a declined guest stays declined)', async () => {
    const reservation = await stay();
    const token = await tokenFor(reservation.id);
    await completeScreens(token);
    const declined = await api.post(
      `/reservation/changeVerification/${reservation.id}`,
      { status: 'declined', note: 'Booked for a party' },
      sessions.owner,
    );
    expect(declined.status).toBe(200);
    expect((await complete(token)).status).toBe(200);
    const [row] = await api.db.query<{ verification_status: string }>(
      'select verification_status from reservations where id = $1::bigint',
      [reservation.id],
    );
    expect(row?.verification_status).toBe('declined');
    const log = await logOf(reservation.id);
    expect(log.filter((entry) => entry.event === 'verification_changed')).toHaveLength(1);
    expect(log).toContainEqual(
      expect.objectContaining({
        event: 'risk_recalculated',
        details: expect.objectContaining({ trigger: 'guest_portal_completed' }),
      }),
    );
  });
});

test('the demo has an upcoming stay whose guest has not started the portal', async () => {
  const [demo] = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r
     where r.account_id = 1 and r.status = 'CONFIRMED' and r.check_in_date > current_date
       and r.verification_status = 'pending'
       and not exists (select 1 from guest_links g where g.reservation_id = r.id)
     order by r.check_in_date, r.id limit 1`,
  );
  expect(demo).toBeDefined();
  const answer = await link(demo?.id ?? '');
  expect(answer.body).toMatchObject({ expired: false, completedAt: null, screensDone: 0 });
});
