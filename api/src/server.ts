// Entry point (dist/server.js): configuration, database (opened and prepared: src/db/prepare.ts),
// HTTP server, and a graceful shutdown on SIGTERM/SIGINT (src/lifecycle/gracefulShutdown.ts).
// Tracing first: its instrumentations patch http and pg as they are required (src/tracing/).
import { paymentProviderFor } from './billing/selectProvider';
import { tracing } from './tracing/register';
import { openStorage } from '@hostdash/storage';
import { buildApp } from './app';
import { ConfigError, loadConfig, type ApiConfig } from './config';
import { openDatabase } from './db/database';
import { createReadiness } from './health/readiness';
import { shutDown } from './lifecycle/gracefulShutdown';
import { FirstAdminError, readFirstAdmin } from './admin/firstAdmin';
import { prepareDatabase } from './db/prepare';
import { recoverImports } from './imports/importWorker';
import { adaptersFor } from './pms/registry';
import { connectSandboxDemo } from './pms/sync/sandboxDemo';
import { KeyRingError } from './secrets/keyRing';
import { openVault, type OpenedVault } from './secrets/vault';
import { configuredMailTransport } from './mail/configuredTransport';
import { tracedDatabase } from './tracing/tracedDatabase';
import { jobDefinitions, jobSchedules } from './jobs/definitions';
import { recoverJobs, startJobWorker } from './jobs/jobWorker';
import { runMaintenance } from './jobs/maintenanceJob';

