// Identity images: GET /reservation/image/{id} (the bytes) and GET /reservation/rotateImage/{id}
// (rotates for real with sharp). Blobs are content-addressed (sha256 of the bytes): a rotation
// writes a new blob and repoints only this reservation's row, so a blob shared with another
// reservation never changes under it. Vendors: 403.
// The bytes live in the storage under `identity/<sha256>`; the `identity_blobs` row keeps what is
// known of them. The object is written before the row that names it (an object no row names is
// harmless, a row without its object is not), and a row from before storage (its `bytes` still
// set) is read from the row (docs/adr/0021-object-storage.md).
import { createHash } from 'node:crypto';
import type { ObjectStorage } from '@hostdash/storage';
import { Type } from '@sinclair/typebox';
import sharp from 'sharp';
import { requireUser, type Caller } from '../auth/caller';
import type { AppContext } from '../context';
import type { Database, Sql } from '../db/database';
import { ApiError, notFound } from '../http/errors';
import { errors, IdParams, query, ref, SESSION, stringEnum, type Api } from '../http/schemas';
import { ReservationImageSchema, type ReservationImage } from '../reservations/reservationSchemas';
import { actorOf, appendLog } from '../protect/protectLog';
import {
  findReservationRef,
  IMAGE_KINDS,
  isoSql,
  refuseVendor,
  RESERVATION_NOT_FOUND_MESSAGE,
  type ImageKind,
} from '../reservations/reservationQueries';

export { IMAGE_KINDS, type ImageKind };
/** `any`: the first there is of these. */
const ANY_ORDER: readonly ImageKind[] = ['id_front', 'selfie', 'id_back'];
export const ROTATIONS = [90, 180, 270] as const;

const VENDOR_MESSAGE = 'Building staff do not have access to guests’ identity images.';
/** Compare-and-set attempts when two people rotate the same image at once. */
const ROTATE_ATTEMPTS = 3;

const KIND_NAMES: Record<ImageKind, string> = {
  id_front: 'ID front',
  id_back: 'ID back',
  selfie: 'selfie',
};

export interface StoredImage {
  kind: ImageKind;
  sha256: string;
  content_type: string;
  bytes: Buffer;
  width: number;
  height: number;
  rotation: number;
}

/** An image as the API describes it (the contract's ReservationImage). */
export type ImageInfo = ReservationImage;

const imageNotFound = (kind: ImageKind | 'any'): ApiError =>
  new ApiError(
    404,
    'image_not_found',
    kind === 'any'
      ? 'The guest has not uploaded any identity image yet.'
      : `The guest has not uploaded a ${KIND_NAMES[kind]} yet.`,
  );

/** Where a blob's bytes are in the storage. */
export const identityKey = (sha256: string): string => `identity/${sha256}`;

/** An image's row: its bytes only when it was kept before the storage (null otherwise). */
type ImageRow = Omit<StoredImage, 'bytes'> & { bytes: Uint8Array | null };

async function imageRows(sql: Sql, reservationId: string): Promise<ImageRow[]> {
  return sql.query<ImageRow>(
    `select i.kind, b.sha256, b.content_type, b.bytes, b.width, b.height, i.rotation
     from reservation_images i join identity_blobs b on b.sha256 = i.blob_sha256
     where i.reservation_id = $1::bigint
     order by array_position(array['id_front', 'id_back', 'selfie'], i.kind)`,
    [reservationId],
  );
}

/** A blob's bytes: the row's own (kept before the storage), else its object. */
async function withBytes(storage: ObjectStorage, row: ImageRow): Promise<StoredImage> {
  if (row.bytes) return { ...row, bytes: Buffer.from(row.bytes) };
  const object = await storage.get(identityKey(row.sha256));
  // The row is written only after its object: a missing one was lost, which is worth a 500 and a log.
  if (!object)
    throw new Error(
      `Identity image ${row.sha256} is missing from the storage (${storage.location})`,
    );
  return { ...row, bytes: object.body };
}

