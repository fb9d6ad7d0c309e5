// Configuration: read from the environment once at start, validated, with working defaults.
import net from 'node:net';
import path from 'node:path';
import {
  StorageConfigError,
  storageSettingsFromEnv,
  type StorageSettings,
} from '@hostdash/storage';
import { formatMailAddress, parseMailAddress } from './mail/transport';
import { decodeKey } from './secrets/keyRing';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ApiConfig {
  port: number;
  host: string;
  /** A PostgreSQL server; null means the embedded PGlite in `pgliteDir`. */
  databaseUrl: string | null;
  pgliteDir: string;
  /**
   * SMTP_URL: the mail server every mail is sent through (`smtp://user:pass@host:587`, STARTTLS
   * when the server offers it; `smtps://…:465`, TLS from the start); null: no SMTP. It holds a
   * password: never log it (src/mail/smtpTransport.ts describes it without).
   */
  smtpUrl: string | null;
  /**
   * Where the outbox's mails are written as files (`<id>-<to>.eml`) when there is no SMTP_URL, for
   * a developer and the e2e tests to read (src/mail); null: not delivered, they wait in
   * `mail_outbox`. MAIL_DIR; by default `<PGLITE_DIR>/mail` with the embedded database and off
   * with DATABASE_URL or SMTP_URL; `none` is off.
   */
  mailDir: string | null;
  /**
   * MAIL_FROM: the sender of every mail, `Name <address>` or an address. By default
   * `Hostdash <no-reply@…>`: the SMTP user when it is an address, else the dashboard's host.
   */
  mailFrom: string;
  /**
   * Where files are kept (identity images, reports, issued invoices; docs/adr/0021): S3_BUCKET
   * (S3_ENDPOINT for an S3-compatible service), else the folder STORAGE_DIR, by default
   * `<PGLITE_DIR>/files`.
   */
  storage: StorageSettings;
  /** Base of the links in password-reset mails. */
  shellOrigin: string;
  /**
   * GUEST_PORTAL_URL: where a guest's check-in link points, the token appended (always ends with
   * `/`). By default the shell server's public page, `<SHELL_ORIGIN>/guest/`.
   */
  guestPortalUrl: string;
  /**
   * GUEST_INVITE_DAYS: how many days before check-in a guest is mailed their check-in link, for an
   * account that has not chosen (its setting on /settings wins). Default 3.
   */
  guestInviteDays: number;
  /**
   * BILLING_RETRY_DAYS: the days after a month's charge first failed on which it is tried again
   * (comma-separated, rising; default `1,3,7`). After the last one fails the account is past due
   * (src/billing/dunning.ts, docs/adr/0029-billing-schedule-and-dunning.md).
   */
  billingRetryDays: number[];
  /**
   * Origins of the dashboard (CORS of the Flagsmith-compatible endpoints): SHELL_ORIGINS and
   * SHELL_ORIGIN. Never `*`.
   */
  shellOrigins: string[];
  /**
   * Addresses and CIDR ranges whose `X-Forwarded-For` is believed (the shell server's proxy); a
   * request from anyone else is its own client whatever it sends. Empty: nobody's.
   */
  trustedProxies: string[];
  // Sign-in throttling (docs/adr/0009-sign-in-throttling.md).
  /** Failed sign-ins for one email from one client before each further attempt waits. */
  loginRateLimit: number;
  /** Failed sign-ins from one client, whatever the emails, before each further attempt waits. */
  loginClientRateLimit: number;
  /** The first wait; each further failure doubles it, up to `loginBackoffMaxMs`. */
  loginBackoffMs: number;
  loginBackoffMaxMs: number;
  /** Failures are forgotten after this long without one (counted from the end of a wait). */
  loginRateWindowMs: number;
  /** Password-reset requests from one client before each further one waits `resetRateWindowMs`. */
  resetRateLimit: number;
  /** Password-reset requests for one email before each further one waits `resetRateWindowMs`. */
  resetEmailRateLimit: number;
  resetRateWindowMs: number;
  // Browser telemetry (src/telemetry, issue 17).
  /** Days raw telemetry events are kept before the hourly maintenance prunes them. */
  telemetryRetentionDays: number;
  /** Telemetry batches one browser tab may send in a minute. */
  telemetrySessionRateLimit: number;
  /** Telemetry batches one client address may send in a minute, whatever its tabs. */
  telemetryClientRateLimit: number;
  // Rollout health (src/telemetry/rolloutHealth.ts, issue 17).
  /**
   * Sessions (signed-in users the shell server vouched for, one each) the candidate and the live
   * version each need before a verdict (ROLLOUT_MIN_SESSIONS).
   */
  rolloutMinSessions: number;
  /**
   * How much worse the candidate may be, in percentage points, in its share of sessions with an
   * error, its share with a remote load failure and its share of failed API calls before it is
   * unhealthy (ROLLOUT_ERROR_MARGIN).
   */
  rolloutErrorMargin: number;
  /** How much slower (percent) the candidate's LCP or INP p75 may be (ROLLOUT_VITALS_MARGIN). */
  rolloutVitalsMargin: number;
  /**
   * The secret the shell server's rollout driver sends for the health verdict (DELIVERY_TOKEN);
   * null: the verdict is not served.
   */
  deliveryToken: string | null;
  logLevel: LogLevel;
  // Graceful shutdown (src/lifecycle/gracefulShutdown.ts, issue 18).
  /**
   * How long /health/ready answers 503 before the server stops accepting (SHUTDOWN_DELAY_MS): a
   * load balancer's readiness interval, so it stops sending traffic first. 0 on one machine.
   */
  shutdownDelayMs: number;
  /** How long requests and workers then get to finish before the process exits (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  sessionTtlMs: number;
  flagsmithEnvironmentKey: string;
  // Billing (src/billing): the built-in test-mode provider unless STRIPE_SECRET_KEY is set.
  /** Stripe's secret key (server side); null: the built-in test mode. */
  stripeSecretKey: string | null;
  /** Stripe's publishable key (for the billing remote's Stripe Elements); null in test mode. */
  stripePublishableKey: string | null;
  /** Where the Stripe SDK sends its requests: Stripe's API, or a stripe-mock / local fake. */
  stripeApiUrl: string;
  /**
   * STRIPE_WEBHOOK_SECRET: the signing secret (`whsec_…`) of the Stripe webhook endpoint that
   * sends to /api/webhooks/stripe (README, "Stripe webhooks"; docs/adr/0030-stripe-webhooks.md).
   * null with Stripe: its events are refused with 503, so Stripe keeps them and retries. Only with
   * STRIPE_SECRET_KEY (test mode's events never leave the API). A secret: never logged.
   */
  stripeWebhookSecret: string | null;
  /** A payment-provider call not answered by then is "unavailable" (nothing charged). */
  billingProviderTimeoutMs: number;
  // Property-management systems (src/pms, docs/adr/0015-pms-adapters-and-sandbox.md).
  /**
   * PMS_SANDBOX: every system accepts its demo credentials and imports a generated portfolio,
   * nothing leaves the machine. On by default, off by default when NODE_ENV is `production`.
   */
  pmsSandbox: boolean;
  /**
   * PMS_SANDBOX_SPEED: how many times faster than real time the sandbox's clock runs (1: a few new
   * or changed bookings an hour; 600: one every two seconds, for a test to watch).
   */
  pmsSandboxSpeed: number;
  /**
   * PMS_SYNC_INTERVAL: minutes between two scheduled incremental syncs of every connection (a
   * divisor of 60, or whole hours up to 24).
   */
  pmsSyncInterval: number;
  /**
   * PMS_SANDBOX_DEMO: with the sandbox and the demo data, the demo owner's account is connected to
   * the Hostaway sandbox at start, so its bookings arrive by themselves from `npm start` (issue 31).
   * On when both are; `off` keeps the demo account unconnected (the e2e suite, which counts it).
   */
  pmsSandboxDemo: boolean;
  /**
   * DEMO_DATA: an empty database gets the demo accounts and their data on the first start (every
   * password `hostdash-demo`, an admin among them). On by default, off when NODE_ENV is `production`.
   */
  demoData: boolean;
  /**
   * ADMIN_EMAIL, ADMIN_NAME and ADMIN_PASSWORD_FILE: the first admin, made at start when the
   * database has no admin yet (src/admin/firstAdmin.ts); null when ADMIN_EMAIL is unset. The
   * password is read from the file (a container secret) at start, never from the environment.
   */
  firstAdmin: FirstAdminSetting | null;
  /** Where the Hostaway adapter calls (HOSTAWAY_API_URL): Hostaway's API, or a local fake. */
  hostawayApiUrl: string;
  /** Where the Guesty adapter calls (GUESTY_API_URL): Guesty's Open API, or a local fake. */
  guestyApiUrl: string;
  /** Where the key ring sealing secrets at rest is (src/secrets, docs/adr/0028-secrets-at-rest.md). */
  secrets: SecretsSettings;
}

