// Configuration: read from the environment once at start, validated, with working defaults.
import path from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ApiConfig {
  port: number;
  host: string;
  /** A PostgreSQL server; null means the embedded PGlite in `pgliteDir`. */
  databaseUrl: string | null;
  pgliteDir: string;
  /** Base of the links in password-reset mails. */
  shellOrigin: string;
  /** Failed sign-ins allowed per email in `loginRateWindowMs`. */
  loginRateLimit: number;
  loginRateWindowMs: number;
  logLevel: LogLevel;
  sessionTtlMs: number;
  flagsmithEnvironmentKey: string;
}

/** The package folder (api/), from src/ under jest and from dist/ when built. */
export const PACKAGE_DIR = path.join(__dirname, '..');

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks every setting; throws a ConfigError naming each bad variable. */
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

  const logLevel = text('LOG_LEVEL', 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  const config: ApiConfig = {
    port: integer('API_PORT', 4000, 0, 65_535),
    host: text('API_HOST', '127.0.0.1'),
    databaseUrl: url('DATABASE_URL', null, ['postgres:', 'postgresql:']),
    pgliteDir: path.resolve(text('PGLITE_DIR', path.join(PACKAGE_DIR, '.data'))),
    shellOrigin:
      url('SHELL_ORIGIN', 'http://localhost:3000', ['http:', 'https:']) ?? 'http://localhost:3000',
    loginRateLimit: integer('LOGIN_RATE_LIMIT', 5, 1, 1_000),
    loginRateWindowMs: 15 * 60 * 1000,
    logLevel: LOG_LEVELS.includes(logLevel as LogLevel) ? (logLevel as LogLevel) : 'info',
    sessionTtlMs: integer('SESSION_TTL_MS', 43_200_000, 60_000, 365 * 24 * 3_600_000),
    flagsmithEnvironmentKey: text('FLAGSMITH_ENVIRONMENT_KEY', 'hostdash-dashboard'),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
