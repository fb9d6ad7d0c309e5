/** SQL for a timestamptz as the API answers times: ISO 8601 in UTC with milliseconds (in JSON built by SQL). */
export const isoSql = (expression: string): string =>
  `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
