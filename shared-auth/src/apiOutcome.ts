// What a failed API call was (issue 35, docs/adr/0038-truthful-health.md): a refusal the page
// expects and says to the person — their card was declined, a field broke a rule, someone else
// changed the record — or a failure: the server broke, nothing answered, or the page asked for
// something it should not have. One rule for every call, applied where every call passes (the API
// client), from what the API answered: its status, its error code and whether it named a field.
// The front-end health counts the two apart, and a rollout's verdict reads failures only.
import type { ApiError } from './types';

export type ApiOutcome = 'refusal' | 'failure';

/** The sign-in calls: a 401 there is a wrong email, password or code, which the page says. */
export const SIGN_IN_CALLS: readonly string[] = ['POST /login', 'POST /user/auth/challenge'];

/**
 * The API's 404 codes for a lookup of something that may well not exist yet (a guest's photo
 * before they take it). A page shows them as "nothing yet". New "nothing yet" lookups answer 200
 * with an empty value instead (`GET /channel/{pms}/import`: `{ import: null }`).
 */
export const NOTHING_YET_CODES: readonly string[] = ['image_not_found'];

/** Where a 400's field was: a person types a body or a query's value, a page builds the rest. */
const TYPED_PARTS: readonly unknown[] = ['body', 'query'];

export interface AnsweredCall {
  method: string;
  /** The path as called (its query, if any, is ignored). */
  path: string;
  /** The answer's status; null when nothing answered (down, a time-out). */
  status: number | null;
  /** What the call rejected with. */
  error: Pick<ApiError, 'error'> & Record<string, unknown>;
}

const pathOf = (path: string): string => (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';

/**
 * A failed call's outcome. Refusals: a 400 naming a field of the body or the query, a 401 to a
 * sign-in call, any 402 (payment refused), a 404 of a "nothing yet" lookup, any 409 (a conflict the
 * page resolves). Everything else is a failure: no answer, a time-out, a 5xx, and any other 4xx
 * (the page sent what the API cannot take, or offered what the person may not do).
 */
export function apiOutcome({ method, path, status, error }: AnsweredCall): ApiOutcome {
  switch (status) {
    case 400:
      return typeof error.field === 'string' && TYPED_PARTS.includes(error.in)
        ? 'refusal'
        : 'failure';
    case 401:
      return SIGN_IN_CALLS.includes(`${method.toUpperCase()} ${pathOf(path)}`)
        ? 'refusal'
        : 'failure';
    case 402:
    case 409:
      return 'refusal';
    case 404:
      return NOTHING_YET_CODES.includes(error.error) ? 'refusal' : 'failure';
    default:
      return 'failure';
  }
}
