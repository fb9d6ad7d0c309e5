// The one HTTP client every app uses (spec sections 7 and 8): get/post/put/patch/delete with a
// path, params, data and options, on one axios instance. In the browser the session travels in
// an HttpOnly cookie that the shell server's /api proxy turns into the Authorization header
// (docs/adr/0003); server-side callers pass an explicit session or the request's cookie.
import axios, { type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios';
import { DEFAULT_SESSION_COOKIE } from './constants';
import { parseCookies } from './cookies';
import type { ApiError } from './types';

export const NO_RESPONSE_MESSAGE =
  'The request was made but no response was received from API server';

export interface RequestOptions {
  /** Query parameters; `undefined` values are left out. */
  params?: Record<string, unknown>;
  /** The request body (sent as JSON). */
  data?: unknown;
  /** An explicit session: sent as the Authorization header. */
  session?: string;
  /** A request's Cookie header: its session cookie becomes the Authorization header. */
  cookie?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob' | 'text' | 'arraybuffer';
  /** How much of the request body has been sent, 0 to 1 (a photo's upload, for its progress bar). */
  onUploadProgress?: (fraction: number) => void;
}

export interface ApiClientOptions {
  baseURL: string;
  /** Name of the session cookie read from `cookie` (server-side calls). */
  sessionCookieName?: string;
  timeoutMs?: number;
  /** Where failed requests are logged (console by default). */
  logError?: (message: string) => void;
  /** Told of each failed call (not a cancelled one): the shell's telemetry counts them. */
  onFailure?: (failure: ApiFailure) => void;
  /**
   * Told of each call that ended, answered or failed (not a cancelled one): the shell's telemetry
   * counts them, so failures are a share of the calls made.
   */
  onCall?: () => void;
}

/** A call that failed, as the shell's telemetry takes it (the path as called: it templates it). */
export interface ApiFailure {
  method: Method;
  path: string;
  /** null: no answer (down, a time-out). */
  status: number | null;
  durationMs: number;
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** Changes where and how later calls go (e.g. the shell sets `/api` at start-up). */
  configure(options: Partial<ApiClientOptions>): void;
}

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

async function readErrorBody(data: unknown): Promise<unknown> {
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

async function rejection(error: unknown): Promise<ApiError> {
  if (axios.isCancel(error)) return { error: 'cancelled', message: 'The request was cancelled.' };
  if (!axios.isAxiosError(error)) return toApiError(error);
  const { response } = error;
  if (!response) return { error: 'no_response', message: NO_RESPONSE_MESSAGE };
  const body = await readErrorBody(response.data);
  const wait = retryAfterSeconds(response.headers?.['retry-after']);
  const retryAfter = wait === undefined ? {} : { retryAfterSeconds: wait };
  if (isApiError(body)) return { ...body, status: response.status, ...retryAfter };
  return {
    error: `http_${response.status}`,
    message: `The API server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
    status: response.status,
    ...retryAfter,
  };
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

/** W3C trace context (https://www.w3.org/TR/trace-context/): version 00, sampled (flags 01). */
export const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-01$/;

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/**
 * A `traceparent` for one call: a new trace id and span id, sampled, so that the shell server's
 * proxy and the API continue it and one call is one trace (issue 17). No web tracing SDK: the
 * browser's part of the trace is this id. An all-zero id is invalid and drawn again. Sent on
 * every call that stays on the page's origin (leavesPage).
 */
export function newTraceparent(): string {
  for (;;) {
    const value = `00-${randomHex(16)}-${randomHex(8)}-01`;
    if (TRACEPARENT.test(value)) return value;
  }
}

/**
 * Whether a call leaves the page's origin (in a browser; a server-side caller has no page). There
 * the traceparent is not sent: a header of its own would make every such call a CORS preflight,
 * and an API on another origin need not allow it. The dashboard's calls go to its own /api.
 */
function leavesPage(baseURL: string | undefined, path: string): boolean {
  const page = (globalThis as { location?: { href?: string; origin?: string } }).location;
  if (!page?.href || !page.origin) return false;
  const target = /^[a-z][a-z\d+.-]*:/i.test(path) ? path : (baseURL ?? '');
  try {
    return new URL(target, page.href).origin !== page.origin;
  } catch {
    return true;
  }
}

function withoutUndefined(
  params: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null),
  );
}

export function createApiClient(initial: ApiClientOptions): ApiClient {
  let options: ApiClientOptions = { sessionCookieName: DEFAULT_SESSION_COOKIE, ...initial };
  const instance: AxiosInstance = axios.create({ headers: { accept: 'application/json' } });

  function sessionFor(request: RequestOptions): string | undefined {
    if (request.session) return request.session;
    if (request.cookie)
      return (
        parseCookies(request.cookie)[options.sessionCookieName ?? DEFAULT_SESSION_COOKIE] ||
        undefined
      );
    return undefined;
  }

  async function send<T>(method: Method, path: string, request: RequestOptions = {}): Promise<T> {
    const session = sessionFor(request);
    const config: AxiosRequestConfig = {
      method,
      url: path,
      baseURL: options.baseURL,
      params: withoutUndefined(request.params),
      data: request.data,
      // A caller that is already in a trace (a server-side caller) passes its own traceparent.
      headers: {
        ...(leavesPage(options.baseURL, path) ? {} : { traceparent: newTraceparent() }),
        ...request.headers,
        ...(session ? { authorization: session } : {}),
      },
      signal: request.signal,
      responseType: request.responseType ?? 'json',
      timeout: options.timeoutMs ?? 0,
      ...(request.onUploadProgress
        ? {
            onUploadProgress: ({ loaded, total }) =>
              request.onUploadProgress?.(total ? Math.min(1, loaded / total) : 0),
          }
        : {}),
    };
    const started = Date.now();
    const ended = () => {
      try {
        options.onCall?.();
      } catch {
        // Whoever listens never changes what the caller gets.
      }
    };
    try {
      const response = await instance.request<T>(config);
      ended();
      return response.data;
    } catch (error) {
      const apiError = await rejection(error);
      if (apiError.error !== 'cancelled') {
        ended();
        const log = options.logError ?? ((message: string) => console.error(message));
        log(
          `[api] ${method.toUpperCase()} ${path} failed: ${apiError.status ?? 'no response'} ${apiError.message}`,
        );
        try {
          options.onFailure?.({
            method,
            path,
            status: apiError.status ?? null,
            durationMs: Date.now() - started,
          });
        } catch {
          // Whoever listens never changes what the caller gets.
        }
      }
      throw apiError;
    }
  }

  return {
    get: (path, request) => send('GET', path, request),
    post: (path, request) => send('POST', path, request),
    put: (path, request) => send('PUT', path, request),
    patch: (path, request) => send('PATCH', path, request),
    delete: (path, request) => send('DELETE', path, request),
    configure(changes) {
      options = { ...options, ...changes };
    },
  };
}

/**
 * The client every app in the page shares (shared-auth is a federated singleton). The shell
 * points it at its `/api` proxy at start-up.
 */
export const api: ApiClient = createApiClient({ baseURL: '/api' });

export function configureApiClient(options: Partial<ApiClientOptions>): void {
  api.configure(options);
}
