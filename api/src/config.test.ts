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
      loginRateLimit: 5,
      loginRateWindowMs: 900_000,
      logLevel: 'info',
      sessionTtlMs: 43_200_000,
      flagsmithEnvironmentKey: 'hostdash-dashboard',
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
    ])
      expect(problems).toContain(name);
  });
});