export interface SecretsSettings {
  /**
   * SECRETS_KEY_FILE: the key ring (a container secret); by default `<PGLITE_DIR>/secrets.keys`
   * with the embedded database outside production. Required with DATABASE_URL or in production.
   */
  keyFile: string;
  /** Made at the first start when missing: the embedded default only (a file named must exist). */
  makeIfMissing: boolean;
  /** PMS_CREDENTIALS_KEY (deprecated, ADR 28): opens values sealed before key ids, never seals. */
  legacyKey: Buffer | null;
  /** The embedded database's key from before key ids (`<PGLITE_DIR>/pms-credentials.key`), if any. */
  legacyKeyFile: string | null;
}

export interface FirstAdminSetting {
  email: string;
  name: string;
  /** Where the password is: its first line (a trailing newline is not part of it). */
  passwordFile: string;
}

/** ADMIN_EMAIL with ADMIN_PASSWORD_FILE, or neither; the values are checked where they are read. */
function firstAdminSetting(env: NodeJS.ProcessEnv, problems: string[]): FirstAdminSetting | null {
  const email = env.ADMIN_EMAIL?.trim();
  const passwordFile = env.ADMIN_PASSWORD_FILE?.trim();
  const name = env.ADMIN_NAME?.trim();
  if (!email) {
    if (passwordFile || name)
      problems.push(
        'ADMIN_PASSWORD_FILE and ADMIN_NAME need ADMIN_EMAIL (the first admin’s email)',
      );
    return null;
  }
  if (!passwordFile) {
    problems.push(
      'ADMIN_EMAIL needs ADMIN_PASSWORD_FILE: a file holding the first admin’s password (not the password itself)',
    );
    return null;
  }
  return { email, name: name || 'Administrator', passwordFile: path.resolve(passwordFile) };
}

