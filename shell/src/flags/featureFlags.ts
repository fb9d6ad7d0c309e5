// Feature flags through the official flagsmith client, against the API's Flagsmith-compatible
// endpoints by default. Flag failures never break the dashboard: they are logged, and the
// defaults (every flag off) apply.
import flagsmith from 'flagsmith';
import { FLAG_TIMEOUT_MS, OUTAGE_BANNER_FLAG } from '@hostdash/shared-auth';

/**
 * How often an open dashboard asks for its flags again: an admin's change (the outage banner)
 * reaches every open tab within this long.
 */
export const FLAGS_POLL_MS = 60_000;

export interface FlagsSnapshot {
  outageBanner: { enabled: boolean; value: unknown };
}

type Listener = () => void;

let snapshot: FlagsSnapshot = { outageBanner: { enabled: false, value: null } };
const listeners = new Set<Listener>();

function readSnapshot(): void {
  snapshot = {
    outageBanner: {
      enabled: flagsmith.hasFeature(OUTAGE_BANNER_FLAG),
      value: flagsmith.getValue(OUTAGE_BANNER_FLAG, { json: false, fallback: null }),
    },
  };
  listeners.forEach((listener) => listener());
}

export function subscribeFlags(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getFlagsSnapshot(): FlagsSnapshot {
  return snapshot;
}

/** flagsmith rejects with plain objects, not Errors: make any rejection readable. */
export function describeFlagError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    return typeof message === 'string' ? message : JSON.stringify(error);
  }
  return String(error);
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Flagsmith request timed out after ${ms}ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function guarded(action: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await withTimeout(work(), FLAG_TIMEOUT_MS);
  } catch (error) {
    console.error(`[flags] ${action} failed: ${describeFlagError(error)}`);
  }
}

// Identify and logout wait for init: the client must know the environment first.
let ready: Promise<void> = Promise.resolve();

export function initFlags(options: {
  api: string;
  environmentKey: string;
  identity: string | null;
}): Promise<void> {
  ready = guarded('init', async () => {
    await flagsmith.init({
      environmentID: options.environmentKey,
      api: options.api,
      ...(options.identity ? { identity: options.identity } : {}),
      cacheFlags: false,
      enableAnalytics: false,
      defaultFlags: { [OUTAGE_BANNER_FLAG]: { enabled: false, value: null } },
      onChange: readSnapshot,
    });
    flagsmith.startListening(FLAGS_POLL_MS);
  });
  return ready;
}

/** On sign-in the flag service identifies the user by id (spec section 4). */
export function identifyFlagsUser(userId: string): Promise<void> {
  return ready.then(() => guarded('identify', () => flagsmith.identify(userId)));
}

/** On logout the flag service is reset (spec section 4). */
export function resetFlagsUser(): Promise<void> {
  return ready.then(() => guarded('logout', () => flagsmith.logout()));
}
