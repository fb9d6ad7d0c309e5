// What a reservation's identity image row says of its bytes: the blob it points at, and whether
// the row holds the bytes itself (only images kept before the storage do: docs/adr/0021).
import type { Sql } from '../db/database';

export async function blobOf(
  sql: Sql,
  reservationId: string,
  kind: string,
): Promise<{ sha256: string; in_row: boolean }> {
  const [row] = await sql.query<{ sha256: string; in_row: boolean }>(
    `select b.sha256, b.bytes is not null as in_row
     from reservation_images i join identity_blobs b on b.sha256 = i.blob_sha256
     where i.reservation_id = $1::bigint and i.kind = $2`,
    [reservationId, kind],
  );
  if (!row) throw new Error(`reservation ${reservationId} has no ${kind}`);
  return row;
}
