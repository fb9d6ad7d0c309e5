/** @jest-environment node */
// The rollout driver on a fake clock (issue 17): a strategy's steps advance while the candidate is
// healthy and its time is up, hold without enough data, stop when it is unhealthy — the automatic
// abort writes the reason in the history — and a healthy rollout ends with the candidate live.
// The verdicts are fixed answers in the shape of the API's (its judgement is tested in the API).
import path from 'node:path';
import type { RolloutHealth } from '@hostdash/shared-auth';
import { deploy, formatStatus, promote, recordHealth, type DeliveryContext } from './operations';
import { FileRegistryStore, RegistryConflictError } from './registryStore';
import { FolderStore } from './store';
import { DRIVER, runRolloutRound, type VerdictQuery, type VerdictSource } from './rolloutDriver';
import { fakeBuild, figures, racedBy, temporaryDir, verdict } from './testing';

const LIVE = '0.1.0+11111111';
const CANDIDATE = '0.1.0+22222222';
const MINUTE = 60_000;

async function setup(strategy?: 'canary10-15m' | 'linear10-every-5m') {
  let clock = Date.parse('2026-11-25T10:00:00Z');
  const context: DeliveryContext = {
    registry: new FileRegistryStore(path.join(temporaryDir('registry'), 'remotes.json')),
    store: new FolderStore(temporaryDir('store')),
    by: 'dana',
    now: () => new Date(clock),
  };
  await deploy(context, 'listings', fakeBuild({ name: 'listings', version: LIVE }));
  await deploy(
    context,
    'listings',
    fakeBuild({ name: 'listings', version: CANDIDATE }),
    strategy ? { strategy } : { canary: { percent: 25, users: [] } },
  );
  const asked: VerdictQuery[] = [];
  let answer: RolloutHealth = verdict('not_enough_data', '3 of 30 sessions on the candidate');
  const verdicts: VerdictSource = async (query) => {
    asked.push(query);
    return answer;
  };
  const driver = { ...context, by: DRIVER };
  return {
    asked,
    answer: (next: RolloutHealth) => {
      answer = next;
    },
    /** Moves the fake clock on and runs one round. */
    round: async (minutes: number) => {
      clock += minutes * MINUTE;
      return runRolloutRound(driver, verdicts, { minuteMs: MINUTE, now: () => new Date(clock) });
    },
    remote: async () => (await context.registry.read()).remotes.find((r) => r.name === 'listings'),
    context,
  };
}

