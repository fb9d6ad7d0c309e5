// A guest's photo uploads on the real database (issue 16): over 10 MB refused, anything that is not
// a JPEG or PNG refused by its content whatever it claims to be, HEIC refused with words a guest can
// act on, JPEG and PNG kept upright, at most 2000 px and without EXIF or location, as the stay's
// identity image the host sees.
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from './guestSchemas';
import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let owner = '';
/** Everything the API logged while this file ran (at info, as in production). */
const logLines: string[] = [];
/** Every guest token this file was given. */
const tokens: string[] = [];

beforeAll(async () => {
  api = await startTestApi({
    config: { logLevel: 'info' },
    logger: { stream: { write: (line) => logLines.push(line) } },
  });
  owner = await api.signIn('owner@hostdash.test');
});
afterAll(() => api.close());

const taken = new Set<string>();
/** A guest token of an upcoming stay of account 1 with no identity image yet (one per test). */
async function guestToken(): Promise<{ id: string; token: string }> {
  const rows = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r
     where r.account_id = 1 and r.status = 'CONFIRMED' and r.check_in_date > current_date
       and not exists (select 1 from reservation_images i where i.reservation_id = r.id)
     order by r.id`,
  );
  const row = rows.find((candidate) => !taken.has(candidate.id));
  if (!row) throw new Error('the seed has no free stay');
  taken.add(row.id);
  const link = await api.get<{ url: string }>(`/guestportal/link/${row.id}`, owner);
  const token = link.body.url.slice(api.config.guestPortalUrl.length);
  tokens.push(token);
  return { id: row.id, token };
}

function upload(token: string, kind: string, bytes: Buffer, type = 'image/jpeg') {
  return api.request<Record<string, unknown>>({
    method: 'POST',
    url: `/guest/portal/image/${kind}`,
    headers: { 'x-guest-token': token, 'content-type': type },
    payload: bytes,
  });
}

/** What the API kept: the guest's own preview and the host's view are the same bytes. */
async function stored(token: string, kind: string): Promise<Buffer> {
  const response = await api.app.inject({
    method: 'GET',
    url: `/guest/portal/image/${kind}`,
    headers: { 'x-guest-token': token },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.rawPayload;
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } });

describe('POST /guest/portal/image/{kind}', () => {
  it('keeps a JPEG upright, without its EXIF or GPS, where the host sees it', async () => {
    const { id, token } = await guestToken();
    // A phone's photo: taken sideways (orientation 6), with the camera and where it was taken.
    const taken = await canvas(120, 80)
      .jpeg()
      .withExif({
        IFD0: { Make: 'GuestPhone', Model: 'Model X' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '38/1 42/1 5/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '9/1 8/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(taken).metadata();
    expect(before.exif?.toString('latin1')).toContain('GuestPhone');
    expect(before.orientation).toBe(6);

    const answer = await upload(token, 'id_front', taken);
    expect(answer.status).toBe(200);
    // Turned upright: 120×80 shot sideways is 80×120.
    expect(answer.body).toEqual({
      kind: 'id_front',
      width: 80,
      height: 120,
      uploadedAt: expect.any(String),
    });
    const kept = await stored(token, 'id_front');
    const after = await sharp(kept).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 80, height: 120 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(kept.toString('latin1')).not.toContain('GuestPhone');

    // The host's reservation page reads the same image.
    const host = await api.app.inject({
      method: 'GET',
      url: `/reservation/image/${id}?image=id_front`,
      headers: { authorization: owner },
    });
    expect(host.statusCode).toBe(200);
    expect(host.rawPayload.equals(kept)).toBe(true);
    const detail = await api.get<{ images: Array<{ kind: string; rotation: number }> }>(
      `/reservation/get/${id}`,
      owner,
    );
    expect(detail.body.images).toEqual([
      expect.objectContaining({ kind: 'id_front', rotation: 0 }),
    ]);
  });

  it('takes a PNG (any type claimed), at most 2000 px, and a new upload replaces the old', async () => {
    const { token } = await guestToken();
    const png = await canvas(3000, 1500).png().toBuffer();
    const first = await upload(token, 'selfie', png, 'application/octet-stream');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'selfie', width: 2000, height: 1000 });
    const second = await upload(token, 'selfie', await canvas(300, 400).jpeg().toBuffer());
    expect(second.body).toMatchObject({ width: 300, height: 400 });
    const portal = await api.get<{ images: unknown[] }>('/guest/portal', undefined, {
      'x-guest-token': token,
    });
    expect(portal.body.images).toEqual([
      { kind: 'selfie', width: 300, height: 400, uploadedAt: second.body.uploadedAt },
    ]);
    expect(await sharp(await stored(token, 'selfie')).metadata()).toMatchObject({
      width: 300,
      height: 400,
    });
  });

  it('413 image_too_large over 10 MB, keeping the photo there was', async () => {
    const { token } = await guestToken();
    expect((await upload(token, 'id_back', await canvas(50, 50).jpeg().toBuffer())).status).toBe(
      200,
    );
    const tooBig = Buffer.concat([
      await canvas(50, 50).jpeg().toBuffer(),
      Buffer.alloc(MAX_IMAGE_BYTES),
    ]);
    const refused = await upload(token, 'id_back', tooBig);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ error: 'image_too_large' });
    expect(await sharp(await stored(token, 'id_back')).metadata()).toMatchObject({ width: 50 });
  });

  it('413 while it streams in, when no length was declared', async () => {
    const { token } = await guestToken();
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const response = await api.app.inject({
      method: 'POST',
      url: '/guest/portal/image/selfie',
      headers: { 'x-guest-token': token, 'content-type': 'image/jpeg' },
      // A stream has no Content-Length: the limit is found counting.
      payload: Readable.from(Array.from({ length: 11 }, () => chunk)),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'image_too_large' });
  });

  it.each([
    [
      'a PDF claimed as a JPEG',
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
      'image/jpeg',
    ],
    ['text claimed as a PNG', Buffer.from('not a photo at all'), 'image/png'],
    [
      'a JPEG cut short',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]),
      'image/jpeg',
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
  ])('415 image_type_unsupported for %s', async (_name, bytes, type) => {
    const { token } = await guestToken();
    const refused = await upload(token, 'selfie', bytes, type);
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({
      error: 'image_type_unsupported',
      message: 'Choose a JPEG or PNG photo.',
    });
  });

  it('415 image_heic_unsupported for a HEIC photo, saying what to do', async () => {
    const { token } = await guestToken();
    // An ISO-BMFF header with the heic brand, as an iPhone's photo starts.
    const heic = Buffer.concat([
      Buffer.from([0x00, 0x00, 0x00, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const refused = await upload(token, 'selfie', heic, 'image/heic');
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ error: 'image_heic_unsupported' });
    expect(String(refused.body.message)).toContain('Most Compatible');
  });

  it('400 for an empty body; 400 for a kind that is not a photo', async () => {
    const { token } = await guestToken();
    expect((await upload(token, 'selfie', Buffer.alloc(0))).status).toBe(400);
    const unknown = await upload(token, 'passport', await canvas(20, 20).jpeg().toBuffer());
    expect(unknown.status).toBe(400);
  });
});

describe('GET /guest/portal/image/{kind}', () => {
  it('404 image_not_found before an upload', async () => {
    const { token } = await guestToken();
    const answer = await api.get('/guest/portal/image/selfie', undefined, {
      'x-guest-token': token,
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: 'image_not_found' });
  });
});

test('no guest token reaches the logs (the calls above logged, by id, never by token)', () => {
  expect(tokens.length).toBeGreaterThan(5);
  expect(logLines.join('\n')).toContain('guest_image_uploaded');
  for (const token of tokens) expect(logLines.join('\n')).not.toContain(token);
});
