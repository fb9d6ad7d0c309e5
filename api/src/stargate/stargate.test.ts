// Stargate on the real database (issue 16): a message held until its guest is verified and then
// released on its own (logged), released by hand with a note, withdrawn, released at once for a
// guest already verified, a listing's message reaching each of its stays, building staff who see
// their buildings' stays without the words, another account that finds nothing, and the released
// messages the guest's portal page reads.
import { releasedMessages } from './relay';
import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
const sessions = { owner: '', manager: '', vendor: '', otherOwner: '' };

beforeAll(async () => {
  api = await startTestApi();
  sessions.owner = await api.signIn('owner@hostdash.test');
  sessions.manager = await api.signIn('manager@hostdash.test');
  sessions.vendor = await api.signIn('vendor@hostdash.test');
  sessions.otherOwner = await api.signIn('newhost@hostdash.test');
});
afterAll(() => api.close());

interface Delivery {
  id: string;
  message_id: string;
  kind: string;
  title: string | null;
  body: string | null;
  for_listing: boolean;
  author_name: string;
  state: 'held' | 'released' | 'withdrawn';
  created_at: string;
  released_at: string | null;
  released_automatically: boolean;
  released_by_name: string | null;
  note: string | null;
  withdrawn_at: string | null;
  reservation: {
    id: string;
    guest_first_name: string;
    check_in_date: string;
    listing_id: string;
    listing_nickname: string;
    verification_status: string;
  };
}
interface Message {
  id: string;
  listing_id: string | null;
  reservation_id: string | null;
  deliveries: Delivery[];
}
interface Page {
  items: Delivery[];
  total: number;
  size: number;
  from: number;
}
interface LogRow {
  actor_name: string;
  actor_user_id: string | null;
  supervised: boolean;
  note: string | null;
  details: Record<string, unknown>;
}

/**
 * Stays of account 1 nobody else in this file uses: each test takes its own, at a listing without
 * the seed's check-in message (so what a test sees is what it wrote).
 */
const taken = new Set<string>();
async function stay(where: string): Promise<{ id: string; guest_name: string }> {
  const rows = await api.db.query<{ id: string; guest_name: string }>(
    `select r.id::text as id, r.guest_name from reservations r
     join listings l on l.id = r.listing_id left join buildings b on b.id = l.building_id
     where r.account_id = 1 and r.status = 'CONFIRMED' and r.check_out_date >= current_date
       and not exists (select 1 from stargate_messages m where m.listing_id = r.listing_id) and ${where}
     order by r.id`,
  );
  const row = rows.find((candidate) => !taken.has(candidate.id));
  if (!row) throw new Error(`the seed has no free stay where ${where}`);
  taken.add(row.id);
  return row;
}
const unverified = (extra = 'true') =>
  stay(`r.verification_status in ('pending', 'review') and ${extra}`);

const write = (target: Record<string, string>, session = sessions.owner, extra = {}) =>
  api.post<Message & { error?: string }>(
    '/stargate/messages',
    {
      ...target,
      kind: 'door_code',
      title: 'Your door code',
      body: 'The code is 4821, then press the bell.',
      ...extra,
    },
    session,
  );

const verify = (reservationId: string) =>
  api.post(
    `/reservation/changeVerification/${reservationId}`,
    { status: 'verified', note: 'ID matches the booking.' },
    sessions.owner,
  );

const releaseLog = (reservationId: string) =>
  api.db.query<LogRow>(
    `select actor_name, actor_user_id::text as actor_user_id, supervised, note, details
     from protect_log where reservation_id = $1::bigint and event = 'message_released' order by id`,
    [reservationId],
  );

