// The services a job runs with, from a test API (tests run jobs with runDueJobs or a worker).
import type { JobServices } from '../jobs/jobs';
import { silentLog } from './logs';
import type { TestApi } from './testApi';

export function testJobServices(api: TestApi, overrides: Partial<JobServices> = {}): JobServices {
  return {
    db: api.db,
    config: api.config,
    log: silentLog,
    vault: api.vault,
    payments: api.payments,
    adapters: () => null,
    mail: null,
    jobsQueued: () => undefined,
    ...overrides,
  };
}
