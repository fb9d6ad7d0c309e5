// Rollout strategies (issue 17, docs/adr/0020): the steps a candidate's share goes through, and the
// one decision the rollout driver takes for a canary on each round — abort it, hold it, raise its
// share or make it live — from its progress, the latest health verdict and the clock. Pure: the
// driver (shell/server/rolloutDriver.ts) reads the verdict and writes the change.
import type { RolloutHealth, RolloutStrategy } from '@hostdash/shared-auth';
import type { Canary } from './model';

export interface Step {
  /** The candidate's share during the step. */
  percent: number;
  /** How long the step lasts before the next one (strategy minutes: see `minuteMs`). */
  minutes: number;
}

/** Every strategy ends with everyone on the candidate (a promote) after its last step. */
export const STRATEGIES: Record<RolloutStrategy, readonly Step[]> = {
  'canary10-15m': [{ percent: 10, minutes: 15 }],
  'linear10-every-5m': [10, 20, 30, 40, 50, 60, 70, 80, 90].map((percent) => ({
    percent,
    minutes: 5,
  })),
  'all-at-once': [],
};

export const STRATEGY_NAMES = Object.keys(STRATEGIES) as RolloutStrategy[];

export function isStrategy(value: unknown): value is RolloutStrategy {
  return typeof value === 'string' && Object.hasOwn(STRATEGIES, value);
}

/** When the canary's current step ends (null: a fixed share, or a step past the strategy's end). */
export function nextStepAt(canary: Canary, minuteMs: number): Date | null {
  const { rollout } = canary;
  const step = rollout && STRATEGIES[rollout.strategy][rollout.step];
  if (!rollout || !step) return null;
  return new Date(Date.parse(rollout.stepSince) + step.minutes * minuteMs);
}

export type RolloutDecision =
  | { kind: 'hold'; why: string }
  | { kind: 'abort'; reason: string }
  | { kind: 'advance'; step: number; percent: number; reason: string }
  | { kind: 'complete'; reason: string };

/**
 * What to do with a canary now. An unhealthy candidate is aborted whatever its strategy (a fixed
 * share too); a step ends only when its time is up AND the candidate is healthy — "not enough
 * data" holds it, so a quiet hour never promotes an unjudged build.
 */
export function decide(
  canary: Canary,
  health: RolloutHealth | null,
  now: Date,
  minuteMs: number,
): RolloutDecision {
  if (health?.verdict === 'unhealthy') {
    return { kind: 'abort', reason: `aborted by health check: ${health.reason}` };
  }
  const { rollout } = canary;
  if (!rollout) return { kind: 'hold', why: 'a fixed share: promote or abort it by hand' };
  const steps = STRATEGIES[rollout.strategy];
  const ends = nextStepAt(canary, minuteMs);
  if (ends && now < ends) return { kind: 'hold', why: `next step at ${ends.toISOString()}` };
  if (health?.verdict !== 'healthy') {
    return {
      kind: 'hold',
      why: `waiting for a healthy verdict: ${health?.reason ?? 'not judged yet'}`,
    };
  }
  const next = steps[rollout.step + 1];
  if (!next) return { kind: 'complete', reason: `healthy: ${health.reason}` };
  return {
    kind: 'advance',
    step: rollout.step + 1,
    percent: next.percent,
    reason: `healthy: ${health.reason}`,
  };
}