test('a message is held until the guest is verified, then released on its own and logged', async () => {
  const reservation = await unverified();
  const written = await write({ reservation_id: reservation.id });
  expect(written.status).toBe(201);
  expect(written.body).toMatchObject({ reservation_id: reservation.id, listing_id: null });
  expect(written.body.deliveries).toEqual([
    expect.objectContaining({
      state: 'held',
      title: 'Your door code',
      released_at: null,
      released_automatically: false,
      for_listing: false,
      author_name: 'Olivia Hart',
      reservation: expect.objectContaining({
        id: reservation.id,
        guest_first_name: reservation.guest_name.split(' ')[0],
      }),
    }),
  ]);
  expect(await releasedMessages(api.db, reservation.id)).toEqual([]);
  expect(await releaseLog(reservation.id)).toEqual([]);

  expect((await verify(reservation.id)).status).toBe(200);

  const view = await api.get<{ items: Delivery[] }>(
    `/stargate/reservation/${reservation.id}`,
    sessions.owner,
  );
  expect(view.body.items).toEqual([
    expect.objectContaining({
      state: 'released',
      released_automatically: true,
      released_by_name: null,
      note: null,
      released_at: expect.any(String),
    }),
  ]);
  const [entry, ...more] = await releaseLog(reservation.id);
  expect(more).toEqual([]);
  expect(entry).toMatchObject({
    actor_name: 'Guest messages',
    actor_user_id: null,
    supervised: false,
    details: expect.objectContaining({
      automatic: true,
      message: 'Your door code',
      delivery_id: written.body.deliveries[0]?.id,
    }),
  });
  expect(await releasedMessages(api.db, reservation.id)).toEqual([
    {
      id: written.body.deliveries[0]?.id,
      kind: 'door_code',
      title: 'Your door code',
      body: 'The code is 4821, then press the bell.',
      translations: {},
      released_at: view.body.items[0]?.released_at,
    },
  ]);
});

test('the protect log names the relay "Guest messages", also in entries written as "Stargate"', async () => {
  const reservation = await unverified();
  // An entry from before issue 33, when the relay logged under its internal name.
  await api.db.query(
    `insert into protect_log (account_id, reservation_id, event, actor_name, details)
     values (1, $1::bigint, 'message_released', 'Stargate', '{"automatic": true}'::jsonb)`,
    [reservation.id],
  );
  const log = await api.get<{ items: { event: string; actor_name: string }[] }>(
    `/reservation/protectLog/${reservation.id}`,
    sessions.owner,
  );
  expect(log.status).toBe(200);
  const released = log.body.items.filter((item) => item.event === 'message_released');
  expect(released.map((item) => item.actor_name)).toEqual(['Guest messages']);
  const account = await api.get<{ items: { reservation_id: string | null; actor_name: string }[] }>(
    `/protect/log?size=100`,
    sessions.owner,
  );
  expect(account.status).toBe(200);
  const names = account.body.items.map((item) => item.actor_name);
  expect(names).not.toContain('Stargate');
});

test('a manager releases a held message by hand with a note, once', async () => {
  const reservation = await unverified();
  const written = await write({ reservation_id: reservation.id }, sessions.manager);
  const deliveryId = written.body.deliveries[0]?.id ?? '';
  const url = `/stargate/deliveries/${deliveryId}/release`;

  const noNote = await api.post(url, {}, sessions.manager);
  expect(noNote.status).toBe(400);
  expect(noNote.body).toMatchObject({ error: 'invalid_request', field: 'note' });
  expect((await api.post(url, { note: '   ' }, sessions.manager)).status).toBe(400);
  expect((await api.post(url, { note: 'x'.repeat(501) }, sessions.manager)).status).toBe(400);

  const released = await api.post<Delivery>(
    url,
    { note: '  The guest showed her passport at the desk.  ' },
    sessions.manager,
  );
  expect(released.status).toBe(200);
  expect(released.body).toMatchObject({
    id: deliveryId,
    state: 'released',
    released_automatically: false,
    released_by_name: 'Marcus Reed',
    note: 'The guest showed her passport at the desk.',
  });
  expect(await releaseLog(reservation.id)).toEqual([
    expect.objectContaining({
      actor_name: 'Marcus Reed',
      supervised: true,
      note: 'The guest showed her passport at the desk.',
      details: expect.objectContaining({ automatic: false }),
    }),
  ]);

  const again = await api.post(url, { note: 'Once more.' }, sessions.owner);
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ error: 'already_released' });
  // Verifying later changes nothing: it went already, and is logged once.
  await verify(reservation.id);
  expect(await releaseLog(reservation.id)).toHaveLength(1);
});

