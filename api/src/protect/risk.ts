// Risk colours: not stored, derived from a reservation's score and its account's tolerance every
// time they are read, so that changing the tolerance moves every colour at once.
import type { Thresholds, ToleranceLevel } from '../reservations/reservationSchemas';

/** The lowest score of each colour above green; a tolerance and its thresholds (the contract's). */
export type { Thresholds, ToleranceLevel };

export const RISK_TOLERANCES = ['low', 'balanced', 'high'] as const;
export type RiskTolerance = (typeof RISK_TOLERANCES)[number];

export const RISK_COLOURS = ['green', 'yellow', 'orange', 'red'] as const;
export type RiskColour = (typeof RISK_COLOURS)[number];

export const TOLERANCE_LEVELS: readonly ToleranceLevel[] = [
  {
    level: 'low',
    label: 'Strict',
    meaning:
      'Flags guests early: a single unverified ID is already yellow. For homes where a bad stay is costly (large houses, strict buildings).',
    thresholds: { yellow: 15, orange: 30, red: 50 },
  },
  {
    level: 'balanced',
    label: 'Balanced',
    meaning:
      'The default: one risk signal is yellow, two or three are orange, several strong ones are red.',
    thresholds: { yellow: 25, orange: 45, red: 65 },
  },
  {
    level: 'high',
    label: 'Lenient',
    meaning:
      'Flags only clear cases: for hosts who know their market and prefer fewer alerts (business travel, long stays).',
    thresholds: { yellow: 35, orange: 55, red: 75 },
  },
];

export function thresholdsOf(tolerance: RiskTolerance): Thresholds {
  const level = TOLERANCE_LEVELS.find((candidate) => candidate.level === tolerance);
  if (!level) throw new Error(`unknown risk tolerance ${tolerance}`);
  return level.thresholds;
}

/**
 * The colour as a SQL expression over a score and a tolerance expression (both SQL written by us),
 * the thresholds inlined as numbers: the body of the database's risk_colour (src/db/derivedSql.ts),
 * which every query calls.
 */
export function riskColourSql(score: string, tolerance: string): string {
  const byLevel = (thresholds: Thresholds): string =>
    `case when ${score} >= ${thresholds.red} then 'red' when ${score} >= ${thresholds.orange} then 'orange'
          when ${score} >= ${thresholds.yellow} then 'yellow' else 'green' end`;
  return `(case ${tolerance} ${TOLERANCE_LEVELS.filter((level) => level.level !== 'balanced')
    .map((level) => `when '${level.level}' then ${byLevel(level.thresholds)}`)
    .join(' ')} else ${byLevel(thresholdsOf('balanced'))} end)`;
}
