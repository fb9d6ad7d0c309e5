// The API's background workers (the mail outbox, the import tasks) run the same way: a round every
// few seconds, never two at once, and a stop that waits for the round under way.

export interface PollingWorker {
  /** Resolves when the round under way (if any) has finished; no round starts after. */
  stop(): Promise<void>;
  /** Starts a round now, unless one is under way (work just arrived: no need to wait). */
  nudge(): void;
}

/**
 * Runs `round` every `intervalMs`, one at a time, until stopped; `round` may ask `isStopped()`
 * between its steps to end early. The timer does not keep the process alive.
 */
export function startPolling(
  round: (isStopped: () => boolean) => Promise<void>,
  intervalMs: number,
): PollingWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const isStopped = () => stopped;
  const tick = () => {
    if (stopped || running) return;
    running = round(isStopped).finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    nudge: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
