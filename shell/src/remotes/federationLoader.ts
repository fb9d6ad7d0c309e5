// Loading a remote's code: the page's one federation runtime, started the first time a page needs a
// remote (a sign-in page never does). It provides the page's shared modules and its runtime-core to
// the remotes, whose entries use it instead of their own (contract 1.2.0, docs/adr/0007), and it
// loads the remotes the registry names (registry.ts). Which shared modules a page provides is the
// page's entry's choice (provideShared): the dashboard's singletons (loader.ts), or the guest
// page's few (guest/guestLoader.ts, docs/adr/0035), so neither carries the other's.
import { createInstance } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import {
  CONTRACT_VERSION,
  FEATURE_EXPOSE,
  GUEST_PORTAL_EXPOSE,
  type AppName,
  type FeatureLifecycles,
  type FeatureModule,
  type GuestPortalModule,
  type WidgetModule,
} from '@hostdash/shared-auth';
import { checkContract, readManifestFacts } from './compatibility';
import { RemoteIncompatibleError, RemoteLoadError, RemoteNotDeployedError } from './errors';
import { reportRemoteFailure } from './failureReport';
import {
  fallBack,
  loadRegistry,
  registeredEntry,
  setRunning,
  watchRegistrations,
  type RegistryEntry,
} from './registry';
import type { ProvidedShare } from './shareTable';

export { RemoteIncompatibleError, RemoteLoadError, RemoteNotDeployedError };

export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

/** Manifests checked for compatibility (a failure is not kept: the next load checks again). */
const checkedManifests = new Map<string, Promise<void>>();
/**
 * The body of each manifest checked, by absolute URL: the federation runtime gets it from here
 * instead of fetching the manifest a second time.
 */
const manifestBodies = new Map<string, string>();
const absolute = (url: string) => new URL(url, window.location.href).href;

/**
 * Manifests the page was given by the server (the guest page's, docs/adr/0035), by absolute URL:
 * checked like a fetched one, without the request. Used once: a Retry fetches.
 */
const givenManifests = new Map<string, unknown>();

/** Manifests the server put into the page, by address: no request for them. */
export function giveManifests(manifests: Record<string, unknown>): void {
  for (const [url, manifest] of Object.entries(manifests))
    givenManifests.set(absolute(url), manifest);
}

/** The integrity each registered remote entry must have, by its absolute address (no query). */
const entryIntegrity = new Map<string, string>();
const withoutQuery = (url: string) => absolute(url).replace(/[?#].*$/, '');

const toRuntime = (entries: RegistryEntry[]) =>
  entries.map((entry) => {
    if (entry.url && entry.integrity) entryIntegrity.set(withoutQuery(entry.url), entry.integrity);
    return { name: entry.name, entry: entry.manifest };
  });

/**
 * The remote entry's script element, with the integrity the registry recorded at deploy: the
 * browser refuses to run an entry whose bytes differ (a load failure, docs/adr/0019). Entries
 * come from the remote origin, which answers CORS for the shell's origins (crossorigin needs it).
 */
function entryScript(url: string): HTMLScriptElement | undefined {
  const integrity = entryIntegrity.get(withoutQuery(url));
  if (!integrity) return undefined;
  const script = document.createElement('script');
  script.src = url;
  script.integrity = integrity;
  script.crossOrigin = 'anonymous';
  return script;
}

let sharedOfPage: (() => Record<string, ProvidedShare>) | null = null;

/** The modules this page provides to the remotes it loads: set by the page's entry, once. */
export function provideShared(shared: () => Record<string, ProvidedShare>): void {
  sharedOfPage = shared;
}

function startFederation() {
  if (!sharedOfPage)
    throw new Error("The page's entry must say which modules it shares (provideShared) first");
  const instance = createInstance({
    name: 'shell',
    remotes: [],
    shared: sharedOfPage(),
    // One dead remote must not break the others (TOOLCHAIN.md); the shell's loaded copies win.
    shareStrategy: 'loaded-first',
    plugins: [
      // The remotes' entries use this runtime-core (`_FEDERATION_RUNTIME_CORE`).
      injectExternalRuntimeCore(),
      {
        name: 'hostdash-entry-integrity',
        createScript: ({ url }: { url: string }) => entryScript(url),
      },
      {
        name: 'hostdash-checked-manifests',
        fetch(url: string) {
          const body = manifestBodies.get(absolute(url));
          if (body === undefined) return undefined;
          return Promise.resolve(
            new Response(body, { headers: { 'content-type': 'application/json' } }),
          );
        },
      },
    ],
  });
  const current = watchRegistrations(({ added, replaced }) => {
    if (added.length) instance.registerRemotes(toRuntime(added), { force: false });
    if (replaced.length) instance.registerRemotes(toRuntime(replaced), { force: true });
  });
  if (current.length) instance.registerRemotes(toRuntime(current), { force: false });
  return instance;
}

let started: ReturnType<typeof startFederation> | null = null;

/** The page's federation instance, started on first use. */
function federation() {
  started ??= startFederation();
  return started;
}

function timeout<T>(promise: Promise<T>, ms: number, app: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  }).catch((error: unknown) => {
    if (error instanceof RemoteNotDeployedError || error instanceof RemoteIncompatibleError)
      throw error;
    throw new RemoteLoadError(app, error);
  });
}

