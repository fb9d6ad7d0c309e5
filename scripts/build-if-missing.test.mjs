// The order scripts/build-if-missing.mjs builds in: a package after the ones it needs, no more at
// once than there are slots, nothing new after a failure, and a cycle said rather than skipped.
import { runInOrder } from './build-if-missing.mjs';

/** A `run` whose builds end when the test says, recording what ran when. */
function controlledRuns() {
  const events = [];
  const pending = new Map();
  const run = (name) => {
    events.push(`start ${name}`);
    return new Promise((resolve) => pending.set(name, resolve));
  };
  const finish = async (name, code = 0) => {
    events.push(`end ${name}`);
    pending.get(name)(code);
    pending.delete(name);
    // Let the scheduler see the end and start what it freed.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { events, run, finish, settle, running: () => [...pending.keys()] };
}

const NEEDS = new Map([
  ['shared-auth', []],
  ['delivery', ['shared-auth']],
  ['shell', ['delivery', 'shared-auth']],
  ['mfe-admin', ['shared-auth']],
  ['mfe-billing', ['shared-auth']],
]);
const NAMES = ['shared-auth', 'delivery', 'shell', 'mfe-admin', 'mfe-billing'];

test('each build starts once what it needs is built, as many at once as there are slots', async () => {
  const runs = controlledRuns();
  const done = runInOrder(NAMES, NEEDS, runs.run, 2);
  await runs.settle();
  expect(runs.running()).toEqual(['shared-auth']);
  await runs.finish('shared-auth');
  // delivery and the first remote take both slots; the shell waits for delivery.
  expect(runs.running()).toEqual(['delivery', 'mfe-admin']);
  await runs.finish('delivery');
  expect(runs.running()).toEqual(['mfe-admin', 'shell']);
  await runs.finish('mfe-admin');
  expect(runs.running()).toEqual(['shell', 'mfe-billing']);
  await runs.finish('shell');
  await runs.finish('mfe-billing');
  expect(await done).toBe(0);
  expect(runs.events.filter((event) => event.startsWith('start'))).toHaveLength(5);
});

test('after a failure nothing new starts, what runs ends, and the failure is the answer', async () => {
  const runs = controlledRuns();
  const done = runInOrder(NAMES, NEEDS, runs.run, 2);
  await runs.settle();
  await runs.finish('shared-auth');
  await runs.finish('delivery', 2);
  expect(runs.running()).toEqual(['mfe-admin']);
  await runs.finish('mfe-admin');
  expect(await done).toBe(2);
  expect(runs.events).not.toContain('start shell');
  expect(runs.events).not.toContain('start mfe-billing');
});

test('builds that need each other are named, not skipped', async () => {
  const runs = controlledRuns();
  const cycle = new Map([
    ['a', ['b']],
    ['b', ['a']],
  ]);
  await expect(runInOrder(['a', 'b'], cycle, runs.run, 2)).rejects.toThrow(
    'These builds depend on each other in a cycle: a, b',
  );
  expect(runs.events).toEqual([]);
});
