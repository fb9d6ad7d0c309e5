import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a working default for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: null,
      pgliteDir: path.resolve(__dirname, '..', '.data'),
      shellOrigin: 'http://localhost:3000',
      shellOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      trustedProxies: ['127.0.0.1', '::1'],
      loginRateLimit: 5,
      loginClientRateLimit: 20,
      loginBackoffMs: 60_000,
      loginBackoffMaxMs: 900_000,
      loginRateWindowMs: 900_000,
      resetRateLimit: 10,
      resetEmailRateLimit: 3,
      resetRateWindowMs: 3_600_000,
      logLevel: 'info',
      sessionTtlMs: 43_200_000,
      flagsmithEnvironmentKey: 'hostdash-dashboard',
      stripeSecretKey: null,
      stripePublishableKey: null,
      billingProviderTimeoutMs: 10_000,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      API_PORT: '4555',
      API_HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://hostdash:secret@db.internal:5432/hostdash',
      PGLITE_DIR: '/var/lib/hostdash',
      SHELL_ORIGIN: 'https://dash.hostdash.app/',
      LOGIN_RATE_LIMIT: '10',
      LOGIN_CLIENT_RATE_LIMIT: '50',
      LOGIN_BACKOFF_MS: '30000',
      LOGIN_BACKOFF_MAX_MS: '3600000',
      LOGIN_RATE_WINDOW_MS: '1800000',
      RESET_RATE_LIMIT: '20',
      RESET_EMAIL_RATE_LIMIT: '5',
      RESET_RATE_WINDOW_MS: '7200000',
      SHELL_ORIGINS: 'https://dash.hostdash.app, https://staff.hostdash.app/',
      API_TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8, 192.0.2.10',
      LOG_LEVEL: 'DEBUG',
      SESSION_TTL_MS: '3600000',
      FLAGSMITH_ENVIRONMENT_KEY: 'prod-key',
    });
    expect(config).toMatchObject({
      port: 4555,
      host: '0.0.0.0',
      databaseUrl: 'postgres://hostdash:secret@db.internal:5432/hostdash',
      pgliteDir: '/var/lib/hostdash',
      shellOrigin: 'https://dash.hostdash.app',
      loginRateLimit: 10,
      loginClientRateLimit: 50,
      loginBackoffMs: 30_000,
      loginBackoffMaxMs: 3_600_000,
      loginRateWindowMs: 1_800_000,
      resetRateLimit: 20,
      resetEmailRateLimit: 5,
      resetRateWindowMs: 7_200_000,
      // SHELL_ORIGIN is always one of them.
      shellOrigins: ['https://dash.hostdash.app', 'https://staff.hostdash.app'],
      trustedProxies: ['10.0.0.0/8', 'fd00::/8', '192.0.2.10'],
      logLevel: 'debug',
      sessionTtlMs: 3_600_000,
      flagsmithEnvironmentKey: 'prod-key',
    });
  });

  it('names every bad variable at once', () => {
    let thrown: unknown;
    try {
      loadConfig({
        API_PORT: 'eighty',
        LOGIN_RATE_LIMIT: '0',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        SHELL_ORIGIN: 'not a url',
        SHELL_ORIGINS: 'https://dash.hostdash.app/path, *',
        API_TRUSTED_PROXIES: '10.0.0.0/33, proxy.internal',
        LOGIN_BACKOFF_MS: '600000',
        LOGIN_BACKOFF_MAX_MS: '60000',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    for (const name of [
      'API_PORT',
      'LOGIN_RATE_LIMIT',
      'LOG_LEVEL',
      'DATABASE_URL',
      'SHELL_ORIGIN',
      'SHELL_ORIGINS',
      'API_TRUSTED_PROXIES',
      'LOGIN_BACKOFF_MAX_MS',
    ])
      expect(problems).toContain(name);
    expect(problems).toContain('"*"');
    expect(problems).toContain('"10.0.0.0/33"');
    expect(problems).toContain('"proxy.internal"');
  });

  it('trusts no proxy when told "none"', () => {
    expect(loadConfig({ API_TRUSTED_PROXIES: 'none' }).trustedProxies).toEqual([]);
  });
});
