// The HTTP both real adapters share: a bearer token got by OAuth 2 client credentials, renewed
// once when the system refuses it, and the system's failures told apart — a refused credential
// (PmsAuthError, or a field error before an import) from an outage (PmsUnavailableError). A
// credential or token is never put in an error message.
import { createHash } from 'node:crypto';
import { missingCredential } from './descriptors';
import type { CredentialCheck, Credentials, PmsDescriptor } from './pms';
import { PmsAuthError, PmsUnavailableError } from './pms';

export interface TokenClientOptions {
  /** The system's name in messages ("Hostaway"). */
  system: string;
  baseUrl: string;
  /** Path of the token endpoint, from baseUrl. */
  tokenPath: string;
  /** The form fields of the token request (grant_type, client_id, client_secret, scope). */
  tokenForm: Readonly<Record<string, string>>;
  /** Extra headers on every API call. */
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
}

interface Answer {
  status: number;
  body: unknown;
}

/** The token request was refused: the credentials are wrong (401/403, or OAuth's invalid_client). */
export class CredentialsRefused extends Error {
  constructor(system: string) {
    super(`${system} did not accept these credentials`);
    this.name = 'CredentialsRefused';
  }
}

const refused = (status: number) => status === 401 || status === 403;

/**
 * Tokens by a hash of the system and credentials, shared by every connection in this process:
 * systems limit how often a token may be requested (Guesty: a few per client per day), and the
 * check before an import and the import itself are separate connections.
 */
const TOKENS = new Map<string, string>();

export class TokenClient {
  private readonly cacheKey: string;

  constructor(private readonly options: TokenClientOptions) {
    this.cacheKey = createHash('sha256')
      .update(JSON.stringify([options.baseUrl, options.tokenPath, options.tokenForm]))
      .digest('hex');
  }

  private get token(): string | null {
    return TOKENS.get(this.cacheKey) ?? null;
  }

  private set token(token: string | null) {
    if (token === null) TOKENS.delete(this.cacheKey);
    else TOKENS.set(this.cacheKey, token);
  }

  private async send(path: string, init: RequestInit): Promise<Answer> {
    const { system, baseUrl, timeoutMs = 30_000 } = this.options;
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new PmsUnavailableError(`${system} could not be reached (the request ${reason})`);
    }
    if (response.status >= 500 || response.status === 429)
      throw new PmsUnavailableError(`${system} answered ${response.status}; try again later`);
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (response.ok) throw new PmsUnavailableError(`${system} answered something not JSON`);
    }
    return { status: response.status, body };
  }

  /** Gets a new token; CredentialsRefused when the system says the credentials are wrong. */
  async authenticate(): Promise<void> {
    const { system, tokenPath, tokenForm } = this.options;
    const answer = await this.send(tokenPath, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(tokenForm).toString(),
    });
    const error = (answer.body as { error?: unknown } | null)?.error;
    if (refused(answer.status) || (answer.status === 400 && error === 'invalid_client'))
      throw new CredentialsRefused(system);
    const token = (answer.body as { access_token?: unknown } | null)?.access_token;
    if (answer.status !== 200 || typeof token !== 'string' || !token)
      throw new PmsUnavailableError(`${system} did not give an access token (${answer.status})`);
    this.token = token;
  }

  /**
   * GET path?query as JSON. A refused token is renewed once and the call retried; refused again,
   * or the renewal refused, is a PmsAuthError.
   */
  async get(path: string, query: Readonly<Record<string, string>>): Promise<unknown> {
    const { system, headers } = this.options;
    const url = `${path}?${new URLSearchParams(query).toString()}`;
    for (let attempt = 0; ; attempt += 1) {
      if (this.token === null) await this.authenticateDuringImport();
      const answer = await this.send(url, {
        headers: { ...headers, Accept: 'application/json', Authorization: `Bearer ${this.token}` },
      });
      if (refused(answer.status)) {
        this.token = null;
        if (attempt === 0) continue;
        throw new PmsAuthError(`${system} refused the connection’s access; reconnect it`);
      }
      if (answer.status !== 200)
        throw new PmsUnavailableError(`${system} answered ${answer.status} to ${path}`);
      return answer.body;
    }
  }

  /** GET path?query as JSON, or null when the system answers 404 (no such record). */
  async getOrNull(path: string, query: Readonly<Record<string, string>>): Promise<unknown> {
    try {
      return await this.get(path, query);
    } catch (error) {
      if (error instanceof PmsUnavailableError && / answered 404 to /.test(error.message))
        return null;
      throw error;
    }
  }

  /**
   * validate() of a client-credentials system: the fields as documented, then the token
   * exchange; a refused exchange is `refusal` (the system does not say which field is wrong).
   */
  async check(
    descriptor: PmsDescriptor,
    credentials: Credentials,
    refusal: { field: string; message: string },
    accountLabel: string | null,
  ): Promise<CredentialCheck> {
    const missing = missingCredential(descriptor, credentials);
    if (missing) return missing;
    try {
      await this.authenticate();
    } catch (error) {
      if (!(error instanceof CredentialsRefused)) throw error;
      return { ok: false, ...refusal };
    }
    return { ok: true, accountLabel };
  }

  /** One page of a limit/offset list: `offsetParam` names the offset, `itemsKey` the items. */
  async page(
    path: string,
    cursor: string | null,
    query: Readonly<Record<string, string>>,
    shape: { offsetParam: string; itemsKey: string; pageSize: number },
  ) {
    const offset = offsetOf(cursor);
    const body = await this.get(path, {
      ...query,
      limit: String(shape.pageSize),
      [shape.offsetParam]: String(offset),
    });
    const answer = (body !== null && typeof body === 'object' ? body : {}) as Record<
      string,
      unknown
    >;
    const listed = answer[shape.itemsKey];
    const items = (Array.isArray(listed) ? listed : []).map((item: unknown) =>
      item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {},
    );
    const total = typeof answer.count === 'number' ? answer.count : null;
    return { items, total, next: nextCursor(offset, items.length, shape.pageSize, total) };
  }

  private async authenticateDuringImport(): Promise<void> {
    try {
      await this.authenticate();
    } catch (error) {
      if (error instanceof CredentialsRefused)
        throw new PmsAuthError(`${error.message} any more; reconnect it`);
      throw error;
    }
  }
}

/** A page cursor: the offset of the next page, as the opaque string PmsPage carries. */
export function offsetOf(cursor: string | null): number {
  if (cursor === null) return 0;
  const offset = Number(cursor);
  if (!/^\d+$/.test(cursor) || !Number.isSafeInteger(offset))
    throw new Error(`Not a page cursor: ${cursor}`);
  return offset;
}

/** The cursor after a page of `received` items at `offset`, out of `total` when the system says. */
export function nextCursor(offset: number, received: number, limit: number, total: number | null) {
  const after = offset + received;
  if (received === 0 || (total !== null ? after >= total : received < limit)) return null;
  return String(after);
}

/** `YYYY-MM-DD` of a date or date-time the system sends, or null. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return match ? match[1]! : null;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0;

/** The booking channel a system names, in Hostdash's four words (anything else is direct). */
export function sourceOf(channel: unknown): 'airbnb' | 'booking.com' | 'vrbo' | 'direct' {
  const name = text(channel).toLowerCase();
  if (name.includes('airbnb')) return 'airbnb';
  if (name.includes('booking')) return 'booking.com';
  if (name.includes('vrbo') || name.includes('homeaway')) return 'vrbo';
  return 'direct';
}