describe('a strategy on a fake clock', () => {
  it('linear10-every-5m raises the share every 5 minutes while healthy, then makes it live', async () => {
    const rollout = await setup('linear10-every-5m');
    expect(await rollout.remote()).toMatchObject({
      version: LIVE,
      canary: {
        version: CANDIDATE,
        percent: 10,
        rollout: { strategy: 'linear10-every-5m', step: 0 },
      },
    });
    // Not enough data: the step's time is up, but an unjudged build does not advance.
    await rollout.round(6);
    expect((await rollout.remote())?.canary).toMatchObject({
      percent: 10,
      health: { verdict: 'not_enough_data', reason: '3 of 30 sessions on the candidate' },
    });
    rollout.answer(verdict('healthy', 'error rate 0.2 % vs 0.2 %, 40 sessions'));
    const [advanced] = await rollout.round(0);
    expect(advanced?.decision).toMatchObject({ kind: 'advance', step: 1, percent: 20 });
    // Within the new step's 5 minutes nothing moves.
    await rollout.round(4);
    expect((await rollout.remote())?.canary?.percent).toBe(20);
    for (let step = 3; step <= 9; step++) {
      await rollout.round(5);
      expect((await rollout.remote())?.canary?.percent).toBe(step * 10);
    }
    await rollout.round(5);
    const done = await rollout.remote();
    expect(done?.version).toBe(CANDIDATE);
    expect(done?.canary).toBeUndefined();
    expect(done?.history?.at(-1)).toMatchObject({
      action: 'promote',
      version: CANDIDATE,
      previous: LIVE,
      by: DRIVER,
      reason: 'linear10-every-5m completed, healthy: error rate 0.2 % vs 0.2 %, 40 sessions',
      // The commit the build was deployed with, past the advances that name none.
      commit: 'abc123def456',
    });
    expect(
      done?.history?.filter((entry) => entry.action === 'advance').map((e) => e.percent),
    ).toEqual([20, 30, 40, 50, 60, 70, 80, 90]);
    // Every verdict compared the candidate with the live version since the canary began.
    expect(rollout.asked[0]).toEqual({
      remote: 'listings',
      candidate: CANDIDATE,
      live: LIVE,
      from: '2026-11-25T10:00:00.000Z',
    });
  });

  it('stops an unhealthy candidate at once and says why in the history', async () => {
    const rollout = await setup('canary10-15m');
    rollout.answer(verdict('healthy', 'error rate 0.2 % vs 0.2 %, 40 sessions'));
    await rollout.round(3);
    expect((await rollout.remote())?.canary?.percent).toBe(10);
    rollout.answer(verdict('unhealthy', 'error rate 4.1 % vs 0.2 %, 312 sessions'));
    const [outcome] = await rollout.round(1);
    expect(outcome?.decision).toEqual({
      kind: 'abort',
      reason: 'aborted by health check: error rate 4.1 % vs 0.2 %, 312 sessions',
    });
    const remote = await rollout.remote();
    expect(remote?.version).toBe(LIVE);
    expect(remote?.canary).toBeUndefined();
    expect(remote?.history?.at(-1)).toMatchObject({
      action: 'abort',
      version: CANDIDATE,
      by: DRIVER,
      reason: 'aborted by health check: error rate 4.1 % vs 0.2 %, 312 sessions',
    });
    expect(formatStatus({ remotes: [remote!] })).toContain(
      'abort    0.1.0+22222222  by health check  — aborted by health check: error rate 4.1 % vs 0.2 %, 312 sessions',
    );
  });

  it('canary10-15m holds 10 % for 15 minutes, then everyone', async () => {
    const rollout = await setup('canary10-15m');
    rollout.answer(verdict('healthy', 'error rate 0.1 % vs 0.2 %, 40 sessions'));
    await rollout.round(14);
    expect((await rollout.remote())?.canary).toMatchObject({ percent: 10 });
    expect(formatStatus({ remotes: [(await rollout.remote())!] })).toMatch(
      /strategy canary10-15m: step 1 of 1 since .*, then everyone while healthy\n {2}health healthy at .*: error rate 0.1 %/,
    );
    await rollout.round(1);
    expect((await rollout.remote())?.version).toBe(CANDIDATE);
  });

  it('aborts an unhealthy fixed share too, but never advances or promotes one by itself', async () => {
    const rollout = await setup();
    rollout.answer(verdict('healthy', 'error rate 0.1 % vs 0.2 %, 40 sessions'));
    await rollout.round(600);
    expect((await rollout.remote())?.canary).toMatchObject({ version: CANDIDATE, percent: 25 });
    rollout.answer(verdict('unhealthy', 'remote load failures 40.0 % vs 0.0 %, 40 sessions'));
    await rollout.round(1);
    expect((await rollout.remote())?.canary).toBeUndefined();
  });

  it('advances a healthy candidate whose pages met many more refusals, and keeps both sides’ rates', async () => {
    const rollout = await setup('linear10-every-5m');
    // The verdict judges failures only (the API's); the driver acts on it and keeps the figures.
    rollout.answer({
      ...verdict('healthy', 'error rate 0.2 % vs 0.2 %, 40 sessions'),
      candidate: figures(40, 0.002, 0.6),
      live: figures(300, 0.002, 0.02),
    });
    const [outcome] = await rollout.round(5);
    expect(outcome?.decision).toMatchObject({ kind: 'advance', percent: 20 });
    expect((await rollout.remote())?.canary?.health).toMatchObject({
      verdict: 'healthy',
      candidate: { apiFailureRate: 0, apiRefusalRate: 0.6 },
      live: { apiFailureRate: 0, apiRefusalRate: 0.02 },
    });
  });

  it('leaves a canary alone when the API gives no verdict', async () => {
    const rollout = await setup('canary10-15m');
    const outcomes = await runRolloutRound(
      { ...rollout.context, by: DRIVER },
      async () => {
        throw new Error('the API answered 503: Rollout health is not served here');
      },
      { minuteMs: MINUTE },
    );
    expect(outcomes).toEqual([
      {
        remote: 'listings',
        candidate: CANDIDATE,
        decision: {
          kind: 'unjudged',
          why: 'the API answered 503: Rollout health is not served here',
        },
      },
    ]);
    expect((await rollout.remote())?.canary).toMatchObject({ percent: 10 });
    expect((await rollout.remote())?.canary?.health).toBeUndefined();
  });
});

