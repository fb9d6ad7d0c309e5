// Throttling with exponential back-off, kept in the database (table `throttles`, migration 0006)
// so that every API instance counts the same attempts. The policy — which keys, what limits and
// why no key can lock an account's owner out — is docs/adr/0009-sign-in-throttling.md.
//
// A key counts attempts in a streak: the first `limit` are free, after that each further one makes
// the next wait `baseMs`, doubling up to `maxMs`. A streak is forgotten `windowMs` after its last
// wait ends. An attempt is counted *before* it is tried (`takeSlot`), in one upsert per key, so a
// burst of concurrent attempts cannot all pass a check made before any of them was counted; an
// attempt that turns out fine gives its slot back (`releaseSlot`).
import { createHash } from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { ApiConfig } from '../config';
import type { Sql } from '../db/database';
import { ApiError } from '../http/errors';

export interface ThrottleRule {
  /** Names the key space in the table (`sign_in_email_client:<hash>`). */
  name: string;
  /** Counted attempts in a streak before each further one waits. */
  limit: number;
  /** The first wait. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
  /** Quiet time after the last wait ends that forgets the streak. */
  windowMs: number;
}

/** An attempt counted against a key. */
export interface Slot {
  key: string;
  /** The streak's count once this attempt was added. */
  hits: number;
}

/** `{ slot }` when the attempt may go ahead (it is counted), `{ waitSeconds }` when it must wait. */
export type SlotOutcome = { slot: Slot; waitSeconds?: undefined } | { waitSeconds: number };