/**
 * Reads the manifest before any of the remote's code runs and refuses a build whose contract
 * range does not include this dashboard's (build/webpack.federation.cjs writes it at build).
 */
function ensureCompatible(app: string, entry: RegistryEntry): Promise<void> {
  let check = checkedManifests.get(entry.manifest);
  if (!check) {
    check = (async () => {
      const address = absolute(entry.manifest);
      const given = givenManifests.get(address);
      givenManifests.delete(address);
      const manifest = given ?? (await fetchManifest(entry.manifest));
      const facts = readManifestFacts(manifest);
      const contract = checkContract(facts.contract, CONTRACT_VERSION);
      if (!contract.compatible) {
        throw new RemoteIncompatibleError(
          app,
          entry.version ?? facts.version,
          contract.contract,
          contract.needsNewerShell,
        );
      }
      manifestBodies.set(absolute(entry.manifest), JSON.stringify(manifest));
    })();
    const manifest = entry.manifest;
    checkedManifests.set(manifest, check);
    check.catch(() => {
      checkedManifests.delete(manifest);
      manifestBodies.delete(absolute(manifest));
    });
  }
  return check;
}

async function fetchManifest(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) throw new Error(`its manifest answered ${response.status}`);
  return response.json();
}

function hasLifecycles(module: unknown): module is FeatureLifecycles<never> {
  const candidate = module as Partial<FeatureLifecycles<never>> | null;
  return (
    !!candidate &&
    typeof candidate.bootstrap === 'function' &&
    typeof candidate.mount === 'function' &&
    typeof candidate.unmount === 'function'
  );
}

function isFeatureModule(module: unknown): module is FeatureModule {
  const candidate = module as Partial<FeatureModule> | null;
  return (
    hasLifecycles(module) &&
    !!candidate?.slice &&
    typeof candidate.slice.key === 'string' &&
    typeof candidate.slice.reducer === 'function'
  );
}

function isWidgetModule(module: unknown): module is WidgetModule {
  const candidate = module as Partial<WidgetModule> | null;
  return (
    hasLifecycles(module) &&
    (candidate?.slice === undefined || typeof candidate.slice.reducer === 'function')
  );
}

/**
 * Loads a module a remote exposes, refused before any of its code runs when the remote is not
 * deployed or was built for another contract, and refused after when it does not export what it
 * must (`what`). With `reload`, the registry is read again and the remote is registered anew,
 * which drops the runtime's cached manifest and entry so the next load really fetches them again
 * (a Retry after a failure).
 */
