// The file paths with an S3-compatible bucket as the storage (the fake S3 server from
// @hostdash/storage/testing) instead of the folder: the seed's images read from it, a guest's upload
// and a rotation written to it before their rows, a report and a paid invoice's PDF kept in it.
import { createHash } from 'node:crypto';
import { startFakeS3, type FakeS3 } from '@hostdash/storage/testing';
import sharp from 'sharp';
import { blobOf } from '../testing/identityBlobs';
import { startTestApi, type TestApi } from '../testing/testApi';

let fake: FakeS3;
let api: TestApi;
let owner = '';

beforeAll(async () => {
  // Small pages: copying the seed's files in lists the bucket over several.
  fake = await startFakeS3({ pageSize: 5 });
  api = await startTestApi({ storage: fake.storage() });
  owner = await api.signIn('owner@hostdash.test');
});
afterAll(async () => {
  await api.close();
  await fake.close();
});

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(url: string, headers: Record<string, string> = { authorization: owner }) {
  const response = await api.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

it('serves the seed’s identity images from the bucket', async () => {
  const [verified] = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r where r.account_id = 1 and r.verification_status = 'verified'
     order by r.id limit 1`,
  );
  const id = verified?.id ?? '';
  const selfie = await bytesOf(`/reservation/image/${id}?image=selfie`);
  const blob = await blobOf(api.db, id, 'selfie');
  expect(blob).toEqual({ sha256: sha(selfie), in_row: false });
  expect(
    fake.requests.some(
      (request) => request.method === 'GET' && request.key === `identity/${blob.sha256}`,
    ),
  ).toBe(true);
});

it('puts a guest’s photo and a rotation in the bucket before their rows', async () => {
  const [stay] = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r
     where r.account_id = 1 and r.status = 'CONFIRMED' and r.check_in_date > current_date
       and not exists (select 1 from reservation_images i where i.reservation_id = r.id)
     order by r.id limit 1`,
  );
  const id = stay?.id ?? '';
  const link = await api.get<{ url: string }>(`/guestportal/link/${id}`, owner);
  const token = link.body.url.slice(api.config.guestPortalUrl.length);
  const photo = await sharp({
    create: { width: 90, height: 60, channels: 3, background: '#2e7d32' },
  })
    .jpeg()
    .toBuffer();
  const uploaded = await api.request({
    method: 'POST',
    url: '/guest/portal/image/id_front',
    headers: { 'x-guest-token': token, 'content-type': 'image/jpeg' },
    payload: photo,
  });
  expect(uploaded.status).toBe(200);

  const kept = await blobOf(api.db, id, 'id_front');
  expect(kept.in_row).toBe(false);
  const object = fake.objects.get(`identity/${kept.sha256}`);
  expect(object?.contentType).toBe('image/jpeg');
  const put = fake.requests.findIndex(
    (request) => request.method === 'PUT' && request.key === `identity/${kept.sha256}`,
  );
  expect(put).toBeGreaterThanOrEqual(0);
  expect(
    (await bytesOf(`/reservation/image/${id}?image=id_front`)).equals(
      object?.body ?? Buffer.alloc(0),
    ),
  ).toBe(true);

  const rotated = await api.get(`/reservation/rotateImage/${id}?image=id_front&degrees=90`, owner);
  expect(rotated.body).toMatchObject({ rotation: 90, width: 60, height: 90 });
  const turned = await blobOf(api.db, id, 'id_front');
  expect(turned.sha256).not.toBe(kept.sha256);
  expect(
    fake.objects
      .get(`identity/${turned.sha256}`)
      ?.body.equals(await bytesOf(`/reservation/image/${id}?image=id_front`)),
  ).toBe(true);
});

it('keeps a report and a paid invoice’s PDF in the bucket', async () => {
  const [done] = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r where r.account_id = 1 and r.verification_status = 'verified'
       and (select count(*) from reservation_images i where i.reservation_id = r.id) = 3
     order by r.id limit 1`,
  );
  const id = done?.id ?? '';
  const report = await bytesOf(`/user/reports/generate/guest-portal/${id}?download=1`);
  expect(report.subarray(0, 5).toString()).toBe('%PDF-');
  expect(fake.objects.get(`reports/${id}/guest-portal.pdf`)).toMatchObject({
    contentType: 'application/pdf',
    body: report,
  });
  // Downloaded again: the object, not a new generation.
  expect(
    (await bytesOf(`/user/reports/generate/guest-portal/${id}?download=1`)).equals(report),
  ).toBe(true);

  const [paid] = await api.db.query<{ id: string }>(
    "select id::text as id from invoices where account_id = 1 and status = 'paid' order by id limit 1",
  );
  const invoice = await bytesOf(`/user/billing/invoice/${paid?.id}/pdf`);
  const [kept] = await api.db.query<{ storage_key: string }>(
    'select storage_key from invoice_documents where invoice_id = $1::bigint',
    [paid?.id],
  );
  expect(fake.objects.get(kept?.storage_key ?? '')?.body.equals(invoice)).toBe(true);
});