/** The key of `subject` under `rule`: its SHA-256, so the table holds no email or address. */
export function throttleKey(rule: ThrottleRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject, 'utf8').digest('hex')}`;
}

const STREAK = `case when t.expires_at <= now() then 1 else t.hits + 1 end`;
const upsert = (onlyWhenFree: boolean): string => `
  insert into throttles as t (key, hits, blocked_until, expires_at)
  values ($1, 1, now() + throttle_wait(1, $2, $3, $4),
          now() + throttle_wait(1, $2, $3, $4) + $5::float8 * interval '1 millisecond')
  on conflict (key) do update set
    hits = ${STREAK},
    blocked_until = now() + throttle_wait(${STREAK}, $2, $3, $4),
    expires_at = now() + throttle_wait(${STREAK}, $2, $3, $4) + $5::float8 * interval '1 millisecond'
  ${onlyWhenFree ? 'where t.blocked_until <= clock_timestamp()' : ''}
  returning t.hits`;
// Free is judged by the clock when the row is checked, not by now() (when the statement began): on
// a server, a concurrent attempt waits for the row, and another attempt may have set its
// `blocked_until` (now() + no wait) to a moment after this one's now(). With now(), that attempt
// was refused a wait of "1 second" that nobody had earned (PGlite runs one statement at a time).

const ruleParams = (rule: ThrottleRule): unknown[] => [
  rule.limit,
  rule.baseMs,
  rule.maxMs,
  rule.windowMs,
];

/** Counts an attempt for `subject` unless it must wait; then nothing is counted. */
export async function takeSlot(
  sql: Sql,
  rule: ThrottleRule,
  subject: string,
): Promise<SlotOutcome> {
  const key = throttleKey(rule, subject);
  const [counted] = await sql.query<{ hits: number }>(upsert(true), [key, ...ruleParams(rule)]);
  if (counted) return { slot: { key, hits: counted.hits } };
  const [blocked] = await sql.query<{ seconds: number }>(
    `select ceil(extract(epoch from blocked_until - now()))::int as seconds from throttles where key = $1`,
    [key],
  );
  return { waitSeconds: Math.max(1, blocked?.seconds ?? 1) };
}

/** Counts an attempt that has already been made (a wrong second-step code). */
export async function recordAttempt(sql: Sql, rule: ThrottleRule, subject: string): Promise<void> {
  await sql.query(upsert(false), [throttleKey(rule, subject), ...ruleParams(rule)]);
}

/**
 * Gives back a slot whose attempt turned out fine (the right password): it no longer counts, and
 * the wait it started, if it started one and nothing was counted since, is lifted.
 */
export async function releaseSlot(sql: Sql, slot: Slot): Promise<void> {
  await sql.query(
    `update throttles
     set hits = greatest(hits - 1, 0),
         blocked_until = case when hits = $2 then least(blocked_until, now()) else blocked_until end
     where key = $1`,
    [slot.key, slot.hits],
  );
}

/** Forgets a key's streak (a complete sign-in for that email from that client). */
export async function clearThrottle(sql: Sql, rule: ThrottleRule, subject: string): Promise<void> {
  await sql.query('delete from throttles where key = $1', [throttleKey(rule, subject)]);
}

/** Takes a slot under every rule, or none: a wait under one gives back those already taken. */
export async function takeSlots(
  sql: Sql,
  attempts: ReadonlyArray<{ rule: ThrottleRule; subject: string }>,
): Promise<{ slots: Slot[]; waitSeconds?: undefined } | { waitSeconds: number }> {
  const slots: Slot[] = [];
  for (const { rule, subject } of attempts) {
    const outcome = await takeSlot(sql, rule, subject);
    if (outcome.waitSeconds !== undefined) {
      for (const slot of slots) await releaseSlot(sql, slot);
      return { waitSeconds: outcome.waitSeconds };
    }
    slots.push(outcome.slot);
  }
  return { slots };
}

// ---------------------------------------------------------------------------------------------
// The policy's rules (ADR 9).

export interface SignInRules {
  /** Failures for one email from one client: the owner's own client is never refused for another's. */
  emailClient: ThrottleRule;
  /** Failures from one client, whatever the emails: password spraying. */
  client: ThrottleRule;
}

export function signInRules(config: ApiConfig): SignInRules {
  const backOff = {
    baseMs: config.loginBackoffMs,
    maxMs: config.loginBackoffMaxMs,
    windowMs: config.loginRateWindowMs,
  };
  return {
    emailClient: { name: 'sign_in_email_client', limit: config.loginRateLimit, ...backOff },
    client: { name: 'sign_in_client', limit: config.loginClientRateLimit, ...backOff },
  };
}

export interface ResetRules {
  /** Requests from one client: one address cannot mail every user. */
  client: ThrottleRule;
  /** Requests for one email, from anywhere: one user's inbox is not flooded. */
  email: ThrottleRule;
}

export function resetRules(config: ApiConfig): ResetRules {
  const fixed = {
    baseMs: config.resetRateWindowMs,
    maxMs: config.resetRateWindowMs,
    windowMs: config.resetRateWindowMs,
  };
  return {
    client: { name: 'password_reset_client', limit: config.resetRateLimit, ...fixed },
    email: { name: 'password_reset_email', limit: config.resetEmailRateLimit, ...fixed },
  };
}

/** A subject made of an email and a client. */
export const emailClientSubject = (email: string, client: string): string => `${email}\n${client}`;

/**
 * Who is calling, as throttling counts them: the request's address as Fastify computes it (the
 * forwarded address only from a trusted proxy, API_TRUSTED_PROXIES: by default the shell server
 * on loopback), an IPv4-mapped IPv6 address as IPv4, and an IPv6 address by its /64 — one
 * subscriber's network, which hands out addresses from a /64 at will.
 */
export function clientOf(request: Pick<FastifyRequest, 'ip'>): string {
  const address = request.ip ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  return address;
}

/** The eight groups of an IPv6 address, `::` expanded, without a zone. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  // A trailing dotted IPv4 part (`64:ff9b::192.0.2.1`) stands for the last two groups.
  const width = (groups: string[]): number =>
    groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0'),
          ...right,
        ];
  return groups.map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Answers.

/** "45 seconds", "1 minute", "14 minutes", "2 hours": the wait a 429 tells a person. */
export function waitInWords(seconds: number): string {
  const unit = (count: number, name: string): string => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? unit(minutes, 'minute') : unit(Math.ceil(seconds / 3600), 'hour');
}

/** 429 with `Retry-After` in seconds and the wait in words. */
export function tooMany(code: string, what: string, waitSeconds: number): ApiError {
  return new ApiError(429, code, `${what} Try again in ${waitInWords(waitSeconds)}.`, {
    'retry-after': String(waitSeconds),
  });
}
