// The shell server's configuration: read and validated once at start, with working defaults.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_BILLING_BYPASS_COOKIE,
  DEFAULT_SESSION_COOKIE,
  DEFAULT_SSO_COOKIE,
  SESSION_TTL_MS,
} from '@hostdash/shared-auth';
import { deliveryPaths, previewKey } from '@hostdash/delivery';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ShellConfig {
  logLevel: LogLevel;
  port: number;
  host: string;
  apiUrl: string;
  /** How long the /api proxy waits for the API's answer to begin before it answers 504. */
  apiTimeoutMs: number;
  stage: string;
  sessionCookie: string;
  billingBypassCookie: string;
  ssoCookie: string;
  sessionTtlMs: number;
  /** Always mark the session cookie Secure (it is Secure anyway on a request that came over HTTPS). */
  secureCookies: boolean;
  /**
   * The proxies whose X-Forwarded-For, -Host and -Proto this server believes (addresses, CIDR
   * ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). Empty: none.
   */
  trustedProxies: string[];
  distDir: string;
  remotesFile: string;
  /**
   * DATABASE_URL: the registry is kept in this PostgreSQL database (the API's, whose migrations
   * create its tables) instead of REMOTES_FILE. Null: the file.
   */
  databaseUrl: string | null;
  /** REGISTRY_REFRESH_MS: how often a shell server reads the database's registry even unnotified. */
  registryRefreshMs: number;
  /** SHUTDOWN_TIMEOUT_MS: how long a SIGTERM waits for requests in flight before it exits anyway. */
  shutdownTimeoutMs: number;
  /** SHUTDOWN_DELAY_MS: how long a stopping server says not ready before it stops accepting. */
  shutdownDelayMs: number;
  /** The store's folder (REMOTES_DIR), where the delivery console finds published versions. */
  remotesDir: string;
  remotesOrigin: string;
  remotesRecheckMs: number;
  /** MONITORING_SAMPLE_RATE: the share of browser tab sessions that send telemetry (0..1). */
  monitoringSampleRate: number;
  /**
   * DELIVERY_TOKEN, shared with the API: the rollout driver asks the API for its health verdicts
   * with it. Null: no driver (canaries stay where they are until a person acts).
   */
  deliveryToken: string | null;
  /**
   * Signs the preview cookie (preview before canary): derived from DELIVERY_TOKEN, so every shell
   * server honours a preview another one set; without it, one per process.
   */
  previewKey: Buffer;
  /** ROLLOUT_CHECK_MS: how often the rollout driver judges every canary. */
  rolloutCheckMs: number;
  /** ROLLOUT_MINUTE_MS: how long a strategy's minute lasts (60 000; shorter for tests and demos). */
  rolloutMinuteMs: number;
  flagsmithApi: string;
  flagsmithEnvironmentKey: string;
  guestPortalUrl: string;
  /**
   * Stripe is the payment provider (STRIPE_PUBLISHABLE_KEY is set, as for the API): pages allow
   * Stripe.js and its frames, which the billing page's card field needs.
   */
  stripe: boolean;
}

export interface RemoteOriginConfig {
  logLevel: LogLevel;
  shutdownTimeoutMs: number;
  shutdownDelayMs: number;
  port: number;
  host: string;
  rootDir: string;
  allowedOrigins: string[];
}

type Env = Record<string, string | undefined>;

// Compiled to shell/dist-server/server/: two levels up is the package.
const packageDir = path.resolve(__dirname, '..', '..');
const repoDir = path.resolve(packageDir, '..');

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

