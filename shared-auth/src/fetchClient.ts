// A small API client on the browser's fetch, for a page that must stay light: the guest's check-in
// page (docs/adr/0035-guest-page-weight.md). The same paths, JSON, errors (ApiError) and
// traceparent as the dashboard's client (apiClient.ts), without axios. A body whose upload
// progress is wanted goes through XMLHttpRequest, the one browser API that reports it.
import { answerError, NO_RESPONSE_MESSAGE, readErrorBody } from './apiErrors';
import { leavesPage, newTraceparent } from './traceparent';
import type { ApiError } from './types';

export interface FetchRequest {
  headers?: Record<string, string>;
  /** The body: a Blob is sent as it is (its type is the caller's header), anything else as JSON. */
  data?: unknown;
  responseType?: 'json' | 'blob';
  /** How much of the body has been sent, 0 to 1 (a photo's upload, for its progress bar). */
  onUploadProgress?: (fraction: number) => void;
}

export interface FetchClient {
  get<T = unknown>(path: string, request?: FetchRequest): Promise<T>;
  post<T = unknown>(path: string, request?: FetchRequest): Promise<T>;
  /**
   * The answer to a call someone else started (the page asks for the guest's portal while the
   * portal's code loads), read as this client reads its own.
   */
  read<T = unknown>(answer: Promise<Response>, responseType?: 'json' | 'blob'): Promise<T>;
}

export interface FetchClientOptions {
  baseURL: string;
  /** A call with no answer in this long fails as `no_response` (a hotel's network can hang). */
  timeoutMs?: number;
}

export const FETCH_TIMEOUT_MS = 30_000;

const noResponse = (): ApiError => ({ error: 'no_response', message: NO_RESPONSE_MESSAGE });

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The headers every call sends: JSON, and a new trace when the call stays on the page's origin. */
function callHeaders(baseURL: string, path: string, request: FetchRequest): Record<string, string> {
  const json = request.data !== undefined && !(request.data instanceof Blob);
  return {
    accept: 'application/json',
    ...(leavesPage(baseURL, path) ? {} : { traceparent: newTraceparent() }),
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...request.headers,
  };
}

function requestBody(data: unknown): Blob | string | undefined {
  if (data === undefined) return undefined;
  return data instanceof Blob ? data : JSON.stringify(data);
}

async function readAnswer<T>(response: Response, responseType: 'json' | 'blob'): Promise<T> {
  if (!response.ok) {
    const body = await readErrorBody(await response.text().catch(() => ''));
    throw answerError(
      response.status,
      response.statusText,
      body,
      response.headers.get('retry-after'),
    );
  }
  if (responseType === 'blob') return (await response.blob()) as T;
  return parseJson(await response.text()) as T;
}

/** A POST through XMLHttpRequest, for its upload progress. */
function sendWithProgress<T>(
  url: string,
  headers: Record<string, string>,
  request: FetchRequest,
  timeoutMs: number,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = ({ loaded, total }) =>
      request.onUploadProgress?.(total ? Math.min(1, loaded / total) : 0);
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(answerError(xhr.status, xhr.statusText, body, xhr.getResponseHeader('retry-after')));
    };
    xhr.onerror = () => reject(noResponse());
    xhr.ontimeout = () => reject(noResponse());
    xhr.send(requestBody(request.data) ?? null);
  });
}

export function createFetchClient({
  baseURL,
  timeoutMs = FETCH_TIMEOUT_MS,
}: FetchClientOptions): FetchClient {
  const urlOf = (path: string) => `${baseURL.replace(/\/$/, '')}${path}`;

  async function read<T>(answer: Promise<Response>, responseType: 'json' | 'blob' = 'json') {
    let response: Response;
    try {
      response = await answer;
    } catch {
      throw noResponse();
    }
    return readAnswer<T>(response, responseType);
  }

  async function send<T>(method: 'GET' | 'POST', path: string, request: FetchRequest = {}) {
    const headers = callHeaders(baseURL, path, request);
    if (request.onUploadProgress)
      return sendWithProgress<T>(urlOf(path), headers, request, timeoutMs);
    return read<T>(
      fetch(urlOf(path), {
        method,
        headers,
        body: requestBody(request.data),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(timeoutMs),
      }),
      request.responseType,
    );
  }

  return {
    get: (path, request) => send('GET', path, request),
    post: (path, request) => send('POST', path, request),
    read,
  };
}
