// What the shell server vouches for about a telemetry batch (issue 30, finding 2). The collector is
// public: a batch's user, remote versions and rollout flag are whatever its sender wrote, and 80
// invented batches once decided a rollout. So the shell server's proxy, which knows who is signed
// in on the cookie that came with the batch and which versions it serves that user, adds a stamp:
//
//   X-Telemetry-Stamp: <payload>.<signature>
//   payload   = base64url(JSON { v: 1, at: <ms>, user: <hash>, remotes: { <name>: { versions, inRollout } } })
//   signature = base64url(HMAC-SHA256(key, "<payload>.<sha256 of the body, hex>"))
//   key       = HMAC-SHA256(DELIVERY_TOKEN, "hostdash telemetry stamp v1")
//
// The signature covers the body's bytes, so a stamp vouches for one batch only, and it is good for
// STAMP_MAX_AGE_MS. Without DELIVERY_TOKEN nothing is vouched for, and no verdict is made either.
// The shell server's half is shell/server/telemetryStamp.ts; both test the same fixed vector.
import { createHash, createHmac, timingSafeEqual, type Hash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';

export const TELEMETRY_STAMP_HEADER = 'x-telemetry-stamp';
/** A stamp older than this (or as far in the future) vouches for nothing. */
export const STAMP_MAX_AGE_MS = 5 * 60_000;
/** The header's shape (the route's header schema): two base64url parts, the second an HMAC. */
export const STAMP_PATTERN = '^[A-Za-z0-9_-]{1,8000}\\.[A-Za-z0-9_-]{43}$';

const USER_HASH = Type.String({ pattern: '^[0-9a-f]{64}$' });
const StampPayload = Type.Object(
  {
    v: Type.Literal(1),
    at: Type.Integer({ minimum: 0 }),
    user: USER_HASH,
    remotes: Type.Record(
      Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' }),
      Type.Object(
        {
          versions: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 2 }),
          inRollout: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
/** What a verified stamp says: the user (as telemetry hashes them) and each remote they were served. */
export type TelemetryStamp = Omit<Static<typeof StampPayload>, 'v' | 'at'>;

export const stampKey = (deliveryToken: string): Buffer =>
  createHmac('sha256', deliveryToken).update('hostdash telemetry stamp v1').digest();

const signature = (key: Buffer, payload: string, bodyDigest: string): Buffer =>
  createHmac('sha256', key).update(`${payload}.${bodyDigest}`).digest();

/**
 * The stamp's claims when its signature is ours for this body and it is recent; null otherwise
 * (the batch is then stored as anyone's: analytics, never a verdict).
 */
export function verifyStamp(
  header: string,
  bodyDigest: string,
  key: Buffer,
  now = Date.now(),
): TelemetryStamp | null {
  const [payload = '', sent = ''] = header.split('.');
  const expected = signature(key, payload, bodyDigest);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Value.Check(StampPayload, claims)) return null;
  if (Math.abs(now - claims.at) > STAMP_MAX_AGE_MS) return null;
  return { user: claims.user, remotes: claims.remotes };
}

const bodyHashes = new WeakMap<FastifyRequest, Hash>();

/** preParsing: the SHA-256 of the body's bytes as they arrive, for the stamp's signature. */
export async function hashBody(
  request: FastifyRequest,
  _reply: unknown,
  payload: Readable,
): Promise<Readable> {
  const hash = createHash('sha256');
  bodyHashes.set(request, hash);
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  payload.on('error', (error) => hashed.destroy(error));
  return payload.pipe(hashed);
}

/** The stamp on a batch whose body has been read, or null (none, or not ours). */
export function stampOf(request: FastifyRequest, key: Buffer | null): TelemetryStamp | null {
  const header = request.headers[TELEMETRY_STAMP_HEADER];
  const hash = bodyHashes.get(request);
  if (key === null || typeof header !== 'string' || !hash) return null;
  return verifyStamp(header, hash.digest('hex'), key);
}