/** The embedded database's key file from before key ids, read when present (ADR 28). */
export const LEGACY_KEY_FILE_NAME = 'pms-credentials.key';
/** The embedded default's key ring, beside the data. */
export const DEFAULT_KEY_FILE_NAME = 'secrets.keys';

/**
 * SECRETS_KEY_FILE, required with a server database or in production (the key must then never be
 * beside the data); and PMS_CREDENTIALS_KEY, which only opens what was sealed before key ids.
 */
function secretsSettings(
  env: NodeJS.ProcessEnv,
  context: { databaseUrl: string | null; production: boolean; pgliteDir: string },
  problems: string[],
): SecretsSettings {
  const { databaseUrl, production, pgliteDir } = context;
  const named = env.SECRETS_KEY_FILE?.trim();
  const rawLegacy = env.PMS_CREDENTIALS_KEY?.trim();
  const legacyKey = rawLegacy ? decodeKey(rawLegacy) : null;
  if (rawLegacy && !legacyKey)
    problems.push(
      'PMS_CREDENTIALS_KEY (deprecated) must be the 32 bytes in base64 it was; it only opens secrets sealed before SECRETS_KEY_FILE',
    );
  const legacy = {
    legacyKey,
    legacyKeyFile: databaseUrl ? null : path.join(pgliteDir, LEGACY_KEY_FILE_NAME),
  };
  if (named) return { keyFile: path.resolve(named), makeIfMissing: false, ...legacy };
  if (databaseUrl || production)
    problems.push(
      `SECRETS_KEY_FILE is required ${databaseUrl ? 'with DATABASE_URL' : 'when NODE_ENV is production'}: a file of keys sealing secrets at rest (a container secret), made with \`npm run secrets -- init <file>\` (README, "Secrets and rotation")${rawLegacy ? '. PMS_CREDENTIALS_KEY alone no longer does: it only opens what it sealed' : ''}`,
    );
  return {
    keyFile: path.join(pgliteDir, DEFAULT_KEY_FILE_NAME),
    makeIfMissing: true,
    ...legacy,
  };
}

