// Remotes are found at run time: /remotes.json names each remote's manifest, and the Module
// Federation runtime loads it. Nothing about a remote's location is built into the shell.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { FEATURE_EXPOSE, type AppName, type FeatureModule } from '@hostdash/shared-auth';

export interface RegistryEntry {
  name: string;
  manifest: string;
  version?: string;
}

export class RemoteNotDeployedError extends Error {
  constructor(readonly app: string) {
    super(`The ${app} remote is not in the registry`);
  }
}

export class RemoteLoadError extends Error {
  constructor(
    readonly app: string,
    override readonly cause: unknown,
  ) {
    super(
      `The ${app} remote failed to load: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

let registry: Promise<RegistryEntry[]> | null = null;

async function fetchRegistry(): Promise<RegistryEntry[]> {
  const response = await fetch('/remotes.json', { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  const body = (await response.json()) as { remotes?: RegistryEntry[] };
  return body.remotes ?? [];
}

/** Reads /remotes.json (once, or again with `refresh`) and registers every remote it names. */
export function loadRegistry(refresh = false): Promise<RegistryEntry[]> {
  if (!registry || refresh) {
    const next = fetchRegistry().then((entries) => {
      registerRemotes(
        entries.map((entry) => ({ name: entry.name, entry: entry.manifest })),
        { force: refresh },
      );
      return entries;
    });
    // A failed read is not cached: the next caller tries again.
    next.catch(() => {
      if (registry === next) registry = null;
    });
    registry = next;
  }
  return registry;
}

function timeout<T>(promise: Promise<T>, ms: number, app: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  }).catch((error: unknown) => {
    throw error instanceof RemoteNotDeployedError ? error : new RemoteLoadError(app, error);
  });
}

function isFeatureModule(module: unknown): module is FeatureModule {
  const candidate = module as Partial<FeatureModule> | null;
  return (
    !!candidate &&
    typeof candidate.bootstrap === 'function' &&
    typeof candidate.mount === 'function' &&
    typeof candidate.unmount === 'function' &&
    !!candidate.slice &&
    typeof candidate.slice.key === 'string' &&
    typeof candidate.slice.reducer === 'function'
  );
}

/**
 * Loads a remote's `./feature`. With `reload`, the registry is read again and the remote is
 * registered anew, which drops the runtime's cached manifest and entry so the next load really
 * fetches them again (a Retry after a failure).
 */
export async function loadFeature(
  app: AppName,
  options: { reload?: boolean } = {},
): Promise<{ feature: FeatureModule; entry: RegistryEntry }> {
  const entries = await loadRegistry(options.reload);
  const entry = entries.find((candidate) => candidate.name === app);
  if (!entry) throw new RemoteNotDeployedError(app);
  const module = await timeout(
    loadRemote<unknown>(`${app}/${FEATURE_EXPOSE}`),
    REMOTE_LOAD_TIMEOUT_MS,
    app,
  );
  if (!isFeatureModule(module)) {
    throw new RemoteLoadError(
      app,
      new Error('its ./feature entry does not export lifecycles and a slice'),
    );
  }
  return { feature: module, entry };
}

/** Starts loading a remote ahead of a navigation (link prefetch); failures are left to the page. */
export function prefetchFeature(app: AppName): void {
  loadFeature(app).catch(() => undefined);
}

export async function isDeployed(app: AppName): Promise<boolean> {
  try {
    return (await loadRegistry()).some((entry) => entry.name === app);
  } catch {
    return false;
  }
}