function wholeOrZero(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number of milliseconds, got "${raw}"`);
  }
  return value;
}

/** A share between 0 and 1 (MONITORING_SAMPLE_RATE): 1 reports from every tab, 0 from none. */
function share(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new Error(`${name} must be a number from 0 to 1, got "${raw}"`);
  }
  return value;
}

/** DELIVERY_TOKEN: as the API checks it (at least 32 printable characters, no spaces). */
function deliveryToken(env: Env): string | null {
  const token = env.DELIVERY_TOKEN?.trim();
  if (!token) return null;
  if (token.length < 32 || !/^[\x21-\x7e]+$/.test(token)) {
    throw new Error(
      'DELIVERY_TOKEN must be at least 32 printable characters without spaces (e.g. `openssl rand -base64 32`)',
    );
  }
  return token;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
}

/** DATABASE_URL: a PostgreSQL connection address (never logged: it may hold a password). */
function databaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // said below, without the value
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// address');
  return raw;
}

function cookieName(env: Env, name: string, fallback: string): string {
  const value = env[name] || fallback;
  if (!/^[A-Za-z0-9_.-]+$/.test(value))
    throw new Error(`${name} is not a valid cookie name: "${value}"`);
  return value;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustedProxies(env: Env): string[] {
  const entries = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    const validPrefix =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits) ||
      (family === 4 && isIP(prefix) === 4);
    if (PROXY_NAMES.has(entry) || (family !== 0 && validPrefix && rest.length === 0)) continue;
    throw new Error(
      `TRUSTED_PROXIES must list addresses, CIDR ranges or loopback, linklocal, uniquelocal; got "${entry}"`,
    );
  }
  return entries;
}

function logLevel(env: Env): LogLevel {
  const level = env.LOG_LEVEL || 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(level)) {
    throw new Error(`LOG_LEVEL must be debug, info, warn or error, got "${level}"`);
  }
  return level as LogLevel;
}

export function readShellConfig(env: Env = process.env): ShellConfig {
  const stage = env.STAGE || 'prod';
  return {
    logLevel: logLevel(env),
    port: integer(env, 'PORT', 3000),
    host: env.HOST || 'localhost',
    apiUrl: url(env, 'API_URL', 'http://127.0.0.1:4000'),
    apiTimeoutMs: integer(env, 'API_TIMEOUT_MS', 30_000),
    stage,
    sessionCookie: cookieName(env, 'SESSION_COOKIE', DEFAULT_SESSION_COOKIE),
    billingBypassCookie: cookieName(env, 'BILLING_BYPASS_COOKIE', DEFAULT_BILLING_BYPASS_COOKIE),
    ssoCookie: cookieName(env, 'SSO_COOKIE', DEFAULT_SSO_COOKIE),
    sessionTtlMs: integer(env, 'SESSION_TTL_MS', SESSION_TTL_MS),
    secureCookies: env.COOKIE_SECURE === 'true',
    trustedProxies: trustedProxies(env),
    distDir: path.resolve(env.SHELL_DIST_DIR || path.join(packageDir, 'dist')),
    remotesFile: deliveryPaths(env, repoDir).registryFile,
    databaseUrl: databaseUrl(env),
    registryRefreshMs: integer(env, 'REGISTRY_REFRESH_MS', 30_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    shutdownDelayMs: wholeOrZero(env, 'SHUTDOWN_DELAY_MS', 0),
    remotesDir: deliveryPaths(env, repoDir).storeDir,
    remotesOrigin: url(env, 'REMOTES_ORIGIN', 'http://localhost:3001'),
    remotesRecheckMs: wholeOrZero(env, 'REMOTES_RECHECK_MS', 60_000),
    monitoringSampleRate: share(env, 'MONITORING_SAMPLE_RATE', 1),
    deliveryToken: deliveryToken(env),
    previewKey: previewKey(deliveryToken(env) ?? randomBytes(32).toString('hex')),
    rolloutCheckMs: integer(env, 'ROLLOUT_CHECK_MS', 30_000),
    rolloutMinuteMs: integer(env, 'ROLLOUT_MINUTE_MS', 60_000),
    flagsmithApi: env.FLAGSMITH_API || '/api/flagsmith/api/v1/',
    flagsmithEnvironmentKey: env.FLAGSMITH_ENVIRONMENT_KEY || 'hostdash-dashboard',
    guestPortalUrl:
      env.GUEST_PORTAL_URL ||
      (stage === 'prod' ? 'https://guest.hostdash.app' : `https://guest.${stage}.hostdash.app`),
    stripe: Boolean(env.STRIPE_PUBLISHABLE_KEY?.trim()),
  };
}

export function readRemoteOriginConfig(env: Env = process.env): RemoteOriginConfig {
  const shellOrigins = (env.SHELL_ORIGINS || 'http://localhost:3000,http://127.0.0.1:3000')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    logLevel: logLevel(env),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    shutdownDelayMs: wholeOrZero(env, 'SHUTDOWN_DELAY_MS', 0),
    port: integer(env, 'REMOTES_PORT', 3001),
    host: env.REMOTES_HOST || 'localhost',
    rootDir: deliveryPaths(env, repoDir).storeDir,
    allowedOrigins: shellOrigins,
  };
}
