// The hourly maintenance as a scheduled job (once an hour across every API): expired rows, old
// telemetry and trace summaries, finished jobs, and the embedded database's vacuum. Each step is
// tried on its own: one failing does not keep the others from running.
import { deleteExpiredRows, vacuumEmbedded } from '../db/maintenance';
import { failAbandonedMails } from '../mail/mailJob';
import { pruneTelemetry } from '../telemetry/telemetryStore';
import { pruneTraceMinutes } from '../tracing/traceMinutesStore';
import type { JobDefinition, JobServices } from './jobs';

export const MAINTENANCE_QUEUE = 'maintenance';

export async function runMaintenance({
  db,
  config,
  log,
}: Pick<JobServices, 'db' | 'config' | 'log'>): Promise<void> {
  const failures: string[] = [];
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      failures.push(name);
      log.warn({ err: error, event: 'maintenance', step: name }, `Maintenance: ${name} failed`);
    }
  };
  await step('expired rows', () => deleteExpiredRows(db));
  await step('abandoned mails', async () => {
    const failed = await failAbandonedMails(db);
    if (failed > 0)
      log.info({ event: 'mail', failed }, 'Mails whose delivery job ended marked failed');
  });
  await step('telemetry', async () => {
    const pruned = await pruneTelemetry(db, config.telemetryRetentionDays);
    if (pruned.events + pruned.sessions + pruned.users > 0)
      log.info({ pruned }, 'Old telemetry pruned');
  });
  await step('trace summaries', async () => {
    const pruned = await pruneTraceMinutes(db, config.telemetryRetentionDays);
    if (pruned > 0) log.info({ pruned }, 'Old trace summaries pruned');
  });
  await step('vacuum', async () => {
    const started = Date.now();
    if (await vacuumEmbedded(db)) log.info({ ms: Date.now() - started }, 'Database vacuumed');
  });
  if (failures.length > 0) throw new Error(`Maintenance steps failed: ${failures.join(', ')}`);
}

export const maintenanceJob: JobDefinition = {
  queue: MAINTENANCE_QUEUE,
  leaseMs: 10 * 60_000,
  run: (_payload, context) => runMaintenance(context),
};