describe('promote', () => {
  /** A rollout, and a person's context whose change races `meanwhile` (run on that rollout). */
  async function racing(
    meanwhile: (rollout: Awaited<ReturnType<typeof setup>>) => Promise<unknown>,
  ) {
    const rollout = await setup('canary10-15m');
    const registry = racedBy(rollout.context.registry, () => meanwhile(rollout));
    return { rollout, person: { ...rollout.context, registry } };
  }
  /** The health check recording `health` on the candidate. */
  const recording = (health: RolloutHealth) => (rollout: Awaited<ReturnType<typeof setup>>) =>
    recordHealth({ ...rollout.context, by: DRIVER }, 'listings', health, { canary: CANDIDATE });

  it('is made on the verdict the health check recorded while it was being made', async () => {
    const { rollout, person } = await racing(
      recording(verdict('healthy', 'error rate 0.2 % vs 0.2 %, 40 sessions')),
    );
    await expect(promote(person, 'listings')).resolves.toMatchObject({ changed: true });
    expect(await rollout.remote()).toMatchObject({ version: CANDIDATE });
    expect((await rollout.remote())?.history?.at(-1)).toMatchObject({
      action: 'promote',
      by: 'dana',
    });
  });

  it('is refused when the verdict recorded meanwhile is unhealthy', async () => {
    const { rollout, person } = await racing(
      recording(verdict('unhealthy', 'error rate 4.1 % vs 0.2 %, 40 sessions')),
    );
    await expect(promote(person, 'listings')).rejects.toThrow(
      `listings ${CANDIDATE} is unhealthy (error rate 4.1 % vs 0.2 %, 40 sessions)`,
    );
    expect((await rollout.remote())?.canary?.health?.verdict).toBe('unhealthy');
  });

  it('is still refused when someone made a change meanwhile', async () => {
    const { rollout, person } = await racing((raced) =>
      promote({ ...raced.context, by: 'erin' }, 'listings'),
    );
    await expect(promote(person, 'listings')).rejects.toBeInstanceOf(RegistryConflictError);
    expect((await rollout.remote())?.history?.at(-1)).toMatchObject({
      action: 'promote',
      by: 'erin',
    });
  });

  it('refuses a candidate judged unhealthy unless forced, and says so in the history', async () => {
    const rollout = await setup();
    // Judged without the abort (e.g. the verdict recorded while a person looks).
    const bad = verdict('unhealthy', 'INP p75 400 ms vs 120 ms, 40 sessions');
    await recordHealth(rollout.context, 'listings', bad, { canary: CANDIDATE });
    await expect(promote(rollout.context, 'listings')).rejects.toThrow(
      `listings ${CANDIDATE} is unhealthy (INP p75 400 ms vs 120 ms, 40 sessions): promote it anyway with --force`,
    );
    await promote(rollout.context, 'listings', { force: true });
    expect((await rollout.remote())?.history?.at(-1)).toMatchObject({
      action: 'promote',
      reason: 'forced while unhealthy: INP p75 400 ms vs 120 ms, 40 sessions',
    });
  });
});
