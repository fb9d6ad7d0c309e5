// The credentials a property-management system proves its webhooks with, one set per connection
// (docs/adr/0027-pms-webhooks-and-sync.md): Hostaway's "Unified webhook" sends a login and password
// as HTTP basic auth; Guesty signs each delivery the Svix way (`svix-id`, `svix-timestamp`,
// `svix-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the bytes of a
// `whsec_…` secret). Hostdash makes them when the owner first asks for them and keeps them sealed
// like the API credentials (the owner may read them again to paste them); a route compares in
// constant time and never logs what it received.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../../db/database';
import type { PmsName } from '../pms';
import type { SecretVault } from '../../secrets/vault';

/** The systems whose webhooks Hostdash receives. */
export const WEBHOOK_SYSTEMS = ['hostaway', 'guesty'] as const;
export type WebhookSystem = (typeof WEBHOOK_SYSTEMS)[number];
export const hasWebhooks = (pms: PmsName): pms is WebhookSystem =>
  (WEBHOOK_SYSTEMS as readonly string[]).includes(pms);

/** Svix refuses a delivery signed more than 5 minutes before or after its receiver's clock. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export type WebhookSecret =
  { kind: 'basic'; login: string; password: string } | { kind: 'svix'; secret: string };

/** A new set for a system: a login and a 32-character password, or a `whsec_` secret of 24 bytes. */
export function newWebhookSecret(system: WebhookSystem): WebhookSecret {
  return system === 'hostaway'
    ? {
        kind: 'basic',
        login: `hostdash-${randomBytes(4).toString('hex')}`,
        password: randomBytes(24).toString('base64url'),
      }
    : { kind: 'svix', secret: `whsec_${randomBytes(24).toString('base64')}` };
}

function parse(credentials: Readonly<Record<string, string>>): WebhookSecret | null {
  if (credentials.kind === 'basic' && credentials.login && credentials.password)
    return { kind: 'basic', login: credentials.login, password: credentials.password };
  if (credentials.kind === 'svix' && credentials.secret?.startsWith('whsec_'))
    return { kind: 'svix', secret: credentials.secret };
  return null;
}

/** Opens a connection's sealed webhook secret (null: none yet, or not readable with this key). */
export function openWebhookSecret(vault: SecretVault, sealed: unknown): WebhookSecret | null {
  if (sealed === null || sealed === undefined) return null;
  try {
    return parse(vault.open(sealed));
  } catch {
    return null;
  }
}

/**
 * The connection's webhook id and secret, made (and sealed) the first time they are asked for.
 * Null when the connection does not exist or its system sends no webhooks Hostdash reads.
 */
export async function ensureWebhookSecret(
  sql: Sql,
  vault: SecretVault,
  connectionId: string,
): Promise<{ pms: WebhookSystem; webhookId: string; secret: WebhookSecret } | null> {
  const [row] = await sql.query<{ pms: PmsName; webhook_id: string; webhook_secret: unknown }>(
    'select pms, webhook_id, webhook_secret from pms_connections where id = $1::bigint',
    [connectionId],
  );
  if (!row || !hasWebhooks(row.pms)) return null;
  const existing = openWebhookSecret(vault, row.webhook_secret);
  if (existing) return { pms: row.pms, webhookId: row.webhook_id, secret: existing };
  const secret = newWebhookSecret(row.pms);
  // Two first asks at once: the one written first wins, both answer it.
  const [written] = await sql.query<{ webhook_secret: unknown }>(
    `update pms_connections set webhook_secret = coalesce(webhook_secret, $2::jsonb)
     where id = $1::bigint returning webhook_secret`,
    [connectionId, JSON.stringify(vault.seal({ ...secret }))],
  );
  const kept = openWebhookSecret(vault, written?.webhook_secret) ?? secret;
  return { pms: row.pms, webhookId: row.webhook_id, secret: kept };
}

const sameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // Compared in constant time even when the lengths differ (no early exit on length).
  return a.length === b.length ? timingSafeEqual(a, b) : (timingSafeEqual(b, b), false);
};

/** Whether an `Authorization: Basic …` header carries exactly this login and password. */
export function basicAuthMatches(header: string | undefined, login: string, password: string) {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both compared, whatever the first gave: the time says nothing about which one was wrong.
  const loginOk = sameText(decoded.slice(0, colon), login);
  const passwordOk = sameText(decoded.slice(colon + 1), password);
  return loginOk && passwordOk;
}

/** The `v1,<base64>` signature of a delivery, as Svix computes it. */
export function svixSignature(secret: string, id: string, timestamp: string, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export type SvixCheck = 'ok' | 'missing' | 'stale' | 'bad_signature';

/**
 * Checks a Svix-signed delivery: the three headers present, the timestamp within 5 minutes of
 * `now`, and one of the space-separated signatures (a secret being rotated signs twice) right.
 */
export function checkSvix(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  now: number = Date.now(),
): SvixCheck {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'stale';
  if (Math.abs(now - Number(timestamp) * 1000) > SIGNATURE_TOLERANCE_MS) return 'stale';
  const expected = svixSignature(secret, id, timestamp, body).slice(3);
  const matches = signature
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => sameText(part.slice(3), expected));
  return matches.includes(true) ? 'ok' : 'bad_signature';
}