/** The first admin's settings with the password from its file; a problem stops the start. */
async function readFirstAdminOrExit(config: ApiConfig) {
  if (!config.firstAdmin) return null;
  try {
    return await readFirstAdmin(config.firstAdmin);
  } catch (error) {
    if (error instanceof FirstAdminError) {
      console.error(`Invalid configuration:\n  - ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** The vault over SECRETS_KEY_FILE (made on the embedded default's first start); a problem stops the start. */
function openVaultOrExit(config: ApiConfig): OpenedVault {
  try {
    return openVault(config.secrets);
  } catch (error) {
    if (error instanceof KeyRingError) {
      console.error(`Invalid configuration:\n  - ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function readConfig(): ApiConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const firstAdmin = await readFirstAdminOrExit(config);
  // Secrets are sealed at rest under the key ring of SECRETS_KEY_FILE (src/secrets, ADR 28).
  const { vault, made: keyFileMade, legacyFrom } = openVaultOrExit(config);
  const startedAt = Date.now();
  const db = tracedDatabase(await openDatabase(config));
  // The workers start after the app; a route that queues work nudges them once they run.
  let nudgeJobs = (): void => undefined;
  // Files (identity images, reports, issued invoices): a folder, or a bucket (docs/adr/0021).
  const storage = openStorage(config.storage);
  const readiness = createReadiness();
  // Test mode, or Stripe with STRIPE_SECRET_KEY: the routes and the monthly charges use the same.
  const payments = paymentProviderFor(config, db, { jobsQueued: () => nudgeJobs() });
  const app = buildApp({
    db,
    config,
    storage,
    vault,
    paymentProvider: payments,
    readiness,
    jobsQueued: () => nudgeJobs(),
  });
  if (keyFileMade)
    app.log.info(
      { keyFile: config.secrets.keyFile },
      'Made the key file that seals secrets at rest, beside the embedded database (set SECRETS_KEY_FILE to keep it elsewhere)',
    );
  if (legacyFrom === 'PMS_CREDENTIALS_KEY')
    app.log.warn(
      'PMS_CREDENTIALS_KEY is deprecated (ADR 28): it only opens secrets sealed before key ids; `npm run secrets -- rotate` seals them again, then `retire` says when it can go',
    );
  if (config.stripeSecretKey && !config.stripeWebhookSecret)
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: Stripe’s events are answered 503 (and retried by Stripe) until it is (README, "Stripe webhooks")',
    );
  const where = config.databaseUrl
    ? 'PostgreSQL server (DATABASE_URL)'
    : `embedded PGlite in ${config.pgliteDir}`;
  try {
    const prepared = await prepareDatabase(db, {
      storage,
      demoData: config.demoData,
      firstAdmin,
      vault,
    });
    if (prepared.firstAdmin?.created)
      app.log.info(
        { userId: prepared.firstAdmin.userId },
        'First admin created (ADMIN_EMAIL): they can sign in now',
      );
    else if (prepared.firstAdmin) app.log.info('An admin exists already: ADMIN_EMAIL is not used');
    if (!prepared.adminCanSignIn)
      app.log.warn(
        'No admin can sign in: set ADMIN_EMAIL and ADMIN_PASSWORD_FILE to make the first one (README, "Running in production")',
      );
    app.log.info(
      {
        database: where,
        files: storage.location,
        migrationsApplied: prepared.migrationsApplied,
        seeded: prepared.seeded,
        secretsSealed: prepared.secretsSealed,
        screened: prepared.screened,
        ms: Date.now() - startedAt,
      },
      'Database ready',
    );
    // Without an OTLP collector the spans are summarised into trace_minutes from now on.
    tracing.summary?.attach(db, app.log);
    app.log.info({ tracing: tracing.destination }, 'Tracing');
  } catch (error) {
    if (error instanceof FirstAdminError) app.log.fatal(error.message);
    else app.log.fatal({ err: error, database: where }, 'The database could not be prepared');
    await db.close().catch(() => undefined);
    process.exit(1);
  }

  // The maintenance runs once now (the embedded database is vacuumed after seeding), then hourly as
  // a scheduled job (src/jobs/definitions.ts).
  await runMaintenance({ db, config, log: app.log });
  // Every mail is a job of the `mail` queue, run where a transport is configured: SMTP_URL, else
  // MAIL_DIR (docs/adr/0013-mail-delivery.md).
  const mail = configuredMailTransport(config);
  app.log.info({ mailTransport: mail.transport?.name ?? null }, `Mails go to ${mail.destination}`);
  // Import tasks (docs/adr/0014-durable-import-tasks.md): a task a dead process left running is
  // taken back now (the embedded database has no other process) or once its lease expires.
  try {
    const recovered = await recoverImports(db, { embedded: db.kind === 'pglite' });
    if (recovered.resumed + recovered.failed > 0)
      app.log.info({ event: 'import', ...recovered }, 'Interrupted imports taken back');
  } catch (error) {
    app.log.warn(
      { err: error },
      'Interrupted imports could not be taken back now; their jobs take them once their lease expires',
    );
  }
  const adapters = adaptersFor(config);
  try {
    if (await connectSandboxDemo(db, vault, config))
      app.log.info(
        'The demo owner is connected to the Hostaway sandbox: its bookings arrive by themselves (PMS_SANDBOX_DEMO)',
      );
  } catch (error) {
    app.log.warn({ err: error }, 'The demo connection to the sandbox could not be made');
  }
  // Every background job (docs/adr/0026-durable-jobs.md): a job the embedded database's last
  // process left running is taken back now; on a server, once its lease expires.
  const recoveredJobs = await recoverJobs(db, { embedded: db.kind === 'pglite' });
  if (recoveredJobs.resumed + recoveredJobs.failed > 0)
    app.log.info({ event: 'job', ...recoveredJobs }, 'Interrupted jobs taken back');
  const jobWorker = startJobWorker({
    services: {
      db,
      config,
      log: app.log,
      vault,
      adapters,
      payments,
      mail: mail.transport,
      jobsQueued: () => nudgeJobs(),
    },
    definitions: jobDefinitions({ mailTransport: mail.transport !== null }),
    schedules: jobSchedules(config),
  });

  nudgeJobs = () => jobWorker.nudge();

  let closing = false;
  const close = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Closing');
    // The last resort, should closing the database or exporting the spans hang.
    setTimeout(
      () => {
        app.log.error('Closing took too long; exiting');
        process.exit(1);
      },
      config.shutdownDelayMs + config.shutdownTimeoutMs + 5_000,
    ).unref();
    try {
      const outcome = await shutDown({
        readiness,
        app,
        workers: { jobs: jobWorker },
        db,
        log: app.log,
        delayMs: config.shutdownDelayMs,
        timeoutMs: config.shutdownTimeoutMs,
        // The spans of the last requests: the batch to the collector, or the summary's minute to
        // the database (which is still open).
        beforeDatabaseCloses: () =>
          tracing
            .shutdown()
            .catch((error: unknown) =>
              app.log.warn({ err: error }, 'The last spans could not be exported'),
            ),
      });
      process.exit(outcome === 'drained' ? 0 : 1);
    } catch (error) {
      app.log.error({ err: error }, 'Error while closing');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, `Could not listen on ${config.host}:${config.port}`);
    await db.close().catch(() => undefined);
    process.exit(1);
  }
}

void main();