test('a withdrawn message never goes out, not even when the guest is verified', async () => {
  const reservation = await unverified();
  const written = await write({ reservation_id: reservation.id });
  const deliveryId = written.body.deliveries[0]?.id ?? '';

  const withdrawn = await api.post<Delivery>(
    `/stargate/deliveries/${deliveryId}/withdraw`,
    undefined,
    sessions.owner,
  );
  expect(withdrawn.status).toBe(200);
  expect(withdrawn.body).toMatchObject({
    state: 'withdrawn',
    withdrawn_at: expect.any(String),
    released_at: null,
  });
  const twice = await api.post(
    `/stargate/deliveries/${deliveryId}/withdraw`,
    undefined,
    sessions.owner,
  );
  expect(twice.status).toBe(409);
  expect(twice.body).toMatchObject({ error: 'already_withdrawn' });
  const release = await api.post(
    `/stargate/deliveries/${deliveryId}/release`,
    { note: 'Changed my mind.' },
    sessions.owner,
  );
  expect(release.body).toMatchObject({ error: 'already_withdrawn' });

  await verify(reservation.id);
  expect(await releaseLog(reservation.id)).toEqual([]);
  expect(await releasedMessages(api.db, reservation.id)).toEqual([]);
  // The reservation's view leaves it out; the list finds it by its state.
  const view = await api.get<{ items: Delivery[] }>(
    `/stargate/reservation/${reservation.id}`,
    sessions.owner,
  );
  expect(view.body.items).toEqual([]);
  const list = await api.get<Page>(
    `/stargate/messages?state=withdrawn&reservation_id=${reservation.id}`,
    sessions.owner,
  );
  expect(list.body.items.map((item) => item.id)).toEqual([deliveryId]);
});

test('a message for a guest already verified is released at once', async () => {
  const reservation = await stay(`r.verification_status = 'verified'`);
  const written = await write({ reservation_id: reservation.id });
  expect(written.status).toBe(201);
  expect(written.body.deliveries).toEqual([
    expect.objectContaining({ state: 'released', released_automatically: true }),
  ]);
  expect(await releaseLog(reservation.id)).toContainEqual(
    expect.objectContaining({
      actor_name: 'Guest messages',
      details: expect.objectContaining({ delivery_id: written.body.deliveries[0]?.id }),
    }),
  );
  expect(await releasedMessages(api.db, reservation.id)).toContainEqual(
    expect.objectContaining({ title: 'Your door code' }),
  );
});

