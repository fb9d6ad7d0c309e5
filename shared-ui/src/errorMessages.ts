// What a failed call says to a person, and whether trying again can help. The API answers
// `{ error, message }`, and for a value its schema refuses also the `field`, where it was (`in`)
// and the `rule` it broke: a form puts that message beside its own field, in its own words (the
// field's label, not the API's name for it), and shows it once — not again in a snackbar.
import { readableMessage, type ApiError } from '@hostdash/shared-auth';

/**
 * Whether the same request may well work a moment later: no answer, a timeout, a failure on the
 * server's side. A refusal (4xx: a wrong value, no access, not found, a conflict) will be refused
 * again, so it never offers Retry; neither does a 429, which says how long to wait instead.
 */
export function isRetryable(error: ApiError): boolean {
  if (error.error === 'cancelled') return false;
  if (error.status === undefined) return true; // no answer at all
  return error.status >= 500 || error.status === 408;
}

/** A message for one field of a form. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The API's refusal of one of the form's own fields, in the form's words: `"email" must be an email
 * address.` becomes `Email must be an email address.` for `labels = { email: 'Email' }`. A refusal
 * with a code of its own that names a field (`email_taken`, `wrong_password`) already speaks the
 * person's words: its message is kept. Null when the refusal is not about a field the form shows
 * (then `messageOf` says it as a whole).
 */
export function fieldErrorOf(
  error: ApiError,
  labels: Readonly<Record<string, string>>,
): FieldError | null {
  const field = typeof error.field === 'string' ? error.field : undefined;
  if (!field || error.in !== 'body') return null;
  const label = labels[field];
  if (!label) return null;
  if (error.error !== 'invalid_request') return { field, message: error.message };
  const sentence = error.message.replace(`"${field}"`, label);
  return { field, message: sentence.charAt(0).toUpperCase() + sentence.slice(1) };
}

/**
 * One sentence for a failed call as a whole. A value refused in the address (a path or query
 * parameter) came from a link, not from something the person typed: it says so rather than
 * quoting the API's parameter names. No answer, or an answer without the API's JSON, is said in
 * Hostdash's words, not the client's (readableMessage).
 */
export function messageOf(error: ApiError): string {
  if (error.error === 'invalid_request' && (error.in === 'path' || error.in === 'query'))
    return 'This address is not valid. Check the link, or go back and open it again from the dashboard.';
  return readableMessage(error);
}
