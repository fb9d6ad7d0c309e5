// Every queue the API's job worker runs, and every recurring schedule: the one list to read to know
// what happens in the background (docs/adr/0026-durable-jobs.md).
import type { ApiConfig } from '../config';
import { mailJob } from '../mail/mailJob';
import type { JobDefinition } from './jobs';
import { MAINTENANCE_QUEUE, maintenanceJob } from './maintenanceJob';
import type { JobSchedule } from './schedules';

/** The queues this API runs. A mail job runs only where a transport is configured. */
export function jobDefinitions({ mailTransport }: { mailTransport: boolean }): JobDefinition[] {
  const definitions: JobDefinition[] = [maintenanceJob];
  // Without a transport this API leaves the mails to one that has one (or they wait).
  if (mailTransport) definitions.push(mailJob);
  return definitions;
}

/** The recurring schedules (UTC cron). */
export function jobSchedules(config: ApiConfig): JobSchedule[] {
  void config;
  return [{ name: 'maintenance', cron: '7 * * * *', queue: MAINTENANCE_QUEUE }];
}