test('a listing’s message reaches each of its stays still to come, released one by one', async () => {
  const [listing] = await api.db.query<{ id: string }>(
    `select l.id::text as id from listings l join reservations r on r.listing_id = l.id
     where l.account_id = 1 and r.status <> 'CANCELLED' and r.check_out_date >= current_date
       and r.verification_status in ('pending', 'review')
       and not exists (select 1 from stargate_messages m where m.listing_id = l.id)
     group by l.id having count(*) >= 2 order by count(*) desc, l.id limit 1`,
  );
  const listingId = listing?.id ?? '';
  const expected = await api.db.query<{ id: string }>(
    `select id::text as id from reservations
     where listing_id = $1::bigint and status <> 'CANCELLED' and check_out_date >= current_date
     order by id`,
    [listingId],
  );
  const written = await write({ listing_id: listingId }, sessions.owner, {
    kind: 'check_in_instructions',
    title: 'How to get in',
  });
  expect(written.status).toBe(201);
  expect(written.body).toMatchObject({ listing_id: listingId, reservation_id: null });
  const deliveries = written.body.deliveries;
  expect(deliveries.map((delivery) => delivery.reservation.id).sort()).toEqual(
    expected.map((row) => row.id).sort(),
  );
  expect(deliveries.every((delivery) => delivery.for_listing)).toBe(true);
  for (const delivery of deliveries)
    expect(delivery.state).toBe(
      delivery.reservation.verification_status === 'verified' ? 'released' : 'held',
    );

  // One guest verified: only their copy goes.
  const held = deliveries.filter((delivery) => delivery.state === 'held');
  expect(held.length).toBeGreaterThanOrEqual(2);
  const [first, ...others] = held;
  await verify(first?.reservation.id ?? '');
  const list = await api.get<Page>(
    `/stargate/messages?listing_id=${listingId}&size=100`,
    sessions.owner,
  );
  const mine = list.body.items.filter((item) => item.message_id === written.body.id);
  expect(mine.find((item) => item.id === first?.id)?.state).toBe('released');
  for (const other of others) expect(mine.find((item) => item.id === other.id)?.state).toBe('held');
  const heldOnly = await api.get<Page>(
    `/stargate/messages?listing_id=${listingId}&state=held&size=100`,
    sessions.owner,
  );
  expect(heldOnly.body.items.every((item) => item.state === 'held')).toBe(true);
  expect(heldOnly.body.items.map((item) => item.id)).not.toContain(first?.id);

  // A stay booked afterwards is one of the listing's stays too: its copy waits for its guest.
  const booked = await api.post<{ id: string; version: number }>(
    '/reservation/create',
    {
      listing_id: listingId,
      guest_name: 'Ines Late',
      guest_email: 'ines.late@example.com',
      guests: 2,
      check_in_date: '2031-05-10',
      check_out_date: '2031-05-13',
      source: 'direct',
    },
    sessions.owner,
  );
  expect(booked.status).toBe(201);
  const late = await api.get<{ items: Delivery[] }>(
    `/stargate/reservation/${booked.body.id}`,
    sessions.owner,
  );
  expect(late.body.items).toEqual([
    expect.objectContaining({
      message_id: written.body.id,
      state: 'held',
      for_listing: true,
      reservation: expect.objectContaining({ guest_first_name: 'Ines' }),
    }),
  ]);

  // Moved to another listing: the old listing's copy is withdrawn, it will not go out.
  const [elsewhere] = await api.db.query<{ id: string }>(
    'select id::text as id from listings where account_id = 1 and id <> $1::bigint order by id limit 1',
    [listingId],
  );
  const moved = await api.post(
    `/reservation/update/${booked.body.id}`,
    { version: booked.body.version, listing_id: elsewhere?.id },
    sessions.owner,
  );
  expect(moved.status).toBe(200);
  const after = await api.get<Page>(
    `/stargate/messages?reservation_id=${booked.body.id}`,
    sessions.owner,
  );
  expect(after.body.items).toEqual([
    expect.objectContaining({ message_id: written.body.id, state: 'withdrawn' }),
  ]);
});

test('the list is newest first and paged', async () => {
  const page = await api.get<Page>('/stargate/messages?size=2', sessions.owner);
  expect(page.status).toBe(200);
  expect(page.body).toMatchObject({ size: 2, from: 0 });
  expect(page.body.total).toBeGreaterThan(2);
  const next = await api.get<Page>('/stargate/messages?size=2&from=2', sessions.owner);
  const times = [...page.body.items, ...next.body.items].map((item) => item.id);
  expect(new Set(times).size).toBe(4);
  // Newest first by when each was made, then by id: the seed's same-day bookings shortly after
  // midnight are newer than its older rows with higher ids.
  const all = await api.get<Page>('/stargate/messages?size=100', sessions.owner);
  const order = all.body.items.map((item) => ({ at: item.created_at, id: Number(item.id) }));
  expect(order).toEqual(
    [...order].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1)),
  );
});

/** The buildings granted to the seeded vendor (Marina Lofts among them). */
const GRANTED_BUILDINGS = `select g.building_id from vendor_grants g join users u on u.id = g.user_id
  where u.email = 'vendor@hostdash.test'`;

