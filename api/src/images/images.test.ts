import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ReservationDetail } from '../reservations/reservationQueries';
import { blobOf } from '../testing/identityBlobs';
import { RESERVATION_NOT_FOUND, signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let sessions: Record<Role, string>;
/** Two reservations whose ID fronts are the same blob, and one with no image at all. */
let first = '';
let second = '';
let none = '';

beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
  const [pair] = await api.db.query<{ first: string; second: string }>(
    `select min(a.reservation_id)::text as first, max(a.reservation_id)::text as second
     from reservation_images a
     join reservations r on r.id = a.reservation_id
     where a.kind = 'id_front' and r.verification_status = 'verified'
     group by a.blob_sha256 having count(*) > 1
     order by a.blob_sha256 limit 1`,
  );
  first = pair?.first ?? '';
  second = pair?.second ?? '';
  const [empty] = await api.db.query<{ id: string }>(
    `select id::text as id from reservations r where account_id = 1 and verification_status = 'pending'
     and not exists (select 1 from reservation_images i where i.reservation_id = r.id) order by id limit 1`,
  );
  none = empty?.id ?? '';
});
afterAll(() => api.close());

/** The raw bytes of an image answer (inject's body is text; rawPayload keeps the bytes). */
async function image(id: string, query = '', role: Role = 'owner', headers = {}) {
  const response = await api.app.inject({
    method: 'GET',
    url: `/reservation/image/${id}${query}`,
    headers: { authorization: sessions[role], ...headers },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('GET /reservation/image/{id}', () => {
  it('serves the bytes with their type, never cached, never sniffed, with an ETag', async () => {
    const front = await image(first, '?image=id_front');
    expect(front.status).toBe(200);
    expect(front.headers['content-type']).toBe('image/jpeg');
    expect(front.headers['cache-control']).toBe('private, no-store');
    expect(front.headers['x-content-type-options']).toBe('nosniff');
    expect(front.headers.etag).toBe(`"${sha(front.bytes)}"`);
    expect(front.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const metadata = await sharp(front.bytes).metadata();
    expect([metadata.width, metadata.height].sort()).toEqual([300, 480]);

    const selfie = await image(first, '?image=selfie');
    expect(await sharp(selfie.bytes).metadata()).toMatchObject({ width: 320, height: 400 });
    // `any` (the default) is the ID front first.
    expect(sha((await image(first)).bytes)).toBe(sha(front.bytes));
    expect(
      (await image(first, '?image=id_front', 'owner', { 'if-none-match': front.headers.etag }))
        .status,
    ).toBe(304);
  });

  it('answers 404 in JSON when there is no such image, and keeps it from vendors and others', async () => {
    const missing = await image(none);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.bytes.toString())).toEqual({
      error: 'image_not_found',
      message: 'The guest has not uploaded any identity image yet.',
    });
    expect(JSON.parse((await image(none, '?image=selfie')).bytes.toString())).toMatchObject({
      message: 'The guest has not uploaded a selfie yet.',
    });
    expect((await image(first, '', 'vendor')).status).toBe(403);
    expect(JSON.parse((await image(first, '', 'newhost')).bytes.toString())).toEqual(
      RESERVATION_NOT_FOUND,
    );
    expect((await image(first, '?image=passport')).status).toBe(400);
    expect((await image(first, '', 'admin')).status).toBe(200);
  });
});

describe('GET /reservation/rotateImage/{id}', () => {
  const rotate = (id: string, query: string, role: Role = 'owner') =>
    api.get<Record<string, unknown>>(`/reservation/rotateImage/${id}/${query}`, sessions[role]);

  it('rotates for real, persists, and leaves another reservation sharing the blob alone', async () => {
    const before = await image(first, '?image=id_front');
    const otherBefore = await image(second, '?image=id_front');
    expect(sha(otherBefore.bytes)).toBe(sha(before.bytes)); // the same blob

    const response = await rotate(first, '?image=id_front&sync=1');
    expect(response.status).toBe(200);
    const { width: oldWidth = 0, height: oldHeight = 0 } = await sharp(before.bytes).metadata();
    expect(response.body).toEqual({
      kind: 'id_front',
      rotation: 90,
      width: oldHeight,
      height: oldWidth,
      updated_at: expect.stringMatching(/Z$/),
    });

    const after = await image(first, '?image=id_front');
    expect(sha(after.bytes)).not.toBe(sha(before.bytes));
    expect(await sharp(after.bytes).metadata()).toMatchObject({
      width: oldHeight,
      height: oldWidth,
    });
    // Turned clockwise: old (x, y) is new (oldHeight - 1 - y, x); counter-clockwise would not fit.
    const pixels = async (bytes: Buffer) => {
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      return (x: number, y: number) => data[(y * info.width + x) * info.channels] ?? 0;
    };
    const oldPixel = await pixels(before.bytes);
    const newPixel = await pixels(after.bytes);
    let clockwise = 0;
    let counter = 0;
    let samples = 0;
    for (let x = 20; x < oldWidth - 20; x += 37) {
      for (let y = 20; y < oldHeight - 20; y += 29) {
        clockwise += Math.abs(oldPixel(x, y) - newPixel(oldHeight - 1 - y, x));
        counter += Math.abs(oldPixel(x, y) - newPixel(y, oldWidth - 1 - x));
        samples += 1;
      }
    }
    expect(clockwise / samples).toBeLessThan(12);
    expect(counter / samples).toBeGreaterThan((clockwise / samples) * 2 + 10);

    expect(sha((await image(second, '?image=id_front')).bytes)).toBe(sha(otherBefore.bytes));
    const detail = (await api.get<ReservationDetail>(`/reservation/get/${first}`, sessions.owner))
      .body;
    expect(detail.images.find((item) => item.kind === 'id_front')).toMatchObject({
      rotation: 90,
      width: oldHeight,
      height: oldWidth,
    });
    const [logged] = (
      await api.get<{ items: Array<Record<string, unknown>> }>(
        `/reservation/protectLog/${first}`,
        sessions.owner,
      )
    ).body.items;
    expect(logged).toMatchObject({
      event: 'image_rotated',
      actor_name: 'Olivia Hart',
      details: { kind: 'id_front', degrees: 90, rotation: 90 },
    });
  });

  it('adds up rotations (90 + 270 is upright again) and takes 180', async () => {
    const start = await image(first, '?image=selfie');
    expect((await rotate(first, '?image=selfie&degrees=180')).body).toMatchObject({
      rotation: 180,
      width: 320,
      height: 400,
    });
    expect((await rotate(first, '?image=selfie&degrees=270')).body).toMatchObject({
      rotation: 90,
      width: 400,
      height: 320,
    });
    expect((await rotate(first, '?image=selfie&degrees=270')).body).toMatchObject({
      rotation: 0,
      width: 320,
      height: 400,
    });
    expect(sha((await image(first, '?image=selfie')).bytes)).not.toBe(sha(start.bytes)); // re-encoded
  });

  it('needs the image, a right angle, an image that exists, and the right caller', async () => {
    expect((await rotate(first, '')).body).toMatchObject({
      error: 'invalid_request',
      message: '"image" is required.',
    });
    expect((await rotate(first, '?image=any')).status).toBe(400);
    expect((await rotate(first, '?image=id_back&degrees=45')).body).toMatchObject({
      error: 'invalid_request',
      message: '"degrees" must be one of: 90, 180, 270.',
    });
    expect((await rotate(none, '?image=id_back')).body).toMatchObject({
      error: 'image_not_found',
    });
    expect((await rotate(first, '?image=id_back', 'vendor')).status).toBe(403);
    expect((await rotate(first, '?image=id_back', 'newhost')).body).toEqual(RESERVATION_NOT_FOUND);
  });
});

describe('where the bytes are kept (docs/adr/0021-object-storage.md)', () => {
  it('the seed’s and a rotation’s bytes are objects in the storage, their rows hold none', async () => {
    const seeded = await blobOf(api.db, second, 'id_back');
    expect(seeded.in_row).toBe(false);
    const object = await api.storage.get(`identity/${seeded.sha256}`);
    expect(object?.contentType).toBe('image/jpeg');
    expect(sha(object?.body ?? Buffer.alloc(0))).toBe(seeded.sha256);

    const rotate = await api.get(
      `/reservation/rotateImage/${second}?image=id_back&degrees=90`,
      sessions.owner,
    );
    expect(rotate.status).toBe(200);
    const rotated = await blobOf(api.db, second, 'id_back');
    expect(rotated).toMatchObject({ in_row: false });
    expect(rotated.sha256).not.toBe(seeded.sha256);
    const served = await image(second, '?image=id_back');
    expect(sha(served.bytes)).toBe(rotated.sha256);
    expect((await api.storage.get(`identity/${rotated.sha256}`))?.body.equals(served.bytes)).toBe(
      true,
    );
  });

  it('an image kept in its row before the storage existed is still served from the row', async () => {
    const { sha256 } = await blobOf(api.db, second, 'id_back');
    const key = `identity/${sha256}`;
    const object = await api.storage.get(key);
    if (!object) throw new Error('no object');
    // As a database from before version 26 has it: the bytes in the row, no object.
    await api.db.query('update identity_blobs set bytes = $2 where sha256 = $1', [
      sha256,
      object.body,
    ]);
    await api.storage.delete(key);
    try {
      const served = await image(second, '?image=id_back');
      expect(served.status).toBe(200);
      expect(served.bytes.equals(object.body)).toBe(true);
      expect(served.headers.etag).toBe(`"${sha256}"`);
    } finally {
      await api.storage.put(key, object.body, { contentType: object.contentType });
      await api.db.query('update identity_blobs set bytes = null where sha256 = $1', [sha256]);
    }
  });

  it('a row whose object is gone answers a plain 500 (a row is written only after its object)', async () => {
    const { sha256 } = await blobOf(api.db, second, 'id_back');
    const key = `identity/${sha256}`;
    const object = await api.storage.get(key);
    if (!object) throw new Error('no object');
    await api.storage.delete(key);
    try {
      const lost = await image(second, '?image=id_back');
      expect(lost.status).toBe(500);
      expect(JSON.parse(lost.bytes.toString())).toMatchObject({ error: 'internal' });
      // A browser that already has the bytes still hears they have not changed.
      expect(
        (await image(second, '?image=id_back', 'owner', { 'if-none-match': `"${sha256}"` })).status,
      ).toBe(304);
    } finally {
      await api.storage.put(key, object.body, { contentType: object.contentType });
    }
    expect((await image(second, '?image=id_back')).status).toBe(200);
  });
});
