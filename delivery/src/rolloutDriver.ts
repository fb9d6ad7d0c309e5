// The rollout driver (issue 17, docs/adr/0020): on a schedule, for every canary in the registry,
// asks the API for the health verdict on the candidate against the live version since the canary
// began, records it, and acts — aborts an unhealthy candidate (its users are back on the live
// version at their next page load), raises a strategy's share when a step's time is up and the
// candidate is healthy, promotes it after the last step. It changes the registry through the same
// operations and store as the CLI and the console, each change checked against the versions and
// step it judged. With several shell servers over one PostgreSQL, one of them runs each round
// (an advisory lock, docs/adr/0022); the others skip it.
import type { FastifyBaseLogger } from 'fastify';
import type { RolloutHealth } from '@hostdash/shared-auth';
import {
  abort,
  advance,
  promote,
  recordHealth,
  VersionChangedError,
  type DeliveryContext,
  type Expected,
} from './operations';
import type { RegistryRemote } from './model';
import {
  RegistryConflictError,
  RegistryUnavailableError,
  type RegistryStore,
} from './registryStore';
import { decide, type RolloutDecision } from './strategies';

/** Who the driver's changes are recorded as, in the registry's history. */
export const DRIVER = 'health check';
/** The exclusive work of one round (RegistryStore.exclusive). */
export const ROLLOUT_ROUND = 'rollout-round';

export interface VerdictQuery {
  remote: string;
  candidate: string;
  live: string;
  /** When the canary began. */
  from: string;
}

/** The health verdict on a candidate (the API's `GET /telemetry/rollout-health`). */
export type VerdictSource = (query: VerdictQuery) => Promise<RolloutHealth>;

/** Asks the API, with the delivery token; gives up after `timeoutMs`. */
export function apiVerdicts(apiUrl: string, token: string, timeoutMs: number): VerdictSource {
  return async ({ remote, candidate, live, from }) => {
    const query = new URLSearchParams({ remote, candidate, live, from });
    const response = await fetch(`${apiUrl}/telemetry/rollout-health?${query}`, {
      headers: { 'x-delivery-token': token, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => null)) as
      (RolloutHealth & { message?: string }) | null;
    if (!response.ok || !body) {
      throw new Error(
        `the API answered ${response.status}${body?.message ? `: ${body.message}` : ''}`,
      );
    }
    return body;
  };
}

export interface RoundOutcome {
  remote: string;
  candidate: string;
  decision: RolloutDecision | { kind: 'unjudged'; why: string };
}

/**
 * One round over the registry. A canary whose verdict cannot be had (the API is down) is left as
 * it is; one changed by someone else meanwhile is left to the next round.
 */
export async function runRolloutRound(
  context: DeliveryContext,
  verdicts: VerdictSource,
  options: { minuteMs: number; now?: () => Date },
): Promise<RoundOutcome[]> {
  const now = options.now ?? (() => new Date());
  const registry = await context.registry.read({ missingIsEmpty: true });
  const outcomes: RoundOutcome[] = [];
  for (const remote of registry.remotes) {
    const { canary, version: live } = remote;
    if (!canary || !live) continue;
    const expected: Expected = { live, canary: canary.version, step: canary.rollout?.step };
    let health: RolloutHealth;
    try {
      health = await verdicts({
        remote: remote.name,
        candidate: canary.version,
        live,
        from: canary.since ?? now().toISOString(),
      });
    } catch (error) {
      outcomes.push({
        remote: remote.name,
        candidate: canary.version,
        decision: { kind: 'unjudged', why: error instanceof Error ? error.message : String(error) },
      });
      continue;
    }
    const decision = decide(canary, health, now(), options.minuteMs);
    try {
      await act(context, remote, health, decision, expected);
      outcomes.push({ remote: remote.name, candidate: canary.version, decision });
    } catch (error) {
      // Someone (a person, another shell server) changed it since it was judged: next round.
      if (!(error instanceof VersionChangedError || error instanceof RegistryConflictError))
        throw error;
    }
  }
  return outcomes;
}

async function act(
  context: DeliveryContext,
  remote: RegistryRemote,
  health: RolloutHealth,
  decision: RolloutDecision,
  expected: Expected,
): Promise<void> {
  // The verdict is kept first: status, the console and /health show it, and promote reads it.
  await recordHealth(context, remote.name, health, expected);
  switch (decision.kind) {
    case 'abort':
      await abort(context, remote.name, { expected, reason: decision.reason });
      return;
    case 'advance':
      await advance(context, remote.name, { expected, ...decision });
      return;
    case 'complete':
      await promote(context, remote.name, {
        expected,
        reason: `${remote.canary?.rollout?.strategy ?? 'rollout'} completed, ${decision.reason}`,
      });
      return;
    case 'hold':
      return;
  }
}

export interface RolloutDriverOptions {
  registry: RegistryStore;
  store: DeliveryContext['store'];
  verdicts: VerdictSource;
  /** How often a round runs (ROLLOUT_CHECK_MS). */
  intervalMs: number;
  /** How long a strategy's minute lasts (ROLLOUT_MINUTE_MS: 60 000; shorter only for tests and demos). */
  minuteMs: number;
  log: FastifyBaseLogger;
}

/** Runs a round every `intervalMs`, one at a time; `stop` ends it once a round under way is done. */
export function startRolloutDriver(options: RolloutDriverOptions): { stop(): Promise<void> } {
  const context: DeliveryContext = {
    registry: options.registry,
    store: options.store,
    by: DRIVER,
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      // Another shell server is running this round: it judges and acts; this one waits for the next.
      const outcomes =
        (await options.registry.exclusive(ROLLOUT_ROUND, () =>
          runRolloutRound(context, options.verdicts, { minuteMs: options.minuteMs }),
        )) ?? [];
      for (const { remote, candidate, decision } of outcomes) {
        if (decision.kind === 'hold') continue;
        const line = { event: 'rollout', remote, candidate, ...decision };
        if (decision.kind === 'unjudged') options.log.warn(line, 'rollout health not judged');
        else options.log.info(line, `rollout ${decision.kind}`);
      }
    } catch (error) {
      // Not loaded yet (the database away, or not migrated): the store has said so in the log.
      if (!(error instanceof RegistryUnavailableError))
        options.log.error({ event: 'rollout', err: error }, 'rollout round failed');
    } finally {
      if (!stopped) timer = setTimeout(next, options.intervalMs);
    }
  };
  const next = () => {
    running = round();
  };
  timer = setTimeout(next, options.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
