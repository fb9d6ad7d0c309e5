// The shell server's word on a telemetry batch (issue 30, finding 2): who sent it, and which
// version of each remote this server serves that user, signed so the API can tell it from anything
// a browser could write. Only stamped telemetry counts for a rollout verdict, one session per user;
// the format, and the API's half that checks it, are in api/src/telemetry/telemetryStamp.ts.
// Node's crypto only: the API's tests sign with this module too, so both halves are tested together.
import { createHash, createHmac } from 'node:crypto';

export const TELEMETRY_STAMP_HEADER = 'x-telemetry-stamp';

export interface ServedRemote {
  /** The versions this user may be running: a canary's candidate first, then the live one. */
  versions: string[];
  /** The user is on the remote's rollout (the candidate is theirs). */
  inRollout: boolean;
}

export interface StampClaims {
  /** The user as telemetry names them (telemetryUserHash). */
  user: string;
  remotes: Record<string, ServedRemote>;
}

/** The key both servers derive from DELIVERY_TOKEN, so the token itself never signs anything. */
export const stampKey = (deliveryToken: string): Buffer =>
  createHmac('sha256', deliveryToken).update('hostdash telemetry stamp v1').digest();

/** The hash the browser's telemetry gives a user id (shell/src/telemetry/shape.ts hashUserId). */
export const telemetryUserHash = (userId: string): string =>
  createHash('sha256').update(`hostdash-telemetry:${userId}`).digest('hex');

/** The X-Telemetry-Stamp value for this body, made at `now`. */
export function signStamp(key: Buffer, claims: StampClaims, body: Uint8Array, now = Date.now()) {
  const payload = Buffer.from(JSON.stringify({ v: 1, at: now, ...claims })).toString('base64url');
  const bodyDigest = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha256', key).update(`${payload}.${bodyDigest}`).digest();
  return `${payload}.${signature.toString('base64url')}`;
}
