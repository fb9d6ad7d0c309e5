// The health analysis that decides a rollout (issue 17, docs/adr/0020): a candidate against the
// live version over the same window — sessions, the share of sessions with an error, the share with
// a remote load failure, the share of API calls that failed, LCP and INP p75 — and one verdict:
// healthy, unhealthy, or not enough data below a minimum sample on either side. The shell server's
// rollout driver asks for it on every round and aborts an unhealthy candidate, or advances a
// healthy one. Only telemetry the shell server vouched for counts, one session per signed-in user
// (issue 30: anonymous batches once decided a rollout; telemetryStamp.ts). API calls the API
// refused as the page expects (a declined card, a field's rule, a conflict) are shown beside the
// failures but never judged: a candidate whose people meet more of them is not worse (issue 35,
// docs/adr/0038).
import type { Static } from '@sinclair/typebox';
import type { Sql } from '../db/database';
import type { ROLLOUT_VERDICTS } from './telemetrySchemas';
import { type RolloutFiguresSchema } from './telemetrySchemas';
import { healthWindow, type HealthWindow } from './telemetryStore';

export type Figures = Static<typeof RolloutFiguresSchema>;
export type Verdict = (typeof ROLLOUT_VERDICTS)[number];

export interface Thresholds {
  /** Sessions each side needs. */
  minSessions: number;
  /** Per 100 sessions: how much worse the candidate's rates may be. */
  errorMargin: number;
  /** Percent: how much slower the candidate's LCP or INP p75 may be. */
  vitalsMargin: number;
}

/** A vital is only "slower" by at least this much, whatever the percentage (a 20 ms INP is noise). */
export const VITALS_FLOOR_MS = 100;

export interface Judgement {
  verdict: Verdict;
  reason: string;
  candidate: Figures;
  live: Figures;
}

const share = (count: number, users: number): number | null => (users > 0 ? count / users : null);

/** A window's figures, each user counted as one session. */
export function figuresOf(window: HealthWindow): Figures {
  return {
    sessions: window.users,
    errorRate: share(window.usersWithError, window.users),
    loadFailureRate: share(window.usersWithLoadFailure, window.users),
    apiFailureRate: window.apiFailureRate,
    apiRefusalRate: window.apiRefusalRate,
    lcpP75: window.lcpP75,
    inpP75: window.inpP75,
  };
}

const percent = (rate: number | null): string =>
  rate === null ? '–' : `${(rate * 100).toFixed(rate > 0 && rate < 0.01 ? 2 : 1)} %`;
const duration = (ms: number): string =>
  ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
const sessionCount = (count: number): string => `${count} session${count === 1 ? '' : 's'}`;

/** The first way the candidate is worse than the live version beyond the margins, for people. */
function worse(candidate: Figures, live: Figures, thresholds: Thresholds): string | null {
  const margin = thresholds.errorMargin / 100;
  const rates: [string, 'errorRate' | 'loadFailureRate' | 'apiFailureRate'][] = [
    ['error rate', 'errorRate'],
    ['remote load failures', 'loadFailureRate'],
    ['API failure rate', 'apiFailureRate'],
  ];
  for (const [name, key] of rates) {
    const mine = candidate[key] ?? 0;
    const theirs = live[key] ?? 0;
    if (mine - theirs > margin) {
      return `${name} ${percent(mine)} vs ${percent(theirs)}, ${sessionCount(candidate.sessions)}`;
    }
  }
  for (const [name, key] of [
    ['LCP p75', 'lcpP75'],
    ['INP p75', 'inpP75'],
  ] as const) {
    const mine = candidate[key];
    const theirs = live[key];
    if (mine === null || theirs === null) continue;
    if (mine > theirs * (1 + thresholds.vitalsMargin / 100) && mine - theirs >= VITALS_FLOOR_MS) {
      return `${name} ${duration(mine)} vs ${duration(theirs)}, ${sessionCount(candidate.sessions)}`;
    }
  }
  return null;
}

/** The verdict on fixed figures. */
export function judge(candidate: Figures, live: Figures, thresholds: Thresholds): Judgement {
  const short = (figures: Figures, side: string) =>
    figures.sessions < thresholds.minSessions
      ? `${figures.sessions} of ${thresholds.minSessions} sessions on the ${side}`
      : null;
  const missing = short(candidate, 'candidate') ?? short(live, 'live version');
  if (missing) return { verdict: 'not_enough_data', reason: missing, candidate, live };
  const problem = worse(candidate, live, thresholds);
  if (problem) return { verdict: 'unhealthy', reason: problem, candidate, live };
  return {
    verdict: 'healthy',
    reason: `error rate ${percent(candidate.errorRate)} vs ${percent(live.errorRate)}, ${sessionCount(candidate.sessions)}`,
    candidate,
    live,
  };
}

export interface RolloutQuery {
  remote: string;
  candidate: string;
  live: string;
  /** The rollout's start: the window runs from it to now (the current minute included). */
  from: Date;
  now: Date;
}

/**
 * Judges a rollout from the vouched-for telemetry: the candidate's users against the live version's
 * users not on the rollout, over the same minutes.
 */
export async function rolloutHealth(
  sql: Sql,
  query: RolloutQuery,
  thresholds: Thresholds,
): Promise<Judgement> {
  // The window's end is exclusive by minute: the minute after now takes in the current one.
  const window = {
    remote: query.remote,
    from: query.from,
    to: new Date(query.now.getTime() + 60_000),
  };
  const [candidate, live] = await Promise.all([
    healthWindow(sql, { ...window, version: query.candidate, inRollout: true }),
    healthWindow(sql, { ...window, version: query.live, inRollout: false }),
  ]);
  return judge(figuresOf(candidate), figuresOf(live), thresholds);
}
