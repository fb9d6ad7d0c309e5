// GET /user/reports/generate/{type}/{id}?refresh=1&download=1&format=pdf|csv: generates a report
// (a real PDF with pdf-lib, or a CSV), stores the result or its failure as the reservation's task
// for that type and format, and answers the task (JSON) or the file. The stored file is reused
// until `refresh=1`. Vendors: 403.
// The file is kept in the storage (`reports/<reservation>/<type>.<format>`), written before the
// row that names it; a row from before the storage holds its file itself (docs/adr/0021).
import type { ObjectStorage } from '@hostdash/storage';
import { Type, type Static } from '@sinclair/typebox';
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import { ApiError, notFound } from '../http/errors';
import { errors, Id, query, ref, SESSION, stringEnum, type Api } from '../http/schemas';
import { ReportTaskSchema, type ReportTask } from '../reservations/reservationSchemas';
import { portalAnswers } from '../guest/guestPortal';
import { loadImages } from '../images/identityImages';
import { actorOf, appendLog, reservationLog } from '../protect/protectLog';
import {
  findReservation,
  isoSql,
  refuseVendor,
  RESERVATION_NOT_FOUND_MESSAGE,
} from '../reservations/reservationQueries';
import {
  CONTENT_TYPES,
  NothingToReport,
  renderReport,
  REPORT_FORMATS,
  REPORT_TYPES,
  reportFileName,
  type ReportFormat,
  type ReportType,
} from './reportContent';

/** The newest log entries a screening report holds. */
const REPORT_LOG_ENTRIES = 100;
const GENERIC_FAILURE = 'The report could not be generated. Try again in a moment.';

export type { ReportTask };

interface StoredReport extends ReportTask {
  /** The file, when the row holds it (kept before the storage, or just generated). */
  bytes: Uint8Array | null;
  /** Where the file is in the storage; null for a failed report or one the row holds. */
  storage_key: string | null;
}

/** One object per reservation, type and format: a new generation replaces the last one. */
const reportKey = (id: string, type: ReportType, format: ReportFormat): string =>
  `reports/${id}/${type}.${format}`;

/** A done report's file, from the row or the storage. */
async function reportFile(storage: ObjectStorage, report: StoredReport): Promise<Buffer> {
  if (report.bytes) return Buffer.from(report.bytes);
  const object = report.storage_key ? await storage.get(report.storage_key) : null;
  // The object is written before its row: a missing one was lost (a 500, and logged).
  if (!object)
    throw new Error(
      `Report ${report.reservation_id} ${report.type}.${report.format} is missing from the storage (${storage.location})`,
    );
  return object.body;
}

const ReportQuery = query({
  refresh: Type.Optional(Type.Integer({ enum: [0, 1], description: '1: generate it anew.' })),
  download: Type.Optional(
    Type.Integer({ enum: [0, 1], description: '1: answer the file instead of the task.' }),
  ),
  format: stringEnum(REPORT_FORMATS, { default: 'pdf' }),
});
type ReportQuery = Static<typeof ReportQuery>;

const TASK_COLUMNS = `reservation_id::text as reservation_id, type, format, status, ${isoSql('generated_at')} as generated_at,
  file_name, content_type, size, error`;

async function storedReport(
  db: Database,
  id: string,
  type: ReportType,
  format: ReportFormat,
): Promise<StoredReport | null> {
  const [row] = await db.query<StoredReport>(
    `select ${TASK_COLUMNS}, bytes, storage_key from reservation_reports
     where reservation_id = $1::bigint and type = $2 and format = $3`,
    [id, type, format],
  );
  return row ?? null;
}

/**
 * Puts a generated file in the storage, then writes the outcome (replacing the last one) and its
 * log entry, in one transaction.
 */
async function storeOutcome(
  db: Database,
  storage: ObjectStorage,
  caller: Caller,
  accountId: string,
  outcome: {
    id: string;
    type: ReportType;
    format: ReportFormat;
    bytes: Buffer | null;
    error: string | null;
  },
): Promise<StoredReport> {
  const done = outcome.bytes !== null;
  const key = done ? reportKey(outcome.id, outcome.type, outcome.format) : null;
  if (key && outcome.bytes)
    await storage.put(key, outcome.bytes, { contentType: CONTENT_TYPES[outcome.format] });
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx.query<StoredReport>(
      `insert into reservation_reports (reservation_id, type, format, status, generated_at, file_name, content_type, size, bytes, storage_key, error)
       values ($1::bigint, $2, $3, $4, now(), $5, $6, $7, null, $8, $9)
       on conflict (reservation_id, type, format) do update
       set status = excluded.status, generated_at = excluded.generated_at, file_name = excluded.file_name,
           content_type = excluded.content_type, size = excluded.size, bytes = null,
           storage_key = excluded.storage_key, error = excluded.error
       returning ${TASK_COLUMNS}, bytes, storage_key`,
      [
        outcome.id,
        outcome.type,
        outcome.format,
        done ? 'done' : 'failed',
        done ? reportFileName(outcome.type, outcome.id, outcome.format) : null,
        done ? CONTENT_TYPES[outcome.format] : null,
        outcome.bytes?.length ?? null,
        key,
        outcome.error,
      ],
    );
    if (!row) throw new Error('report: not stored');
    await appendLog(tx, {
      accountId,
      reservationId: outcome.id,
      event: done ? 'report_generated' : 'report_failed',
      actor: actorOf(caller),
      supervised: false,
      details: done
        ? { type: outcome.type, format: outcome.format, file_name: row.file_name, size: row.size }
        : { type: outcome.type, format: outcome.format, error: outcome.error },
    });
    return row;
  });
  // The file just made is at hand: a download now needs no trip to the storage.
  return { ...stored, bytes: outcome.bytes };
}