async function loadExposed<Module>(
  app: AppName,
  expose: string,
  isModule: (module: unknown) => module is Module,
  what: string,
  options: { reload?: boolean },
): Promise<{ module: Module; entry: RegistryEntry }> {
  if (options.reload) return loadExposedOnce(app, expose, isModule, what, options);
  // One load at a time per module: a link's prefetch and the page it leads to share it. Two at
  // once would each fall back from a failing candidate and register the live release over the
  // other's load in flight.
  const key = `${app}/${expose}`;
  const pending = inFlight.get(key) as
    Promise<{ module: Module; entry: RegistryEntry }> | undefined;
  if (pending) return pending;
  const started = loadExposedOnce(app, expose, isModule, what, options).finally(() =>
    inFlight.delete(key),
  );
  inFlight.set(key, started);
  return started;
}

/** The loads under way, by `<app>/<expose>`. */
const inFlight = new Map<string, Promise<{ module: unknown; entry: RegistryEntry }>>();

async function loadExposedOnce<Module>(
  app: AppName,
  expose: string,
  isModule: (module: unknown) => module is Module,
  what: string,
  options: { reload?: boolean },
): Promise<{ module: Module; entry: RegistryEntry }> {
  if (options.reload) setRunning(app, false);
  await loadRegistry(options.reload, options.reload ? new Set([app]) : undefined);
  const entry = registeredEntry(app);
  if (!entry) throw new RemoteNotDeployedError(app);
  const load = async (release: RegistryEntry) => {
    const module = await timeout(
      ensureCompatible(app, release).then(() =>
        federation().loadRemote<unknown>(`${app}/${expose}`),
      ),
      REMOTE_LOAD_TIMEOUT_MS,
      app,
    );
    if (!isModule(module))
      throw new RemoteLoadError(app, new Error(`its ./${expose} entry does not export ${what}`));
    return module;
  };
  let release = entry;
  let module: Module;
  try {
    module = await load(entry);
  } catch (error) {
    // A rollout's candidate that fails gives way to the live release: the user sees the live
    // version, and the failure counts against the candidate (reported while it is registered).
    const current = registeredEntry(app);
    const instead = entry.fallback && current === entry.fallback ? current : undefined;
    if (!instead && entry.fallback) {
      reportRemoteFailure(app, error, {
        loaded: false,
        ...(expose === FEATURE_EXPOSE ? {} : { module: expose }),
      });
      console.warn(
        `[remotes] ${app} ${entry.version ?? ''} (a rollout's candidate) failed to load; using ${entry.fallback.version ?? 'the live version'}:`,
        error,
      );
    }
    const live = instead ?? fallBack(app);
    if (!live) throw error;
    release = live;
    module = await load(live);
  }
  setRunning(app, true);
  return { module, entry: release };
}

/** Loads a remote's `./feature` (its pages). */
export async function loadFeature(
  app: AppName,
  options: { reload?: boolean } = {},
): Promise<{ feature: FeatureModule; entry: RegistryEntry }> {
  const { module, entry } = await loadExposed(
    app,
    FEATURE_EXPOSE,
    isFeatureModule,
    'lifecycles and a slice',
    options,
  );
  return { feature: module, entry };
}

/** Loads a widget a remote exposes (`./<name>`) for another remote's page (ADR 17). */
export async function loadWidget(
  app: AppName,
  name: string,
  options: { reload?: boolean } = {},
): Promise<WidgetModule> {
  return (await loadExposed(app, name, isWidgetModule, 'lifecycles', options)).module;
}

/**
 * Loads the guest portal the guest page mounts (`guestportal/./guestPortal`, ADR 18): the same
 * registry, contract check and timeout as any remote's page.
 */
export async function loadGuestPortal(
  options: { reload?: boolean } = {},
): Promise<GuestPortalModule> {
  const isGuestPortal = hasLifecycles as (module: unknown) => module is GuestPortalModule;
  return (
    await loadExposed('guestportal', GUEST_PORTAL_EXPOSE, isGuestPortal, 'lifecycles', options)
  ).module;
}

/** Starts loading a remote ahead of a navigation (link prefetch); failures are left to the page. */
export function prefetchFeature(app: AppName): void {
  loadFeature(app).catch(() => undefined);
}
