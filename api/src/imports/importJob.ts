// The `import` job: one per import task (keyed by the task's id), queued with the task
// (importTasks.ts). It runs the
// task on whichever API claims it (./importWorker.ts does the steps under the task's own lease, which
// guards every page it commits). The job's outcome follows the task's: done when the task succeeded
// or failed (the host reads why on the import page), back in the queue — without using up a try —
// when the system asked to be tried later or the API is shutting down, and claimed by another
// worker when this one died (both leases expire; the task resumes from its cursor).
import { RetryJobLater, type JobDefinition } from '../jobs/jobs';
import { IMPORT_QUEUE } from './importTasks';
import { IMPORT_LEASE_MS, handBackImport, runNextImport } from './importWorker';

export const importJob: JobDefinition<{ taskId: string }> = {
  queue: IMPORT_QUEUE,
  leaseMs: IMPORT_LEASE_MS,
  async run({ taskId }, { db, adapters, log, vault, config, runId, isStopped }) {
    const result = await runNextImport(
      { db, adapters, log, vault, shellOrigin: config.shellOrigin },
      isStopped,
      runId,
      taskId,
    );
    if (result?.outcome === 'stopped') {
      // The API is shutting down: the task goes back at once, for the next start or another API.
      await handBackImport(db, runId);
      throw new RetryJobLater(new Date(), 'handed back at shutdown');
    }
    if (result && result.outcome !== 'retrying') return;
    // Not run now (not due, or another run holds a live lease), or waiting after the system was
    // unavailable: the job comes back when the task may be claimed.
    const [task] = await db.query<{ state: string; due: string }>(
      `select state, greatest(run_after, coalesce(locked_until, run_after)) as due
       from import_tasks where id = $1::bigint`,
      [taskId],
    );
    if (!task || task.state === 'succeeded' || task.state === 'failed') return;
    throw new RetryJobLater(new Date(task.due), 'the import waits');
  },
  release: handBackImport,
};