test('building staff see their buildings’ stays without the words, and cannot act', async () => {
  const inside = await unverified(`b.slug = 'marina-lofts'`);
  const outside = await unverified(
    `(l.building_id is null or l.building_id not in (${GRANTED_BUILDINGS}))`,
  );
  const insideMessage = await write({ reservation_id: inside.id });
  await write({ reservation_id: outside.id });
  await api.post(
    `/stargate/deliveries/${insideMessage.body.deliveries[0]?.id ?? ''}/release`,
    { note: 'A private note for the team.' },
    sessions.owner,
  );

  const list = await api.get<Page>('/stargate/messages?size=100', sessions.vendor);
  expect(list.status).toBe(200);
  expect(list.body.items.length).toBeGreaterThan(0);
  const ids = list.body.items.map((item) => item.reservation.id);
  expect(ids).toContain(inside.id);
  expect(ids).not.toContain(outside.id);
  const granted = await api.db.query<{ id: string }>(
    `select l.id::text as id from listings l where l.building_id in (${GRANTED_BUILDINGS})`,
  );
  const grantedIds = new Set(granted.map((row) => row.id));
  for (const item of list.body.items) {
    expect(grantedIds.has(item.reservation.listing_id)).toBe(true);
    expect([item.title, item.body, item.note]).toEqual([null, null, null]);
  }

  const view = await api.get<{ items: Delivery[] }>(
    `/stargate/reservation/${inside.id}`,
    sessions.vendor,
  );
  expect(view.status).toBe(200);
  expect(view.body.items).toEqual([
    expect.objectContaining({ state: 'released', title: null, body: null, note: null }),
  ]);
  expect((await api.get(`/stargate/reservation/${outside.id}`, sessions.vendor)).status).toBe(404);
  const refused = await write({ reservation_id: inside.id }, sessions.vendor);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: 'forbidden' });
});

test('another account finds none of it', async () => {
  const reservation = await unverified();
  const written = await write({ reservation_id: reservation.id });
  const deliveryId = written.body.deliveries[0]?.id ?? '';
  const [listing] = await api.db.query<{ id: string }>(
    'select id::text as id from listings where account_id = 1 order by id limit 1',
  );
  const other = sessions.otherOwner;
  expect((await api.get(`/stargate/reservation/${reservation.id}`, other)).status).toBe(404);
  for (const action of ['release', 'withdraw']) {
    const response = await api.post(
      `/stargate/deliveries/${deliveryId}/${action}`,
      action === 'release' ? { note: 'Not mine.' } : undefined,
      other,
    );
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: 'not_found' });
  }
  expect((await write({ reservation_id: reservation.id }, other)).status).toBe(404);
  expect((await write({ listing_id: listing?.id ?? '' }, other)).status).toBe(404);
  const list = await api.get<Page>('/stargate/messages?size=100', other);
  expect(list.body.items.map((item) => item.id)).not.toContain(deliveryId);
  // Still held for its own account.
  const mine = await api.get<{ items: Delivery[] }>(
    `/stargate/reservation/${reservation.id}`,
    sessions.owner,
  );
  expect(mine.body.items).toEqual([expect.objectContaining({ id: deliveryId, state: 'held' })]);
});

test('a message names exactly one target, a kind, and words within the limits', async () => {
  const reservation = await unverified();
  const [listing] = await api.db.query<{ id: string }>(
    'select id::text as id from listings where account_id = 1 order by id limit 1',
  );
  const refused = async (body: Record<string, unknown>) => {
    const response = await api.post('/stargate/messages', body, sessions.owner);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'invalid_request' });
    return response.body;
  };
  const fields = { kind: 'door_code', title: 'Code', body: '1234' };
  const oneTarget = { message: 'Send exactly one of: listing_id, reservation_id.', rule: 'oneOf' };
  expect(await refused({ ...fields })).toMatchObject(oneTarget);
  expect(
    await refused({ ...fields, reservation_id: reservation.id, listing_id: listing?.id }),
  ).toMatchObject(oneTarget);
  await refused({ ...fields, reservation_id: reservation.id, kind: 'parcel' });
  expect(await refused({ ...fields, reservation_id: reservation.id, title: '  ' })).toMatchObject({
    message: '"title" must be written out, not only spaces.',
    field: 'title',
  });
  await refused({ ...fields, reservation_id: reservation.id, body: 'x'.repeat(5001) });
  expect(
    await refused({ ...fields, reservation_id: reservation.id, channel: 'sms' }),
  ).toMatchObject({ field: 'channel' });
  expect((await write({ reservation_id: '999999999' })).status).toBe(404);
  // Nothing was written for it.
  const view = await api.get<{ items: Delivery[] }>(
    `/stargate/reservation/${reservation.id}`,
    sessions.owner,
  );
  expect(view.body.items).toEqual([]);
});
