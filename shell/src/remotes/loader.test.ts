import {
  candidate,
  discoveryDocument,
  manifestsOf,
  mockRemoteFetch,
  release,
} from '../testing/remotes';
import type { RemoteRelease } from '../clientConfig.types';

jest.mock('../telemetry/pageTelemetry', () => ({ report: jest.fn() }));
jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: jest.fn(),
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

const feature = {
  bootstrap: async () => undefined,
  mount: async () => undefined,
  unmount: async () => undefined,
  slice: { key: 'listings', reducer: () => ({}) },
};

interface PluginWithFetch {
  name: string;
  fetch?: (url: string) => Promise<Response> | undefined;
  createScript?: (args: { url: string }) => HTMLScriptElement | undefined;
}

/** A fresh page: registry and loader modules, and the federation instance the loader starts. */
async function freshPage(initial: RemoteRelease[], served: () => RemoteRelease[] = () => initial) {
  jest.resetModules();
  const { createInstance } = jest.mocked(await import('@module-federation/enhanced/runtime'));
  const runtime = { registerRemotes: jest.fn(), loadRemote: jest.fn() };
  runtime.loadRemote.mockResolvedValue(feature);
  createInstance.mockReturnValue(runtime as unknown as ReturnType<typeof createInstance>);
  const registry = await import('./registry');
  const loader = await import('./loader');
  const { report } = jest.mocked(await import('../telemetry/pageTelemetry'));
  // What the page's telemetry reads of the remote when an event is reported (pageTelemetry.ts).
  const reported: { type: string; remote?: string | null; version?: string; inRollout: boolean }[] =
    [];
  report.mockImplementation((details) => {
    const entry = details.remote ? registry.registeredEntry(details.remote) : undefined;
    reported.push({
      type: details.type,
      remote: details.remote,
      version: entry?.version,
      inRollout: entry?.canary === true,
    });
  });
  const fetchMock = mockRemoteFetch(served, () => manifestsOf([...served(), ...initial]));
  registry.startRegistry(discoveryDocument(initial));
  return { createInstance, runtime, registry, loader, fetchMock, reported };
}

const V1 = release('listings', '0.1.0+11111111');
const V2 = release('listings', '0.1.0+22222222');
const RESERVATIONS_V1 = release('reservations', '0.1.0+33333333');

describe('loading a remote', () => {
  it('starts the federation runtime only when a remote is first loaded, with the remotes the registry names', async () => {
    const { createInstance, runtime, loader } = await freshPage([V1, RESERVATIONS_V1]);
    expect(createInstance).not.toHaveBeenCalled();

    expect(await loader.loadFeature('listings')).toEqual({ feature, entry: V1 });
    expect(createInstance).toHaveBeenCalledTimes(1);
    const [options] = createInstance.mock.calls[0]!;
    expect(options).toMatchObject({ name: 'shell', shareStrategy: 'loaded-first' });
    // The remotes' entries use the shell's runtime-core (contract 1.2.0).
    expect(options.plugins?.map((plugin) => plugin.name)).toContain(
      'inject-external-runtime-core-plugin',
    );
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'listings', entry: V1.manifest },
        { name: 'reservations', entry: RESERVATIONS_V1.manifest },
      ],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('listings/feature');
  });

  it('registers a new version of a remote not running anew, and keeps a running one', async () => {
    let served = [V1, RESERVATIONS_V1];
    const { runtime, registry, loader } = await freshPage(served, () => served);
    await loader.loadFeature('reservations');
    runtime.registerRemotes.mockClear();

    served = [V2, RESERVATIONS_V1];
    await registry.loadRegistry(true);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'listings', entry: V2.manifest }],
      {
        force: true,
      },
    );
    expect(registry.remoteStatuses()).toContainEqual({ entry: RESERVATIONS_V1, running: true });
  });

  it('refuses a remote whose contract range excludes this dashboard, before running any of its code', async () => {
    const { runtime, loader } = await freshPage([V2]);
    mockRemoteFetch(
      () => [V2],
      () => manifestsOf([V2], '^2.0.0'),
    );
    const failure = loader.loadFeature('listings');
    await expect(failure).rejects.toBeInstanceOf(loader.RemoteIncompatibleError);
    await expect(failure).rejects.toMatchObject({
      app: 'listings',
      version: V2.version,
      contract: '^2.0.0',
      needsNewerShell: true,
    });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('hands the manifest it checked to the federation runtime, which does not fetch it again', async () => {
    // jsdom has no Response: just enough of one to read the body back.
    globalThis.Response ??= class {
      constructor(readonly body: string) {}
      json = async () => JSON.parse(this.body) as unknown;
    } as unknown as typeof Response;
    const { createInstance, loader, fetchMock } = await freshPage([V1]);
    await loader.loadFeature('listings');
    const [options] = createInstance.mock.calls[0]!;
    const plugin = (options.plugins as PluginWithFetch[]).find((candidate) => candidate.fetch)!;
    const manifestUrl = new URL(V1.manifest, window.location.href).href;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const handed = (await plugin.fetch!(manifestUrl)) as Response;
    expect(await handed.json()).toEqual(await (await fetch(V1.manifest)).json());
    expect(plugin.fetch!('https://elsewhere.example/mf-manifest.json')).toBeUndefined();
  });

  it('treats a manifest that does not answer as a load failure', async () => {
    const { loader } = await freshPage([V1]);
    mockRemoteFetch(() => [V1]);
    await expect(loader.loadFeature('listings')).rejects.toBeInstanceOf(loader.RemoteLoadError);
  });

  it('says a remote the registry does not name is not deployed', async () => {
    const { loader } = await freshPage([V1]);
    await expect(loader.loadFeature('billing')).rejects.toBeInstanceOf(
      loader.RemoteNotDeployedError,
    );
  });
});

