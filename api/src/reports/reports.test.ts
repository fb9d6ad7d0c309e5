import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { ReservationDetail } from '../reservations/reservationQueries';
import { RESERVATION_NOT_FOUND, signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';
import { csvCell } from './reportContent';
import type { ReportTask } from './reportRoutes';

let api: TestApi;
let sessions: Record<Role, string>;
/** A reservation whose guest went through the portal (ID and selfie), and one who has not begun. */
let submitted = '';
let notStarted = '';

beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
  const [done] = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r where r.account_id = 1 and r.verification_status = 'verified'
       and (select count(*) from reservation_images i where i.reservation_id = r.id) = 3
     order by r.check_in_date desc, r.id limit 1`,
  );
  const [pending] = await api.db.query<{ id: string }>(
    `select r.id::text as id from reservations r where r.account_id = 1 and r.verification_status = 'pending'
       and not exists (select 1 from reservation_images i where i.reservation_id = r.id)
     order by r.id limit 1`,
  );
  submitted = done?.id ?? '';
  notStarted = pending?.id ?? '';
});
afterAll(() => api.close());

const task = (type: string, id: string, query = '', role: Role = 'owner') =>
  api.get<ReportTask & { error: string | null; message?: string }>(
    `/user/reports/generate/${type}/${id}${query}`,
    sessions[role],
  );

async function download(type: string, id: string, query = '') {
  const response = await api.app.inject({
    method: 'GET',
    url: `/user/reports/generate/${type}/${id}?download=1${query}`,
    headers: { authorization: sessions.owner },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/** How many images a PDF embeds (XObjects of subtype Image). */
function embeddedImages(pdf: PDFDocument): number {
  return pdf.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
}

describe('GET /user/reports/generate/guest-portal/{id}', () => {
  it('generates a real PDF with the images, stores the task and answers it', async () => {
    const response = await task('guest-portal', submitted);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      reservation_id: submitted,
      type: 'guest-portal',
      format: 'pdf',
      status: 'done',
      generated_at: expect.stringMatching(/Z$/),
      file_name: `guest-portal-reservation-${submitted}.pdf`,
      content_type: 'application/pdf',
      size: expect.any(Number),
      error: null,
    });

    const file = await download('guest-portal', submitted);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="guest-portal-reservation-${submitted}.pdf"`,
    );
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.bytes.length).toBe(response.body.size);
    const pdf = await PDFDocument.load(file.bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(2);
    expect(pdf.getTitle()).toBe(`Guest portal report, reservation ${submitted}`);
    expect(embeddedImages(pdf)).toBe(3);
  });

  it('reuses the stored file until refresh=1, which generates a new one', async () => {
    const first = (await task('guest-portal', submitted)).body;
    const again = (await task('guest-portal', submitted)).body;
    expect(again.generated_at).toBe(first.generated_at);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = (await task('guest-portal', submitted, '?refresh=1')).body;
    expect(refreshed.status).toBe('done');
    expect(Date.parse(refreshed.generated_at)).toBeGreaterThan(Date.parse(first.generated_at));
    const [{ n } = { n: 0 }] = await api.db.query<{ n: number }>(
      `select count(*)::int as n from protect_log where reservation_id = $1::bigint and event = 'report_generated'`,
      [submitted],
    );
    expect(n).toBe(2); // the first generation and the refresh; reuses are not generations
  });

  it('writes a CSV of what the guest submitted', async () => {
    const file = await download('guest-portal', submitted, '&format=csv');
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="guest-portal-reservation-${submitted}.csv"`,
    );
    const text = file.bytes.toString('utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('section,field,value,detail');
    const detail = (
      await api.get<ReservationDetail>(`/reservation/get/${submitted}`, sessions.owner)
    ).body;
    expect(lines).toContain(`contact,guest_name,${csvCell(detail.guest_name)},`);
    expect(lines).toContain(`contact,guest_email,${detail.guest_email},`);
    expect(
      lines.filter((line) => line.startsWith('identity,') && line.includes(',submitted,')),
    ).toHaveLength(3);
  });

  it('stores the failure when there is nothing to report yet, and answers 422', async () => {
    const response = await task('guest-portal', notStarted);
    expect(response).toMatchObject({
      status: 422,
      body: {
        error: 'nothing_to_report',
        message: expect.stringContaining('has not started the guest portal'),
      },
    });
    const detail = (
      await api.get<ReservationDetail>(`/reservation/get/${notStarted}`, sessions.owner)
    ).body;
    expect(detail.reports).toEqual([
      {
        type: 'guest-portal',
        format: 'pdf',
        status: 'failed',
        generated_at: expect.any(String),
        error: expect.stringContaining('nothing to report'),
      },
    ]);
    const [logged] = (
      await api.get<{ items: Array<Record<string, unknown>> }>(
        `/reservation/protectLog/${notStarted}`,
        sessions.owner,
      )
    ).body.items;
    expect(logged).toMatchObject({
      event: 'report_failed',
      details: { type: 'guest-portal', format: 'pdf' },
    });
    expect((await download('guest-portal', notStarted)).status).toBe(422);
  });
});

describe('GET /user/reports/generate/screening/{id}', () => {
  it('a PDF with the score, the factors and the log; a CSV of the same', async () => {
    const file = await download('screening', submitted);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(file.bytes);
    expect(pdf.getTitle()).toBe(`Screening report, reservation ${submitted}`);

    const csv = await download('screening', submitted, '&format=csv');
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const detail = (
      await api.get<ReservationDetail>(`/reservation/get/${submitted}`, sessions.owner)
    ).body;
    expect(lines).toContain(`summary,score,${detail.risk.score},`);
    expect(lines).toContain(`summary,colour,${detail.risk.colour},`);
    expect(lines).toContain('summary,tolerance,balanced,');
    expect(lines.filter((line) => line.startsWith('factor,'))).toHaveLength(
      detail.risk.factors.length,
    );
    expect(lines.some((line) => line.startsWith('log,screened,'))).toBe(true);
  });
});

describe('a long history', () => {
  it('keeps the screening PDF within two pages; the CSV lists the newest 100 entries', async () => {
    for (let index = 0; index < 110; index += 1)
      await api.post('/protect/webhook', { reservation: submitted }, sessions.owner);
    const pdf = await PDFDocument.load(
      (await download('screening', submitted, '&refresh=1')).bytes,
    );
    expect(pdf.getPageCount()).toBeLessThanOrEqual(2);
    const csv = await download('screening', submitted, '&format=csv&refresh=1');
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines.filter((line) => line.startsWith('log,'))).toHaveLength(100);
  });
});

describe('who may generate reports, and what they may ask', () => {
  it('not vendors; not other hosts; only known types and formats', async () => {
    expect((await task('guest-portal', submitted, '', 'vendor')).status).toBe(403);
    expect((await task('guest-portal', submitted, '', 'newhost')).body).toEqual(
      RESERVATION_NOT_FOUND,
    );
    expect((await task('invoice', submitted)).body).toMatchObject({
      error: 'invalid_request',
      message: '"type" must be one of: guest-portal, screening.',
    });
    expect((await task('screening', submitted, '?format=docx')).status).toBe(400);
    expect((await task('screening', submitted, '', 'manager')).status).toBe(200);
    expect((await task('screening', submitted, '', 'admin')).status).toBe(200);
    // The default type.
    expect(
      (await api.get<ReportTask>(`/user/reports/generate/${submitted}`, sessions.owner)).body.type,
    ).toBe('guest-portal');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('plain, with comma')).toBe('"plain, with comma"');
  });
});

describe('where the file is kept (docs/adr/0021-object-storage.md)', () => {
  const row = async (type: string, format: string) =>
    (
      await api.db.query<{ in_row: boolean; storage_key: string | null; size: number }>(
        `select bytes is not null as in_row, storage_key, size from reservation_reports
         where reservation_id = $1::bigint and type = $2 and format = $3`,
        [submitted, type, format],
      )
    )[0];

  it('in the storage under reports/<reservation>/<type>.<format>, the row holding what is known of it', async () => {
    const generated = await download('screening', submitted, '&format=csv&refresh=1');
    expect(generated.status).toBe(200);
    expect(await row('screening', 'csv')).toEqual({
      in_row: false,
      storage_key: `reports/${submitted}/screening.csv`,
      size: generated.bytes.length,
    });
    const object = await api.storage.get(`reports/${submitted}/screening.csv`);
    expect(object).toMatchObject({
      contentType: 'text/csv; charset=utf-8',
      size: generated.bytes.length,
    });
    expect(object?.body.equals(generated.bytes)).toBe(true);
    // The next download is that object.
    expect(
      (await download('screening', submitted, '&format=csv')).bytes.equals(generated.bytes),
    ).toBe(true);
  });

  it('a report kept in its row before the storage existed still downloads', async () => {
    const legacy = Buffer.from('"kept","in the row"\r\n');
    await api.db.query(
      `update reservation_reports set bytes = $2, storage_key = null, size = $3
       where reservation_id = $1::bigint and type = 'screening' and format = 'csv'`,
      [submitted, legacy, legacy.length],
    );
    await api.storage.delete(`reports/${submitted}/screening.csv`);
    const kept = await download('screening', submitted, '&format=csv');
    expect(kept.status).toBe(200);
    expect(kept.bytes.toString()).toBe(legacy.toString());
    // A refresh moves it to the storage.
    await download('screening', submitted, '&format=csv&refresh=1');
    expect(await row('screening', 'csv')).toMatchObject({ in_row: false });
    // The database refuses a done report with its file in both places or in neither.
    await expect(
      api.db.query(
        `update reservation_reports set bytes = null, storage_key = null
         where reservation_id = $1::bigint and type = 'screening' and format = 'csv'`,
        [submitted],
      ),
    ).rejects.toThrow(/reservation_reports_file_check/);
  });

  it('a report whose object is gone answers a plain 500, and refresh=1 makes it again', async () => {
    await download('screening', submitted, '&format=csv&refresh=1');
    await api.storage.delete(`reports/${submitted}/screening.csv`);
    const lost = await download('screening', submitted, '&format=csv');
    expect(lost.status).toBe(500);
    expect(JSON.parse(lost.bytes.toString())).toMatchObject({ error: 'internal' });
    expect((await download('screening', submitted, '&format=csv&refresh=1')).status).toBe(200);
    expect(await api.storage.head(`reports/${submitted}/screening.csv`)).not.toBeNull();
  });
});
