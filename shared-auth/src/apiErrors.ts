// What a failed API call rejects with (ApiError), and how an answer becomes one: shared by the
// dashboard's axios client (apiClient.ts) and the guest page's fetch client (fetchClient.ts), so a
// host and a guest read the same errors. No HTTP library here.
import type { ApiError } from './types';

export const NO_RESPONSE_MESSAGE =
  'The request was made but no response was received from API server';

export function isApiError(value: unknown): value is ApiError {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ApiError).message === 'string' &&
    typeof (value as ApiError).error === 'string'
  );
}

/**
 * A write refused because the record changed since it was read (409): the API sends what the
 * record looks like now in `current`.
 */
export function isStaleWrite<Current>(
  error: ApiError,
): error is ApiError & { error: 'stale_write'; current: Current } {
  return (
    error.error === 'stale_write' && typeof error.current === 'object' && error.current !== null
  );
}

/**
 * Whether a failed call says the session is over. Only a 401 does: no answer, a timeout or a 5xx
 * says nothing about the session, which may well be valid once the API is back (issue 11).
 */
export function endsSession(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** A Retry-After header (seconds, or an HTTP date) in whole seconds from now; undefined if none. */
export function retryAfterSeconds(header: unknown, now = Date.now()): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Turns anything a call or a saga caught into the ApiError the state keeps. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof Error) return { error: 'client_error', message: error.message };
  return { error: 'client_error', message: String(error) };
}

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  // Older engines (and jsdom) have no Blob.text().
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

export async function readErrorBody(data: unknown): Promise<unknown> {
  // Downloads ask for a Blob; an error answer then arrives as a Blob of JSON.
  if (typeof Blob !== 'undefined' && data instanceof Blob) data = await blobText(data);
  if (data instanceof ArrayBuffer) data = new TextDecoder().decode(data);
  if (typeof data === 'string') {
    try {
      return JSON.parse(data);
    } catch {
      return data;
    }
  }
  return data;
}

/**
 * A failed call in a person's words. The API's own answers already are; what the client or the
 * proxy says when there was no answer, or an answer without the API's JSON, is a developer's
 * sentence (spec section 8 fixes the client's): this says it as Hostdash would.
 */
export function readableMessage(error: ApiError): string {
  if (error.error === 'no_response' || error.message === NO_RESPONSE_MESSAGE)
    return "Hostdash can't reach its server right now. Check your connection, then try again.";
  if (error.error === 'client_error')
    return 'Something went wrong in this page. Reload it, then try again.';
  if (error.error.startsWith('http_')) {
    return error.status !== undefined && error.status < 500
      ? `Hostdash couldn't do this (error ${error.status}). Reload the page, then try again.`
      : "Hostdash's server ran into a problem. Try again in a moment.";
  }
  return error.message;
}

/** The ApiError for an answer that is not a success: the API's own JSON, or one saying the status. */
export function answerError(
  status: number,
  statusText: string,
  body: unknown,
  retryAfterHeader: unknown,
): ApiError {
  const wait = retryAfterSeconds(retryAfterHeader);
  const retryAfter = wait === undefined ? {} : { retryAfterSeconds: wait };
  if (isApiError(body)) return { ...body, status, ...retryAfter };
  return {
    error: `http_${status}`,
    message: `The API server answered ${status}${statusText ? ` ${statusText}` : ''}.`,
    status,
    ...retryAfter,
  };
}