export function registerReportRoutes(app: Api, { db, storage }: AppContext): void {
  const handler = async (
    caller: Caller,
    id: string,
    type: ReportType,
    query: ReportQuery,
    log: { error(object: unknown, message: string): void },
  ): Promise<StoredReport> => {
    refuseVendor(caller, 'Building staff do not have access to guest reports.');
    const reservation = await findReservation(db, caller, id);
    if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
    const { format } = query;
    const existing = await storedReport(db, reservation.id, type, format);
    if (existing?.status === 'done' && query.refresh !== 1) return existing;

    const generatedAt = new Date();
    try {
      const [images, portal, history] = await Promise.all([
        type === 'guest-portal' ? loadImages(db, storage, reservation.id) : Promise.resolve([]),
        type === 'guest-portal' ? portalAnswers(db, reservation.id) : Promise.resolve(null),
        type === 'screening'
          ? reservationLog(db, reservation.id, 0, REPORT_LOG_ENTRIES)
          : Promise.resolve({ items: [], total: 0 }),
      ]);
      const bytes = await renderReport(type, format, {
        reservation,
        images,
        portal,
        log: history.items,
        logTotal: history.total,
        generatedAt,
      });
      return await storeOutcome(db, storage, caller, reservation.account_id, {
        id: reservation.id,
        type,
        format,
        bytes,
        error: null,
      });
    } catch (error) {
      const nothing = error instanceof NothingToReport;
      if (!nothing) log.error({ err: error, reservationId: id, type }, 'Report generation failed');
      await storeOutcome(db, storage, caller, reservation.account_id, {
        id: reservation.id,
        type,
        format,
        bytes: null,
        error: nothing ? error.message : GENERIC_FAILURE,
      });
      throw nothing
        ? new ApiError(422, 'nothing_to_report', error.message)
        : new ApiError(500, 'report_failed', GENERIC_FAILURE);
    }
  };

  const file = { schema: { type: 'string', format: 'binary' } };

  const register = (path: string, withType: boolean): void => {
    app.get(
      path,
      {
        schema: {
          summary: withType
            ? 'Generate a reservation’s report, or download it'
            : 'Generate a reservation’s guest-portal report, or download it',
          description:
            'Answers the task (its file, or why it failed: the error is kept in the task); with `download=1`, the file. A stored file is reused until `refresh=1`. 422 `nothing_to_report` when the reservation has nothing for it. Not for vendors.',
          tags: ['reports'],
          security: SESSION,
          params: withType
            ? Type.Object({
                id: Id(),
                type: stringEnum(REPORT_TYPES),
              })
            : Type.Object({ id: Id() }),
          querystring: ReportQuery,
          response: {
            200: {
              description: 'The task (JSON), or with `download=1` the file.',
              content: {
                'application/json': { schema: ref(ReportTaskSchema) },
                'application/pdf': file,
                'text/csv': file,
              },
            },
            ...errors(400, 401, 403, 404, 422, 500),
          },
        },
      },
      async (request, reply) => {
        const caller = await requireUser(db, request);
        const type = 'type' in request.params ? request.params.type : 'guest-portal';
        const report = await handler(caller, request.params.id, type, request.query, request.log);
        if (request.query.download === 1 && report.status === 'done') {
          const bytes = await reportFile(storage, report);
          return reply
            .headers({
              'content-type': report.content_type ?? 'application/octet-stream',
              'content-disposition': `attachment; filename="${report.file_name ?? 'report'}"`,
              'cache-control': 'private, no-store',
              'x-content-type-options': 'nosniff',
            })
            .send(bytes);
        }
        const { bytes: _bytes, storage_key: _key, ...task } = report;
        return task;
      },
    );
  };
  register('/user/reports/generate/:type/:id', true);
  // The default type (spec: "default type guest-portal").
  register('/user/reports/generate/:id', false);
}
