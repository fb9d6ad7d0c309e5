// The shell's telemetry (issue 17): events from every page and every remote, batched and sent to
// the API's collector with navigator.sendBeacon when the page is hidden (or when a batch is full),
// so it never slows the page. Sampling is decided once per browser tab session. A collector that
// fails, a browser without sendBeacon, a throwing listener: none of it may break the dashboard,
// so every entry point swallows its own errors.
import type { Body } from '@hostdash/api-contract';
/** One event as the collector takes it (POST /telemetry), from the API contract. */
export type TelemetryEvent = Body<'/telemetry', 'post'>['events'][number];
export type TelemetryEventType = TelemetryEvent['type'];
export type VitalName = NonNullable<TelemetryEvent['vital']>;

/** What the page knows about the moment an event happens. */
export interface PageContext {
  route: string;
  remote: string | null;
  remoteVersion: string | null;
  inRollout: boolean;
  user: string | null;
}

export type EventDetails = Omit<TelemetryEvent, keyof PageContext | 'at'> &
  Partial<Pick<TelemetryEvent, 'remote' | 'remoteVersion' | 'inRollout'>>;

export interface TelemetryOptions {
  /** The collector's address (`/api/telemetry`). */
  endpoint: string;
  /** 0..1: the share of tab sessions that report (MONITORING_SAMPLE_RATE). */
  sampleRate: number;
  /** The shell's build, on every batch. */
  shell: string;
  /** The page's context at the time of an event. */
  context: () => PageContext;
  /** Sends one batch; true when the browser took it. */
  send?: (endpoint: string, body: string) => boolean;
  now?: () => Date;
  random?: () => number;
  /** This tab session's id (random, kept for the tab's life). */
  sessionId?: string;
}

/** The collector takes at most this many events per batch. */
export const MAX_BATCH = 200;
/** A batch this full goes at once, not at page hide. */
export const SEND_AT = 50;
/** Events kept while the collector cannot be reached (the oldest are dropped beyond it). */
const MAX_QUEUED = 1000;

function beacon(endpoint: string, body: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
}

function randomSessionId(random: () => number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let id = '';
  for (let index = 0; index < 22; index += 1) id += alphabet[Math.floor(random() * 64)];
  return id;
}

export interface Telemetry {
  /** Whether this tab session reports at all. */
  readonly sampled: boolean;
  readonly sessionId: string;
  record(details: EventDetails): void;
  /** Counts an API call in the page's context now; sent as one `api_calls` event per context. */
  countApiCall(): void;
  /** Sends what is queued (page hide, a full batch). */
  flush(): void;
  /** Events waiting to be sent. */
  pending(): number;
}

export function createTelemetry(options: TelemetryOptions): Telemetry {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const send = options.send ?? beacon;
  const sessionId = options.sessionId ?? randomSessionId(random);
  const sampled = random() < Math.min(1, Math.max(0, options.sampleRate));
  let queue: TelemetryEvent[] = [];
  /** API calls since the last batch, by the page context they were made in (as JSON). */
  let calls = new Map<string, number>();

  function countApiCall() {
    if (!sampled) return;
    try {
      const key = JSON.stringify(options.context());
      calls.set(key, (calls.get(key) ?? 0) + 1);
    } catch {
      // Telemetry is never a reason for the page to fail.
    }
  }

  /** The calls counted so far become events: one per page context, its count in `value`. */
  function queueCalls() {
    const at = now().toISOString();
    for (const [key, count] of calls) {
      queue.push({ ...(JSON.parse(key) as PageContext), type: 'api_calls', value: count, at });
    }
    calls = new Map();
  }

  function flush() {
    try {
      queueCalls();
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        const body = JSON.stringify({ session: sessionId, shell: options.shell, events: batch });
        // Not taken (no beacon, the browser's quota): kept for the next page hide.
        if (!send(options.endpoint, body)) return;
        queue = queue.slice(batch.length);
      }
    } catch {
      // A collector that cannot be reached never breaks the page.
    }
  }

  function record(details: EventDetails) {
    if (!sampled) return;
    try {
      const event: TelemetryEvent = { ...options.context(), ...details, at: now().toISOString() };
      queue.push(event);
      if (queue.length > MAX_QUEUED) queue = queue.slice(queue.length - MAX_QUEUED);
      if (queue.length >= SEND_AT) flush();
    } catch {
      // Telemetry is never a reason for the page to fail.
    }
  }

  return { sampled, sessionId, record, countApiCall, flush, pending: () => queue.length };
}
