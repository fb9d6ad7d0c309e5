// The collector's limits. It is public and called by every open tab, so:
// - a body is at most 256 KB (a batch of 200 events at their longest is well under), refused from
//   its Content-Length before anything is read, and a streamed body without one is counted as it
//   arrives and refused the moment it passes the limit: a multi-megabyte batch is never held;
// - batches are counted per tab session and per client address in fixed minutes, in the
//   `throttles` table (migration 0006), so every API instance counts the same.
// Fixed minutes, not sign-in's back-off streaks (auth/throttle.ts): a tab that reports steadily
// all day must never build up a wait; only a burst over the minute's allowance is refused.
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../db/database';
import { ApiError } from '../http/errors';

export const MAX_BATCH_BYTES = 256 * 1024;

export const payloadTooLarge = (): ApiError =>
  new ApiError(
    413,
    'payload_too_large',
    `A telemetry batch is at most ${MAX_BATCH_BYTES / 1024} KB: send fewer events at a time.`,
  );

/**
 * preParsing: refuses a declared length over the limit at once, and passes a streamed body on
 * through a counter that fails it at the first byte over.
 */
export async function limitBatchSize(
  request: FastifyRequest,
  _reply: unknown,
  payload: Readable,
): Promise<Readable> {
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_BATCH_BYTES) throw payloadTooLarge();
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > MAX_BATCH_BYTES) done(payloadTooLarge());
      else done(null, chunk);
    },
  });
  payload.on('error', (error) => counted.destroy(error));
  return payload.pipe(counted);
}

/** A count of batches per subject (a session, a client) in each minute. */
export interface MinuteLimit {
  /** Names the key space in `throttles` (`telemetry_session:<hash>`). */
  name: string;
  /** Batches allowed in one minute. */
  perMinute: number;
}

/**
 * Counts a batch for `subject` in the current minute; the seconds until the minute ends when it
 * is over the allowance (429), otherwise null. One upsert: concurrent batches cannot slip past it.
 */
export async function countBatch(
  sql: Sql,
  limit: MinuteLimit,
  subject: string,
): Promise<number | null> {
  const key = `${limit.name}:${createHash('sha256').update(subject, 'utf8').digest('hex')}`;
  const [counted] = await sql.query<{ hits: number; seconds: number }>(
    `insert into throttles as t (key, hits, blocked_until, expires_at)
     values ($1, 1, now(), date_trunc('minute', now()) + interval '1 minute')
     on conflict (key) do update set
       hits = case when t.expires_at <= now() then 1 else t.hits + 1 end,
       blocked_until = case when t.expires_at <= now() or t.hits < $2 then now() else t.expires_at end,
       expires_at = case when t.expires_at <= now() then excluded.expires_at else t.expires_at end
     returning t.hits, greatest(1, ceil(extract(epoch from t.expires_at - now())))::int as seconds`,
    [key, limit.perMinute],
  );
  if (!counted || counted.hits <= limit.perMinute) return null;
  return counted.seconds;
}
