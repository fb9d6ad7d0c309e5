// What every database needs whether or not it holds the demo: the rows the product reads as
// settings rather than as anybody's data. Written on every start, after the migrations
// (src/db/prepare.ts); each insert leaves a row that is already there as it is, so an admin's
// change stays.
import type { Sql } from './database';

/** The outage banner's flag (spec: "Outage banner"), off until an admin turns it on. */
export const OUTAGE_FLAG = {
  name: 'outage_banner_dashboard',
  enabled: false,
  value: JSON.stringify({
    severity: 'info',
    text: 'Maintenance is under way: some pages may be briefly unavailable.',
  }),
  description:
    'Banner at the top of the dashboard. Value: JSON {"severity": "info" | "error", "text": "…"}.',
};

export async function writeReferenceData(sql: Sql): Promise<void> {
  await sql.query(
    'insert into flags (name, enabled, value, description) values ($1, $2, $3, $4) on conflict (name) do nothing',
    [OUTAGE_FLAG.name, OUTAGE_FLAG.enabled, OUTAGE_FLAG.value, OUTAGE_FLAG.description],
  );
}
