import path from 'node:path';
import { ConfigError, loadConfig } from './config';

/** The key file sealing secrets at rest (SECRETS_KEY_FILE), needed beside DATABASE_URL. */
const KEY_FILE = '/run/secrets/hostdash-keys';

describe('loadConfig', () => {
  it('has a working default for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: null,
      deliveryToken: null,
      rolloutMinSessions: 30,
      rolloutErrorMargin: 2,
      rolloutVitalsMargin: 25,
      pgliteDir: path.resolve(__dirname, '..', '.data'),
      smtpUrl: null,
      mailDir: path.resolve(__dirname, '..', '.data', 'mail'),
      mailFrom: 'Hostdash <no-reply@hostdash.local>',
      storage: { kind: 'folder', dir: path.resolve(__dirname, '..', '.data', 'files') },
      shellOrigin: 'http://localhost:3000',
      guestPortalUrl: 'http://localhost:3000/guest/',
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
      telemetryRetentionDays: 14,
      telemetrySessionRateLimit: 120,
      telemetryClientRateLimit: 1_200,
      logLevel: 'info',
      shutdownDelayMs: 0,
      shutdownTimeoutMs: 10_000,
      sessionTtlMs: 43_200_000,
      flagsmithEnvironmentKey: 'hostdash-dashboard',
      stripeSecretKey: null,
      stripePublishableKey: null,
      stripeApiUrl: 'https://api.stripe.com',
      stripeWebhookSecret: null,
      billingProviderTimeoutMs: 10_000,
      billingRetryDays: [1, 3, 7],
      pmsSandbox: true,
      pmsSandboxSpeed: 1,
      pmsSyncInterval: 15,
      pmsSandboxDemo: true,
      guestInviteDays: 3,
      demoData: true,
      firstAdmin: null,
      hostawayApiUrl: 'https://api.hostaway.com',
      guestyApiUrl: 'https://open-api.guesty.com',
      secrets: {
        keyFile: path.resolve(__dirname, '..', '.data', 'secrets.keys'),
        makeIfMissing: true,
        legacyKey: null,
        legacyKeyFile: path.resolve(__dirname, '..', '.data', 'pms-credentials.key'),
      },
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      API_PORT: '4555',
      API_HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://hostdash:secret@db.internal:5432/hostdash',
      SECRETS_KEY_FILE: KEY_FILE,
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
      TELEMETRY_RETENTION_DAYS: '30',
      TELEMETRY_SESSION_RATE_LIMIT: '60',
      TELEMETRY_CLIENT_RATE_LIMIT: '5000',
      SHELL_ORIGINS: 'https://dash.hostdash.app, https://staff.hostdash.app/',
      API_TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8, 192.0.2.10',
      LOG_LEVEL: 'DEBUG',
      SESSION_TTL_MS: '3600000',
      FLAGSMITH_ENVIRONMENT_KEY: 'prod-key',
      STRIPE_SECRET_KEY: 'sk_live_51Hsecret',
      STRIPE_PUBLISHABLE_KEY: ' pk_live_51Hpublic ',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
      STRIPE_WEBHOOK_SECRET: ' whsec_live_signing ',
      BILLING_PROVIDER_TIMEOUT_MS: '2500',
      PMS_SANDBOX: 'off',
      HOSTAWAY_API_URL: 'http://127.0.0.1:4610/',
      GUESTY_API_URL: 'http://127.0.0.1:4611',
      GUEST_PORTAL_URL: 'https://guest.hostdash.app/checkin',
    });
    expect(config).toMatchObject({
      port: 4555,
      host: '0.0.0.0',
      databaseUrl: 'postgres://hostdash:secret@db.internal:5432/hostdash',
      pgliteDir: '/var/lib/hostdash',
      shellOrigin: 'https://dash.hostdash.app',
      // The token is appended: the base always ends with a slash.
      guestPortalUrl: 'https://guest.hostdash.app/checkin/',
      loginRateLimit: 10,
      loginClientRateLimit: 50,
      loginBackoffMs: 30_000,
      loginBackoffMaxMs: 3_600_000,
      loginRateWindowMs: 1_800_000,
      resetRateLimit: 20,
      resetEmailRateLimit: 5,
      resetRateWindowMs: 7_200_000,
      telemetryRetentionDays: 30,
      telemetrySessionRateLimit: 60,
      telemetryClientRateLimit: 5_000,
      // SHELL_ORIGIN is always one of them.
      shellOrigins: ['https://dash.hostdash.app', 'https://staff.hostdash.app'],
      trustedProxies: ['10.0.0.0/8', 'fd00::/8', '192.0.2.10'],
      logLevel: 'debug',
      sessionTtlMs: 3_600_000,
      flagsmithEnvironmentKey: 'prod-key',
      stripeSecretKey: 'sk_live_51Hsecret',
      stripePublishableKey: 'pk_live_51Hpublic',
      stripeApiUrl: 'http://127.0.0.1:12111',
      stripeWebhookSecret: 'whsec_live_signing',
      billingProviderTimeoutMs: 2_500,
      pmsSandbox: false,
      hostawayApiUrl: 'http://127.0.0.1:4610',
      guestyApiUrl: 'http://127.0.0.1:4611',
      secrets: { keyFile: KEY_FILE, makeIfMissing: false, legacyKey: null, legacyKeyFile: null },
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
        GUEST_PORTAL_URL: 'https://guest.hostdash.app/?t=',
        TELEMETRY_RETENTION_DAYS: '0',
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
      'GUEST_PORTAL_URL',
      'TELEMETRY_RETENTION_DAYS',
    ])
      expect(problems).toContain(name);
    expect(problems).toContain('"*"');
    expect(problems).toContain('"10.0.0.0/33"');
    expect(problems).toContain('"proxy.internal"');
  });

  const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  /** Production as the images run it: with the key file it requires. */
  const PRODUCTION = { NODE_ENV: 'production', SECRETS_KEY_FILE: KEY_FILE };

  it('has the PMS sandbox on outside production and off in production, unless PMS_SANDBOX says', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).pmsSandbox).toBe(true);
    expect(loadConfig(PRODUCTION).pmsSandbox).toBe(false);
    expect(loadConfig({ ...PRODUCTION, PMS_SANDBOX: 'on' }).pmsSandbox).toBe(true);
    expect(loadConfig({ PMS_SANDBOX: 'false' }).pmsSandbox).toBe(false);
    expect(problemsOf({ PMS_SANDBOX: 'maybe' })).toEqual([
      'PMS_SANDBOX must be on or off (got "maybe")',
    ]);
    expect(problemsOf({ HOSTAWAY_API_URL: 'ftp://fake' })[0]).toContain('HOSTAWAY_API_URL');
  });

  it('syncs every 15 minutes at the sandbox clock’s own speed unless told, and checks both', () => {
    expect(loadConfig({})).toMatchObject({ pmsSyncInterval: 15, pmsSandboxSpeed: 1 });
    expect(loadConfig({ PMS_SYNC_INTERVAL: '5', PMS_SANDBOX_SPEED: '600' })).toMatchObject({
      pmsSyncInterval: 5,
      pmsSandboxSpeed: 600,
    });
    expect(loadConfig({ PMS_SYNC_INTERVAL: '120' }).pmsSyncInterval).toBe(120);
    expect(problemsOf({ PMS_SYNC_INTERVAL: '7' })[0]).toMatch(/^PMS_SYNC_INTERVAL must divide/);
    expect(problemsOf({ PMS_SYNC_INTERVAL: '90' })[0]).toMatch(/^PMS_SYNC_INTERVAL must divide/);
    expect(problemsOf({ PMS_SYNC_INTERVAL: '0' })).toEqual([
      'PMS_SYNC_INTERVAL must be a whole number from 1 to 1440 (got "0")',
    ]);
    expect(problemsOf({ PMS_SANDBOX_SPEED: 'fast' })).toEqual([
      'PMS_SANDBOX_SPEED must be a whole number from 1 to 3600 (got "fast")',
    ]);
  });

  it('tries a failed charge again on rising days, 1, 3 and 7 unless told', () => {
    expect(loadConfig({ BILLING_RETRY_DAYS: '2, 5' }).billingRetryDays).toEqual([2, 5]);
    for (const bad of ['3,1', '0,2', '1,x', '1,,3', '61'])
      expect(problemsOf({ BILLING_RETRY_DAYS: bad })).toEqual([
        `BILLING_RETRY_DAYS must be rising whole days from 1 to 60, comma-separated, e.g. 1,3,7 (got "${bad}")`,
      ]);
  });

  it('seeds the demo outside production and not in production, unless DEMO_DATA says', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig(PRODUCTION).demoData).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: 'on' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }).demoData).toBe(false);
    expect(problemsOf({ DEMO_DATA: 'sometimes' })).toEqual([
      'DEMO_DATA must be on or off (got "sometimes")',
    ]);
  });

  it('names the first admin with ADMIN_EMAIL and a password file, never a password', () => {
    expect(loadConfig({}).firstAdmin).toBeNull();
    expect(
      loadConfig({ ADMIN_EMAIL: ' ops@example.com ', ADMIN_PASSWORD_FILE: 'secrets/admin' })
        .firstAdmin,
    ).toEqual({
      email: 'ops@example.com',
      name: 'Administrator',
      passwordFile: path.resolve('secrets/admin'),
    });
    expect(
      loadConfig({ ADMIN_EMAIL: 'ops@example.com', ADMIN_NAME: 'Sam', ADMIN_PASSWORD_FILE: '/s' })
        .firstAdmin?.name,
    ).toBe('Sam');
    expect(problemsOf({ ADMIN_EMAIL: 'ops@example.com' })).toEqual([
      'ADMIN_EMAIL needs ADMIN_PASSWORD_FILE: a file holding the first admin’s password (not the password itself)',
    ]);
    expect(problemsOf({ ADMIN_PASSWORD_FILE: '/s' })).toEqual([
      'ADMIN_PASSWORD_FILE and ADMIN_NAME need ADMIN_EMAIL (the first admin’s email)',
    ]);
  });

  it('takes a restricted Stripe key (rk_) as the secret key', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'rk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toMatchObject({ stripeSecretKey: 'rk_test_abc', stripePublishableKey: 'pk_test_abc' });
  });

  it.each([
    [
      'a secret key alone',
      { STRIPE_SECRET_KEY: 'sk_test_abc' },
      'STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY',
    ],
    [
      'a publishable key alone',
      { STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      'STRIPE_SECRET_KEY must be set with STRIPE_PUBLISHABLE_KEY',
    ],
    [
      'a publishable key as the secret',
      { STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      'STRIPE_SECRET_KEY must be a Stripe secret key',
    ],
    [
      'a secret key as the publishable one',
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' },
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key',
    ],
    [
      'a test key with a live one',
      { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      'must both be test keys or both live keys',
    ],
    [
      'a Stripe API URL that is not http(s)',
      { STRIPE_API_URL: 'ftp://127.0.0.1:12111' },
      'STRIPE_API_URL must be a http or https URL',
    ],
    [
      'a Stripe API URL with a path',
      { STRIPE_API_URL: 'http://127.0.0.1:12111/v1' },
      'STRIPE_API_URL must be an http or https URL with no path',
    ],
    [
      'a webhook secret in test mode',
      { STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      'STRIPE_WEBHOOK_SECRET is for Stripe: set it with STRIPE_SECRET_KEY',
    ],
    [
      'a webhook secret that is not one',
      {
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'sk_test_abc',
      },
      'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret',
    ],
  ])('refuses %s, saying what to do', (_name, env, problem) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
  });

  it('takes a delivery token of 32 printable characters and never repeats one it refuses', () => {
    const token = 'a'.repeat(40);
    expect(loadConfig({ DELIVERY_TOKEN: token }).deliveryToken).toBe(token);
    const short = 'secret-but-short';
    expect(() => loadConfig({ DELIVERY_TOKEN: short })).toThrow(
      'DELIVERY_TOKEN must be at least 32 printable characters without spaces',
    );
    try {
      loadConfig({ DELIVERY_TOKEN: short });
    } catch (error) {
      expect(String(error)).not.toContain(short);
    }
  });

  it('never repeats a Stripe key in a problem', () => {
    const problems = problemsOf({
      STRIPE_SECRET_KEY: 'sk_oops_verysecret',
      STRIPE_PUBLISHABLE_KEY: 'pk_oops_notsecret',
    });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain('verysecret');
    const webhook = problemsOf({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'wh_verysecret',
    });
    expect(webhook).toHaveLength(1);
    expect(webhook.join('\n')).not.toContain('verysecret');
  });

  it('takes a webhook signing secret with the Stripe keys', () => {
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_abc',
      }).stripeWebhookSecret,
    ).toBe('whsec_test_abc');
  });

  it('writes mails as files beside the embedded database, not by default with a server database', () => {
    expect(loadConfig({ PGLITE_DIR: '/srv/hostdash/db' }).mailDir).toBe('/srv/hostdash/db/mail');
    const server = { DATABASE_URL: 'postgres://db.internal/hostdash', SECRETS_KEY_FILE: KEY_FILE };
    expect(loadConfig(server).mailDir).toBeNull();
    expect(loadConfig({ ...server, MAIL_DIR: '/tmp/hd-mail' }).mailDir).toBe('/tmp/hd-mail');
    expect(loadConfig({ MAIL_DIR: 'None' }).mailDir).toBeNull();
  });

  it('sends by SMTP_URL when it is set, whatever MAIL_DIR says', () => {
    const smtpUrl = 'smtp://mailer:s3cret@mail.example.com:587';
    expect(loadConfig({ SMTP_URL: smtpUrl })).toMatchObject({ smtpUrl, mailDir: null });
    expect(loadConfig({ SMTP_URL: smtpUrl, MAIL_DIR: '/tmp/hd-mail' })).toMatchObject({
      smtpUrl,
      mailDir: null,
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com' }).smtpUrl).toBe(
      'smtps://mail.example.com',
    );
  });

  it('refuses an SMTP_URL that is not smtp or smtps, and never repeats its password', () => {
    for (const bad of [
      'http://mailer:s3cret-word@mail.example.com',
      'smtp://mailer:s3cret-word@mail.example.com:587/path',
      'mailer:s3cret-word@mail example com',
    ]) {
      const problems = problemsOf({ SMTP_URL: bad });
      expect(problems).toEqual([expect.stringMatching(/^SMTP_URL (must|takes)/)]);
      expect(problems.join('\n')).not.toContain('s3cret-word');
    }
  });

  it('sends from MAIL_FROM, else from the SMTP user or no-reply at the dashboard’s host', () => {
    expect(loadConfig({ MAIL_FROM: 'Casa Serena <stays@casaserena.pt>' }).mailFrom).toBe(
      'Casa Serena <stays@casaserena.pt>',
    );
    expect(loadConfig({ MAIL_FROM: ' alerts@hostdash.app ' }).mailFrom).toBe('alerts@hostdash.app');
    expect(
      loadConfig({ SMTP_URL: 'smtp://ops%40hostdash.app:pw@smtp.example.com:587' }).mailFrom,
    ).toBe('Hostdash <ops@hostdash.app>');
    expect(loadConfig({ SMTP_URL: 'smtp://apikey:pw@smtp.example.com:587' }).mailFrom).toBe(
      'Hostdash <no-reply@hostdash.local>',
    );
    expect(loadConfig({ SHELL_ORIGIN: 'https://dash.hostdash.app' }).mailFrom).toBe(
      'Hostdash <no-reply@dash.hostdash.app>',
    );
    expect(loadConfig({ SHELL_ORIGIN: 'http://10.0.0.5:3000' }).mailFrom).toBe(
      'Hostdash <no-reply@hostdash.local>',
    );
    for (const bad of [
      'Hostdash',
      'no-reply@',
      'Hostdash <no reply@example.com>',
      'a@b\r\nBcc: c@d',
    ])
      expect(problemsOf({ MAIL_FROM: bad })).toEqual([expect.stringMatching(/^MAIL_FROM must/)]);
  });

  it('keeps files beside the embedded database, in STORAGE_DIR, or in the bucket S3_BUCKET', () => {
    expect(loadConfig({ PGLITE_DIR: '/srv/hostdash/db' }).storage).toEqual({
      kind: 'folder',
      dir: '/srv/hostdash/db/files',
    });
    expect(loadConfig({ STORAGE_DIR: '/mnt/shared/files' }).storage).toEqual({
      kind: 'folder',
      dir: '/mnt/shared/files',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'hostdash-files',
        S3_ENDPOINT: 'http://minio.internal:9000',
        AWS_REGION: 'eu-central-1',
        // The SDK reads these itself; the configuration never holds them.
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'very-secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'hostdash-files',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-central-1',
    });
    expect(problemsOf({ S3_ENDPOINT: 'http://minio.internal:9000' })).toEqual([
      "S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to the bucket's name as well, or unset S3_ENDPOINT",
    ]);
    expect(problemsOf({ S3_BUCKET: 'files', STORAGE_DIR: '/srv/files' })).toHaveLength(1);
  });

  it('trusts no proxy when told "none"', () => {
    expect(loadConfig({ API_TRUSTED_PROXIES: 'none' }).trustedProxies).toEqual([]);
  });
});
