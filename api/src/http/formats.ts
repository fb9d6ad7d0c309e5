// Formats of our own for the schemas (registered with the request validator in app.ts), for rules
// a pattern cannot say.
import type Ajv from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats';

/** The longest a browser's clock may be from the server's for the telemetry it dates. */
export const CLOCK_TOLERANCE_MS = 24 * 60 * 60_000;
/**
 * An ISO 8601 date and time within CLOCK_TOLERANCE_MS of now: a year-9999 or 1970 date is no
 * moment the browser saw (issue 30, finding 7).
 */
export const RECENT_DATE_TIME = 'recent-date-time';

const { validate: isDateTime } = fullFormats['date-time'] as {
  validate: (text: string) => boolean;
};

function isRecentDateTime(text: string): boolean {
  return isDateTime(text) && Math.abs(Date.parse(text) - Date.now()) <= CLOCK_TOLERANCE_MS;
}

/** An ajv plugin: adds our formats. */
export function addApiFormats(ajv: Ajv): Ajv {
  return ajv.addFormat(RECENT_DATE_TIME, { type: 'string', validate: isRecentDateTime });
}