/** Where files go; a problem for half an S3 configuration or two places at once. */
function storageSettings(env: NodeJS.ProcessEnv, pgliteDir: string, problems: string[]) {
  const defaultDir = path.join(pgliteDir, 'files');
  try {
    return storageSettingsFromEnv(env, { defaultDir });
  } catch (error) {
    if (!(error instanceof StorageConfigError)) throw error;
    problems.push(...error.problems);
    return { kind: 'folder', dir: defaultDir } satisfies StorageSettings;
  }
}

/**
 * SMTP_URL, checked without ever repeating it (it holds the server's password): smtp or smtps,
 * a host, a port if any, nothing after them.
 */
function smtpUrlSetting(raw: string | undefined, problems: string[]): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    problems.push('SMTP_URL must be a URL like smtp://user:password@mail.example.com:587');
    return null;
  }
  if (!['smtp:', 'smtps:'].includes(parsed.protocol) || !parsed.hostname) {
    problems.push(
      `SMTP_URL must start with smtp:// (STARTTLS) or smtps:// (TLS) and name a host (got ${parsed.protocol}//…)`,
    );
    return null;
  }
  if ((parsed.pathname && parsed.pathname !== '/') || parsed.search || parsed.hash) {
    problems.push(
      'SMTP_URL takes nothing after the host and port, like smtp://user:password@host:587',
    );
    return null;
  }
  return value;
}

/**
 * MAIL_FROM, or the default sender: the SMTP user when it is an address (servers often accept no
 * other sender), else no-reply at the dashboard's host (`hostdash.local` for a local one).
 */
function mailFromSetting(
  raw: string | undefined,
  smtpUrl: string | null,
  shellOrigin: string,
  problems: string[],
): string {
  const value = raw?.trim();
  if (value) {
    const parsed = parseMailAddress(value);
    if (parsed) return formatMailAddress(parsed);
    problems.push(
      `MAIL_FROM must be an address, like Hostdash <no-reply@example.com> (got "${value}")`,
    );
  }
  const smtpUser = smtpUrl ? decodeURIComponent(new URL(smtpUrl).username) : '';
  if (parseMailAddress(smtpUser)) return `Hostdash <${smtpUser}>`;
  const host = new URL(shellOrigin).hostname;
  const named = host.includes('.') && net.isIP(host) === 0 && parseMailAddress(`x@${host}`);
  return `Hostdash <no-reply@${named ? host : 'hostdash.local'}>`;
}

/** The package folder (api/), from src/ under jest and from dist/ when built. */
export const PACKAGE_DIR = path.join(__dirname, '..');

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const STRIPE_API_URL = 'https://api.stripe.com';
const HOSTAWAY_API_URL = 'https://api.hostaway.com';
const GUESTY_API_URL = 'https://open-api.guesty.com';

/**
 * The Stripe keys: both or neither (the API charges with the secret key, the billing page's card
 * form needs the publishable one), each of its kind, both test or both live. A key's value is
 * never repeated in a problem (it is a secret).
 */
