// Every queue the API's job worker runs, and every recurring schedule: the one list to read to know
// what happens in the background (docs/adr/0026-durable-jobs.md).
import type { ApiConfig } from '../config';
import { GUEST_INVITE_JOBS, guestInviteSchedule } from '../guest/guestInvites';
import { BILLING_JOBS, billingCloseSchedule } from '../billing/billingJobs';
import { paymentEventJob } from '../billing/paymentEvents';
import { importJob } from '../imports/importJob';
import { mailJob } from '../mail/mailJob';
import type { JobDefinition } from './jobs';
import { MAINTENANCE_QUEUE, maintenanceJob } from './maintenanceJob';
import type { JobSchedule } from './schedules';
import { pmsSyncJob, pmsSyncSchedule, pmsWebhookJob } from '../pms/sync/syncJobs';
import { sandboxWebhooksJob, sandboxWebhooksSchedule } from '../pms/sync/sandboxWebhooks';

/** The queues this API runs. A mail job runs only where a transport is configured. */
export function jobDefinitions({ mailTransport }: { mailTransport: boolean }): JobDefinition[] {
  const definitions: JobDefinition[] = [
    maintenanceJob,
    importJob as JobDefinition,
    ...GUEST_INVITE_JOBS,
    // Bookings that come in by themselves (docs/adr/0027-pms-webhooks-and-sync.md).
    pmsWebhookJob as JobDefinition,
    pmsSyncJob as JobDefinition,
    sandboxWebhooksJob,
    // Months closed and charged, failed charges tried again (docs/adr/0029).
    ...BILLING_JOBS,
    // The payment provider's events: Stripe's webhooks and test mode's own (docs/adr/0030).
    paymentEventJob as JobDefinition,
  ];
  // Without a transport this API leaves the mails to one that has one (or they wait).
  if (mailTransport) definitions.push(mailJob);
  return definitions;
}

/** The recurring schedules (UTC cron). */
export function jobSchedules(config: ApiConfig): JobSchedule[] {
  return [
    { name: 'maintenance', cron: '7 * * * *', queue: MAINTENANCE_QUEUE },
    // The guests' check-in links and reminders as they fall due (src/guest/guestInvites.ts).
    guestInviteSchedule,
    pmsSyncSchedule(config),
    // The month that ended, closed and charged at 02:00 UTC on the first (src/billing/billingJobs.ts).
    billingCloseSchedule,
    ...sandboxWebhooksSchedule(config),
  ];
}
