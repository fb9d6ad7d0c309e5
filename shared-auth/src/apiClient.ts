// The one HTTP client every app uses (spec sections 7 and 8): get/post/put/patch/delete with a
// path, params, data and options, on one axios instance. In the browser the session travels in
// an HttpOnly cookie that the shell server's /api proxy turns into the Authorization header
// (docs/adr/0003); server-side callers pass an explicit session or the request's cookie.
import axios, { type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios';
import { DEFAULT_SESSION_COOKIE } from './constants';
import { parseCookies } from './cookies';
import { answerError, NO_RESPONSE_MESSAGE, readErrorBody, toApiError } from './apiErrors';
import { apiOutcome, type ApiOutcome } from './apiOutcome';
import { leavesPage, newTraceparent } from './traceparent';
import type { ApiError } from './types';

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
  /**
   * Told of each failed call (not a cancelled one), as a refusal the page expects or a failure
   * (apiOutcome.ts): the shell's telemetry counts them apart.
   */
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
  /** The API's error code (`card_declined`, `internal`; `no_response` when nothing answered). */
  code: string;
  /** A refusal the page expects and says, or a failure (apiOutcome.ts). */
  outcome: ApiOutcome;
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

async function rejection(error: unknown): Promise<ApiError> {
  if (axios.isCancel(error)) return { error: 'cancelled', message: 'The request was cancelled.' };
  if (!axios.isAxiosError(error)) return toApiError(error);
  const { response } = error;
  if (!response) return { error: 'no_response', message: NO_RESPONSE_MESSAGE };
  const body = await readErrorBody(response.data);
  return answerError(response.status, response.statusText, body, response.headers?.['retry-after']);
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
          const status = apiError.status ?? null;
          options.onFailure?.({
            method,
            path,
            status,
            code: apiError.error,
            outcome: apiOutcome({ method, path, status, error: apiError }),
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
