// The background workers' loop: a round every interval, never two at once, a nudge that starts
// one at once, and a stop that waits for the round under way.
import { startPolling } from './polling';

it('starts a round at once when nudged, never two at once, and none after stop', async () => {
  let rounds = 0;
  let release: () => void = () => undefined;
  const worker = startPolling(
    () =>
      new Promise<void>((resolve) => {
        rounds += 1;
        release = resolve;
      }),
    60_000,
  );
  worker.nudge();
  expect(rounds).toBe(1);
  worker.nudge(); // one under way: no second
  expect(rounds).toBe(1);
  release();
  await Promise.resolve();
  await Promise.resolve();
  worker.nudge();
  expect(rounds).toBe(2);
  const stopping = worker.stop();
  release();
  await stopping;
  worker.nudge();
  expect(rounds).toBe(2);
});