/** Every image of a reservation with its bytes (reports embed them). */
export async function loadImages(
  sql: Sql,
  storage: ObjectStorage,
  reservationId: string,
): Promise<StoredImage[]> {
  const rows = await imageRows(sql, reservationId);
  return Promise.all(rows.map((row) => withBytes(storage, row)));
}

/** The reservation's image of this kind (`any`: the first there is), without its bytes yet. */
async function pickImageRow(
  sql: Sql,
  reservationId: string,
  kind: ImageKind | 'any',
): Promise<ImageRow | null> {
  const rows = await imageRows(sql, reservationId);
  const order = kind === 'any' ? ANY_ORDER : [kind];
  for (const candidate of order) {
    const row = rows.find((stored) => stored.kind === candidate);
    if (row) return row;
  }
  return null;
}

/** The reservation's image of this kind (`any`: the first there is), with its bytes, or null. */
export async function findImage(
  sql: Sql,
  storage: ObjectStorage,
  reservationId: string,
  kind: ImageKind | 'any',
): Promise<StoredImage | null> {
  const row = await pickImageRow(sql, reservationId, kind);
  return row ? withBytes(storage, row) : null;
}

/** Image bytes to keep, with what sharp read of them. */
export interface NewBlob {
  content_type: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Puts the bytes in the storage under their sha256 and returns it. The first step of keeping a
 * blob: its row (recordBlob) comes after, in the caller's transaction.
 */
async function putBlob(storage: ObjectStorage, blob: NewBlob): Promise<string> {
  const sha256 = createHash('sha256').update(blob.bytes).digest('hex');
  await storage.put(identityKey(sha256), blob.bytes, { contentType: blob.content_type });
  return sha256;
}

/** The blob's row, once per content (the same bytes are one blob). */
async function recordBlob(tx: Sql, sha256: string, blob: NewBlob): Promise<void> {
  await tx.query(
    `insert into identity_blobs (sha256, content_type, bytes, width, height)
     values ($1, $2, null, $3, $4) on conflict (sha256) do nothing`,
    [sha256, blob.content_type, blob.width, blob.height],
  );
}

/**
 * Makes `blob` the reservation's image of this kind (a new upload: replaces the one there was, and
 * its rotation starts again at 0). The caller checked the reservation and prepared the bytes.
 */
export async function storeIdentityImage(
  db: Database,
  storage: ObjectStorage,
  reservationId: string,
  kind: ImageKind,
  blob: NewBlob,
): Promise<{ kind: ImageKind; width: number; height: number; updated_at: string }> {
  const sha256 = await putBlob(storage, blob);
  const [stored] = await db.transaction(async (tx) => {
    await recordBlob(tx, sha256, blob);
    return tx.query<{ updated_at: string }>(
      `insert into reservation_images (reservation_id, kind, blob_sha256, rotation, updated_at)
       values ($1::bigint, $2, $3, 0, now())
       on conflict (reservation_id, kind) do update set
         blob_sha256 = excluded.blob_sha256, rotation = 0, updated_at = excluded.updated_at
       returning ${isoSql('updated_at')} as updated_at`,
      [reservationId, kind, sha256],
    );
  });
  if (!stored) throw new Error('The image row was not written.');
  return { kind, width: blob.width, height: blob.height, updated_at: stored.updated_at };
}

/**
 * Rotates one image clockwise by `degrees` and repoints the reservation at the new blob. The
 * repoint only applies if nobody repointed it meanwhile (compare-and-set on the blob address).
 */
async function rotateImage(
  db: Database,
  storage: ObjectStorage,
  caller: Caller,
  reservation: { id: string; account_id: string },
  kind: ImageKind,
  degrees: number,
): Promise<ImageInfo> {
  for (let attempt = 0; attempt < ROTATE_ATTEMPTS; attempt += 1) {
    const image = await findImage(db, storage, reservation.id, kind);
    if (!image) throw imageNotFound(kind);
    const format = image.content_type === 'image/png' ? 'png' : 'jpeg';
    const pipeline = sharp(image.bytes).rotate(degrees);
    const { data, info } = await (
      format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 90 })
    ).toBuffer({ resolveWithObject: true });
    const rotated: NewBlob = {
      content_type: image.content_type,
      bytes: data,
      width: info.width,
      height: info.height,
    };
    const sha256 = await putBlob(storage, rotated);
    const result = await db.transaction(async (tx) => {
      await recordBlob(tx, sha256, rotated);
      const [updated] = await tx.query<ImageInfo>(
        `update reservation_images i
       set blob_sha256 = $3, rotation = (i.rotation + $4::int) % 360, updated_at = now()
       where i.reservation_id = $1::bigint and i.kind = $2 and i.blob_sha256 = $7
       returning i.kind, i.rotation, $5::int as width, $6::int as height, ${isoSql('i.updated_at')} as updated_at`,
        [reservation.id, kind, sha256, degrees, info.width, info.height, image.sha256],
      );
      if (!updated) return null; // repointed meanwhile: start again from the new image
      await appendLog(tx, {
        accountId: reservation.account_id,
        reservationId: reservation.id,
        event: 'image_rotated',
        actor: actorOf(caller),
        supervised: true,
        details: {
          kind,
          degrees,
          rotation: updated.rotation,
          width: info.width,
          height: info.height,
        },
      });
      return updated;
    });
    if (result) return result;
  }
  throw new ApiError(
    409,
    'conflict',
    'Someone else is rotating this image right now. Reload and try again.',
  );
}