describe("a rollout's candidate that fails to load", () => {
  const CANDIDATE = candidate(V1, '0.2.0+99999999');

  it('gives way to the live release when its files are missing, reported once against the candidate', async () => {
    const { runtime, registry, loader, reported } = await freshPage([CANDIDATE]);
    // The candidate's manifest answers 404 (its files were removed from the store); the live one answers.
    mockRemoteFetch(
      () => [CANDIDATE],
      () => manifestsOf([V1]),
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(await loader.loadFeature('listings')).toEqual({ feature, entry: V1 });
    expect(reported).toEqual([
      {
        type: 'remote_load_failed',
        remote: 'listings',
        version: CANDIDATE.version,
        inRollout: true,
      },
    ]);
    // Refused at its manifest, before the runtime ever had it: the runtime gets the live release.
    expect(runtime.registerRemotes.mock.calls).toEqual([
      [[{ name: 'listings', entry: V1.manifest }], { force: false }],
    ]);
    // What runs is the live version; the candidate is not offered again in this page.
    expect(registry.remoteStatuses()).toEqual([{ entry: V1, running: true }]);
    expect(await registry.checkForNewVersions(0)).toEqual([]);
    expect(registry.registeredEntry('listings')).toEqual(V1);
    warn.mockRestore();
  });

  it('gives way to the live release when the browser refuses its entry (integrity), which the page asked it to check', async () => {
    const checked = { ...CANDIDATE, integrity: 'sha384-candidate' };
    const { createInstance, runtime, loader, reported } = await freshPage([checked]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The browser does not run an entry whose bytes differ from its integrity: the script fails.
    runtime.loadRemote.mockRejectedValueOnce(
      new Error(`ScriptNetworkError: Failed to load script "${checked.url}"`),
    );

    expect(await loader.loadFeature('listings')).toEqual({ feature, entry: V1 });
    expect(reported).toEqual([
      { type: 'remote_load_failed', remote: 'listings', version: checked.version, inRollout: true },
    ]);
    // The runtime had the candidate's entry: it drops it and registers the live release anew.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'listings', entry: V1.manifest }],
      { force: true },
    );
    const [options] = createInstance.mock.calls[0]!;
    const plugin = (options.plugins as PluginWithFetch[]).find(
      (candidate) => candidate.createScript,
    )!;
    const script = plugin.createScript!({ url: checked.url! })!;
    expect(script.integrity).toBe('sha384-candidate');
    expect(script.crossOrigin).toBe('anonymous');
    expect(script.src).toBe(checked.url);
    // An entry whose integrity is not known is loaded as the runtime would.
    expect(plugin.createScript!({ url: V1.url! })).toBeUndefined();
    warn.mockRestore();
  });

  it('falls back once when a link prefetches it while its page loads it', async () => {
    const checked = { ...CANDIDATE, integrity: 'sha384-candidate' };
    const { runtime, loader, reported } = await freshPage([checked]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    runtime.loadRemote.mockRejectedValueOnce(
      new Error(`ScriptNetworkError: Failed to load script "${checked.url}"`),
    );

    loader.prefetchFeature('listings');
    expect(await loader.loadFeature('listings')).toEqual({ feature, entry: V1 });
    // One load of the candidate, one of the live release: not one per caller.
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(reported).toHaveLength(1);
    expect(runtime.registerRemotes.mock.calls.filter(([, flags]) => flags?.force)).toHaveLength(1);
    warn.mockRestore();
  });

  it('is not replaced when there is no live release to fall back to', async () => {
    const { loader, reported } = await freshPage([V2]);
    mockRemoteFetch(() => [V2]);
    await expect(loader.loadFeature('listings')).rejects.toBeInstanceOf(loader.RemoteLoadError);
    // The page reports it when it shows the failure (RemoteFeature), not the loader.
    expect(reported).toEqual([]);
  });
});
