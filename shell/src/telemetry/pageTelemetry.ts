// The page's one telemetry (issue 17), started by bootstrap: it listens for what goes wrong on the
// page (uncaught errors, unhandled rejections), measures Web Vitals, and takes the events the shell
// reports (route changes, a remote that fails to load or is refused, a remote's boundary error, an
// API call that failed or was refused as the page expects). Each event carries the remote that renders the page and its version, and
// whether this user is on that remote's rollout; never ids, query values or anything personal
// (shape.ts). Sent with sendBeacon when the page is hidden.
import { CONTRACT_VERSION, matchRoute, type ApiFailure } from '@hostdash/shared-auth';
import type { ClientConfig } from '../clientConfig.types';
import { registeredEntry } from '../remotes/registry';
import { apiPathTemplate, errorMessage, hashUserId, routeTemplate, scrubMessage } from './shape';
import { createTelemetry, type EventDetails, type PageContext, type Telemetry } from './telemetry';

export const TELEMETRY_ENDPOINT = '/api/telemetry';

let telemetry: Telemetry | null = null;
let userHash: string | null = null;

/** The remote rendering `pathname`, its version as this page uses it, and whether it is a canary's. */
function remoteOf(pathname: string, remote?: string | null) {
  const app = remote ?? matchRoute(pathname)?.route.app ?? null;
  if (!app || app === 'shell') return { remote: null, remoteVersion: null, inRollout: false };
  const entry = registeredEntry(app);
  return {
    remote: app,
    remoteVersion: entry?.version ?? null,
    inRollout: entry?.canary === true,
  };
}

function context(): PageContext {
  const pathname = window.location.pathname;
  return { route: routeTemplate(pathname), ...remoteOf(pathname), user: userHash };
}

/** Reports one event; does nothing before the telemetry starts, or when this tab is not sampled. */
export function report(details: EventDetails): void {
  if (!telemetry) return;
  // An event about another remote than the page's (a widget) names that remote and its version.
  const named = details.remote ? remoteOf(window.location.pathname, details.remote) : {};
  telemetry.record({ ...details, ...named });
}

/** The longest duration the collector takes (ten minutes); a longer call is reported as that. */
const MAX_DURATION_MS = 600_000;

/**
 * Reports a failed API call (the client's `onFailure`): a refusal the page expects (a declined
 * card, a field's rule, a conflict: shared-auth's apiOutcome) as `api_refusal`, anything else as
 * `api_failure`, each with its call — method, path without ids or query, status — and the API's
 * error code as its message.
 */
export function reportApiFailure({ method, path, status, code, outcome, durationMs }: ApiFailure) {
  report({
    type: outcome === 'refusal' ? 'api_refusal' : 'api_failure',
    message: scrubMessage(code),
    apiMethod: method.toUpperCase() as NonNullable<EventDetails['apiMethod']>,
    apiPath: apiPathTemplate(path),
    apiStatus: status ?? 0,
    durationMs: Math.min(Math.max(0, durationMs), MAX_DURATION_MS),
  });
}

/** Counts one API call the page made (the client's `onCall`). */
export function countApiCall(): void {
  telemetry?.countApiCall();
}

/** The id last given to setTelemetryUser: an older id's hash arriving later is not kept. */
let latestUser: string | null = null;

/**
 * Who is signed in now (hashed before anything is sent); null when signed out. Resolves once the
 * hash is in place: events reported before then name no user.
 */
export async function setTelemetryUser(id: string | null): Promise<void> {
  latestUser = id;
  if (id === null) {
    userHash = null;
    return;
  }
  const hash = await hashUserId(id).catch(() => null);
  if (latestUser === id) userHash = hash;
}

/** Starts the page's telemetry: once per page. */
export function startTelemetry(config: Pick<ClientConfig, 'monitoringSampleRate' | 'user'>): void {
  if (telemetry) return;
  telemetry = createTelemetry({
    endpoint: TELEMETRY_ENDPOINT,
    sampleRate: config.monitoringSampleRate,
    shell: `shell@${CONTRACT_VERSION}`,
    context,
  });
  if (!telemetry.sampled) return;
  void setTelemetryUser(config.user?.id ?? null);
  window.addEventListener('error', (event) =>
    report({ type: 'error', message: errorMessage(event.error ?? event.message) }),
  );
  window.addEventListener('unhandledrejection', (event) =>
    report({ type: 'rejection', message: errorMessage(event.reason) }),
  );
  const flush = () => telemetry?.flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // The vitals' observers read buffered entries: loading them after the page's own code misses
  // nothing, and keeps them off the sign-in page's first bytes.
  import('web-vitals')
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB])
        on((metric) => report({ type: 'vital', vital: metric.name, value: metric.value }));
    })
    .catch(() => undefined);
}