export function registerImageRoutes(app: Api, { db, storage }: AppContext): void {
  app.get(
    '/reservation/image/:id',
    {
      schema: {
        summary: 'The bytes of a guest’s identity image',
        description:
          '`image=any` (the default): the first there is of id_front, id_back, selfie. Never cached by browsers; answers 304 to a matching If-None-Match. Not for vendors.',
        tags: ['images'],
        security: SESSION,
        params: IdParams,
        querystring: query({
          image: stringEnum([...IMAGE_KINDS, 'any'] as const, { default: 'any' }),
        }),
        response: {
          200: {
            description: 'The image (JPEG or PNG).',
            content: {
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'image/png': { schema: { type: 'string', format: 'binary' } },
            },
          },
          304: { description: 'Not changed since the ETag sent.', type: 'null' },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      const reservation = await findReservationRef(db, caller, request.params.id);
      if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
      const image = await pickImageRow(db, reservation.id, request.query.image);
      if (!image) throw imageNotFound(request.query.image);
      const etag = `"${image.sha256}"`;
      reply.headers({
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-disposition': `inline; filename="reservation-${reservation.id}-${image.kind}.${image.content_type.split('/')[1] ?? 'bin'}"`,
        etag,
      });
      // A browser that has these bytes is told so before they are fetched from the storage.
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const { bytes } = await withBytes(storage, image);
      return reply.type(image.content_type).send(bytes);
    },
  );

  app.get(
    '/reservation/rotateImage/:id',
    {
      schema: {
        summary: 'Rotate a guest’s identity image (the bytes change and are kept)',
        description:
          'Logged in the protect log. 409 `conflict` when someone else rotates it at the same moment. Not for vendors.',
        tags: ['images'],
        security: SESSION,
        params: IdParams,
        querystring: query({
          image: stringEnum(IMAGE_KINDS),
          degrees: Type.Unsafe<(typeof ROTATIONS)[number]>({
            type: 'integer',
            enum: [...ROTATIONS],
            default: 90,
            description: 'Clockwise.',
          }),
          // Rotation is always done before answering; the flag is accepted for the dashboard.
          sync: Type.Optional(Type.Integer({ enum: [0, 1] })),
        }),
        response: { 200: ref(ReservationImageSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await requireUser(db, request);
      refuseVendor(caller, VENDOR_MESSAGE);
      const reservation = await findReservationRef(db, caller, request.params.id);
      if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
      const rotated = await rotateImage(
        db,
        storage,
        caller,
        reservation,
        request.query.image,
        request.query.degrees,
      );
      request.log.info(
        { event: 'image_rotated', reservationId: reservation.id, kind: rotated.kind },
        'Image rotated',
      );
      return rotated;
    },
  );
}
