// What a change of risk tolerance would do before the owner makes it: the account's coming stays
// counted by colour now and under the proposed tolerance, so the page can say "32 more stays will
// need attention" and ask first (issue 12: one click used to recolour a whole portfolio).
import { Type, type Static } from '@sinclair/typebox';
import { RiskToleranceSchema } from '../domainSchemas';
import type { Sql } from '../db/database';
import { named } from '../http/schemas';
import type { RiskTolerance } from './risk';

const Count = Type.Integer({ minimum: 0 });

const ColourCounts = Type.Object(
  {
    green: Count,
    yellow: Count,
    orange: Count,
    red: Count,
    needs_attention: Type.Integer({
      minimum: 0,
      description: 'Red or orange, or in review: what the risks page puts first.',
    }),
  },
  { additionalProperties: false },
);

export const TolerancePreviewSchema = named(
  'TolerancePreview',
  {
    risk_tolerance: RiskToleranceSchema,
    risk: RiskToleranceSchema,
    stays: Type.Integer({
      minimum: 0,
      description: 'The coming stays counted: CONFIRMED, checking in from today.',
    }),
    now: ColourCounts,
    after: ColourCounts,
    changed: Type.Integer({
      minimum: 0,
      description: 'How many of those stays would change colour.',
    }),
  },
  {
    description:
      'The coming stays by colour under the current tolerance (`now`) and under `risk` (`after`).',
  },
);
export type TolerancePreview = Static<typeof TolerancePreviewSchema>;

const countsOf = (colour: string) => `json_build_object(
    'green', count(*) filter (where ${colour} = 'green'),
    'yellow', count(*) filter (where ${colour} = 'yellow'),
    'orange', count(*) filter (where ${colour} = 'orange'),
    'red', count(*) filter (where ${colour} = 'red'),
    'needs_attention', count(*) filter (where ${colour} in ('red', 'orange') or r.verification_status = 'review'))`;

/** One pass over the account's coming stays; colours from the database's risk_colour, as every read. */
export async function tolerancePreview(
  sql: Sql,
  accountId: string,
  risk: RiskTolerance,
): Promise<TolerancePreview> {
  const now = 'risk_colour(r.risk_score, a.risk_tolerance)';
  const after = 'risk_colour(r.risk_score, $2::text)';
  const [row] = await sql.query<TolerancePreview>(
    `select a.risk_tolerance, $2::text as risk, count(r.id)::int as stays,
            ${countsOf(now)} as now, ${countsOf(after)} as after,
            count(*) filter (where ${now} <> ${after})::int as changed
     from accounts a
     left join reservations r
       on r.account_id = a.id and r.status = 'CONFIRMED' and r.check_in_date >= current_date
     where a.id = $1::bigint
     group by a.risk_tolerance`,
    [accountId, risk],
  );
  if (!row) throw new Error('tolerance preview: no account');
  return row;
}