function stripeKeys(
  env: NodeJS.ProcessEnv,
  problems: string[],
): Pick<ApiConfig, 'stripeSecretKey' | 'stripePublishableKey'> {
  const secret = env.STRIPE_SECRET_KEY?.trim() || null;
  const publishable = env.STRIPE_PUBLISHABLE_KEY?.trim() || null;
  const before = problems.length;
  if (secret && !publishable)
    problems.push(
      'STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY (the billing page’s card form needs it): set both for Stripe, or neither for the built-in test mode',
    );
  if (publishable && !secret)
    problems.push(
      'STRIPE_SECRET_KEY must be set with STRIPE_PUBLISHABLE_KEY: set both for Stripe, or neither for the built-in test mode',
    );
  if (secret && !/^(sk|rk)_(test|live)_\S+$/.test(secret))
    problems.push(
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…)',
    );
  if (publishable && !/^pk_(test|live)_\S+$/.test(publishable))
    problems.push(
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)',
    );
  if (problems.length === before && secret && publishable) {
    const live = (key: string) => key.includes('_live_');
    if (live(secret) !== live(publishable))
      problems.push(
        'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys',
      );
  }
  return {
    stripeSecretKey: problems.length === before ? secret : null,
    stripePublishableKey: problems.length === before ? publishable : null,
  };
}

/**
 * STRIPE_WEBHOOK_SECRET: a `whsec_…` signing secret, for Stripe only (its value is never repeated
 * in a problem).
 */
function stripeWebhookSecret(
  env: NodeJS.ProcessEnv,
  stripeSecretKey: string | null,
  problems: string[],
): string | null {
  const secret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (!secret) return null;
  if (!/^whsec_\S+$/.test(secret)) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…, shown with the endpoint in Stripe’s dashboard or by `stripe listen`)',
    );
    return null;
  }
  if (!env.STRIPE_SECRET_KEY?.trim()) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET is for Stripe: set it with STRIPE_SECRET_KEY (the built-in test mode needs none)',
    );
    return null;
  }
  return stripeSecretKey ? secret : null;
}

/** DELIVERY_TOKEN: shared with the shell server; long enough that guessing it is hopeless. */
function deliveryToken(env: NodeJS.ProcessEnv, problems: string[]): string | null {
  const token = env.DELIVERY_TOKEN?.trim();
  if (!token) return null;
  if (token.length < 32 || !/^[\x21-\x7e]+$/.test(token)) {
    problems.push(
      'DELIVERY_TOKEN must be at least 32 printable characters without spaces (e.g. `openssl rand -base64 32`)',
    );
    return null;
  }
  return token;
}

/**
 * The guest link's base, ending with `/` (the token is appended). A query or a fragment would be
 * sent on with the token, or swallow it: refused.
 */
function guestPortalBase(value: string | null, shellOrigin: string, problems: string[]): string {
  const fallback = `${shellOrigin}/guest/`;
  if (value === null) return fallback;
  const parsed = new URL(value);
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    problems.push(
      `GUEST_PORTAL_URL must be an http or https URL without a query or fragment, like https://guest.example.com/checkin/ (got "${value}")`,
    );
    return fallback;
  }
  return `${value}/`;
}

/** Reads and checks every setting; throws a ConfigError naming each bad variable. */
/** A sync interval a cron expression can keep exactly: a divisor of 60 minutes, or whole hours. */
function syncInterval(minutes: number, problems: string[]): number {
  const even = minutes < 60 ? 60 % minutes === 0 : minutes % 60 === 0 && 24 % (minutes / 60) === 0;
  if (even) return minutes;
  problems.push(
    `PMS_SYNC_INTERVAL must divide an hour (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30) or a day in whole hours (60, 120, 180, 240, 360, 480, 720, 1440) (got "${minutes}")`,
  );
  return 15;
}

/** BILLING_RETRY_DAYS: whole days from 1 to 60, rising, at most 10 of them. */
function retryDays(raw: string | undefined, problems: string[]): number[] {
  const fallback = [1, 3, 7];
  if (!raw?.trim()) return fallback;
  const parts = raw.split(',').map((part) => part.trim());
  const days = parts.map(Number);
  const valid =
    parts.length <= 10 &&
    parts.every((part) => /^\d+$/.test(part)) &&
    days.every((day, index) => day >= 1 && day <= 60 && (index === 0 || day > days[index - 1]!));
  if (valid) return days;
  problems.push(
    `BILLING_RETRY_DAYS must be rising whole days from 1 to 60, comma-separated, e.g. 1,3,7 (got "${raw}")`,
  );
  return fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const problems: string[] = [];
  const text = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value ? value : fallback;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, fallback: string | null, protocols: string[]): string | null => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(
        `${name} must be a ${protocols.map((protocol) => protocol.replace(':', '')).join(' or ')} URL (got "${raw}")`,
      );
      return fallback;
    }
  };

  /** An http(s) URL with nothing after the host and port (the Stripe SDK takes no path). */
  const origin = (name: string, fallback: string): string => {
    const value = url(name, fallback, ['http:', 'https:']) ?? fallback;
    const parsed = new URL(value);
    if (parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username) {
      problems.push(
        `${name} must be an http or https URL with no path, like https://api.stripe.com (got "${value}")`,
      );
      return fallback;
    }
    return parsed.origin;
  };

  const origins = (name: string, fallback: string[]): string[] => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const parsed: string[] = [];
    for (const entry of raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      try {
        const origin = new URL(entry);
        const bare = origin.pathname === '/' && !origin.search && !origin.hash && !origin.username;
        if (!['http:', 'https:'].includes(origin.protocol) || !bare || entry.endsWith('#'))
          throw new Error('not an origin');
        parsed.push(origin.origin);
      } catch {
        problems.push(
          `${name} must be a comma-separated list of origins like https://dash.example.com (got "${entry}")`,
        );
      }
    }
    return parsed;
  };
  const addresses = (name: string, fallback: string[]): string[] => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (raw.toLowerCase() === 'none') return [];
    const parsed: string[] = [];
    for (const entry of raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [address = '', bits, ...rest] = entry.split('/');
      const version = net.isIP(address);
      const maxBits = version === 6 ? 128 : 32;
      const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
      if (version === 0 || !validBits || rest.length > 0) {
        problems.push(
          `${name} must be a comma-separated list of IP addresses or CIDR ranges, or "none" (got "${entry}")`,
        );
      } else parsed.push(entry);
    }
    return parsed;
  };

  const onOff = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['on', 'true', '1', 'yes'].includes(raw)) return true;
    if (['off', 'false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be on or off (got "${raw}")`);
    return fallback;
  };

  const logLevel = text('LOG_LEVEL', 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  const shellOrigin =
    url('SHELL_ORIGIN', 'http://localhost:3000', ['http:', 'https:']) ?? 'http://localhost:3000';
  const loginBackoffMs = integer('LOGIN_BACKOFF_MS', 60_000, 1_000, 24 * HOUR_MS);
  const loginBackoffMaxMs = integer('LOGIN_BACKOFF_MAX_MS', 15 * MINUTE_MS, 1_000, 24 * HOUR_MS);
  if (loginBackoffMaxMs < loginBackoffMs)
    problems.push(
      `LOGIN_BACKOFF_MAX_MS must be at least LOGIN_BACKOFF_MS (${loginBackoffMs}; got ${loginBackoffMaxMs})`,
    );
  const databaseUrl = url('DATABASE_URL', null, ['postgres:', 'postgresql:']);
  const guestPortalUrl = guestPortalBase(
    url('GUEST_PORTAL_URL', `${shellOrigin}/guest`, ['http:', 'https:']),
    shellOrigin,
    problems,
  );
  const pgliteDir = path.resolve(text('PGLITE_DIR', path.join(PACKAGE_DIR, '.data')));
  const production = env.NODE_ENV?.trim() === 'production';
  const mailDirSetting = env.MAIL_DIR?.trim();
  const smtpUrl = smtpUrlSetting(env.SMTP_URL, problems);
  const stripe = stripeKeys(env, problems);
  const config: ApiConfig = {
    port: integer('API_PORT', 4000, 0, 65_535),
    host: text('API_HOST', '127.0.0.1'),
    databaseUrl,
    pgliteDir,
    smtpUrl,
    // With SMTP_URL, mails go to the server: a folder set as well is not written to.
    mailDir:
      smtpUrl || mailDirSetting?.toLowerCase() === 'none'
        ? null
        : mailDirSetting
          ? path.resolve(mailDirSetting)
          : databaseUrl
            ? null
            : path.join(pgliteDir, 'mail'),
    mailFrom: mailFromSetting(env.MAIL_FROM, smtpUrl, shellOrigin, problems),
    storage: storageSettings(env, pgliteDir, problems),
    shellOrigin,
    guestPortalUrl,
    guestInviteDays: integer('GUEST_INVITE_DAYS', 3, 0, 30),
    billingRetryDays: retryDays(env.BILLING_RETRY_DAYS, problems),
    shellOrigins: [
      ...new Set([
        ...origins('SHELL_ORIGINS', ['http://localhost:3000', 'http://127.0.0.1:3000']),
        new URL(shellOrigin).origin,
      ]),
    ],
    trustedProxies: addresses('API_TRUSTED_PROXIES', ['127.0.0.1', '::1']),
    loginRateLimit: integer('LOGIN_RATE_LIMIT', 5, 1, 1_000),
    loginClientRateLimit: integer('LOGIN_CLIENT_RATE_LIMIT', 20, 1, 100_000),
    loginBackoffMs,
    loginBackoffMaxMs,
    loginRateWindowMs: integer('LOGIN_RATE_WINDOW_MS', 15 * MINUTE_MS, 1_000, 7 * 24 * HOUR_MS),
    resetRateLimit: integer('RESET_RATE_LIMIT', 10, 1, 100_000),
    resetEmailRateLimit: integer('RESET_EMAIL_RATE_LIMIT', 3, 1, 1_000),
    resetRateWindowMs: integer('RESET_RATE_WINDOW_MS', HOUR_MS, 1_000, 7 * 24 * HOUR_MS),
    telemetryRetentionDays: integer('TELEMETRY_RETENTION_DAYS', 14, 1, 3_650),
    telemetrySessionRateLimit: integer('TELEMETRY_SESSION_RATE_LIMIT', 120, 1, 100_000),
    // An office or a mobile carrier puts many tabs behind one address.
    telemetryClientRateLimit: integer('TELEMETRY_CLIENT_RATE_LIMIT', 1_200, 1, 1_000_000),
    rolloutMinSessions: integer('ROLLOUT_MIN_SESSIONS', 30, 1, 1_000_000),
    rolloutErrorMargin: integer('ROLLOUT_ERROR_MARGIN', 2, 0, 100),
    rolloutVitalsMargin: integer('ROLLOUT_VITALS_MARGIN', 25, 0, 1_000),
    deliveryToken: deliveryToken(env, problems),
    logLevel: LOG_LEVELS.includes(logLevel as LogLevel) ? (logLevel as LogLevel) : 'info',
    shutdownDelayMs: integer('SHUTDOWN_DELAY_MS', 0, 0, 5 * MINUTE_MS),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 100, 10 * MINUTE_MS),
    sessionTtlMs: integer('SESSION_TTL_MS', 43_200_000, 60_000, 365 * 24 * 3_600_000),
    flagsmithEnvironmentKey: text('FLAGSMITH_ENVIRONMENT_KEY', 'hostdash-dashboard'),
    ...stripe,
    stripeApiUrl: origin('STRIPE_API_URL', STRIPE_API_URL),
    stripeWebhookSecret: stripeWebhookSecret(env, stripe.stripeSecretKey, problems),
    billingProviderTimeoutMs: integer('BILLING_PROVIDER_TIMEOUT_MS', 10_000, 100, 120_000),
    pmsSandbox: onOff('PMS_SANDBOX', !production),
    pmsSandboxSpeed: integer('PMS_SANDBOX_SPEED', 1, 1, 3_600),
    pmsSyncInterval: syncInterval(integer('PMS_SYNC_INTERVAL', 15, 1, 1_440), problems),
    demoData: onOff('DEMO_DATA', !production),
    pmsSandboxDemo: onOff('PMS_SANDBOX_DEMO', true),
    firstAdmin: firstAdminSetting(env, problems),
    hostawayApiUrl: origin('HOSTAWAY_API_URL', HOSTAWAY_API_URL),
    guestyApiUrl: origin('GUESTY_API_URL', GUESTY_API_URL),
    secrets: secretsSettings(env, { databaseUrl, production, pgliteDir }, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
