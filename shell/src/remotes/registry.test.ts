import { manifestsOf, mockRemoteFetch, release } from '../testing/remotes';
import type { RemoteRelease } from '../clientConfig.types';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadRemote: jest.fn(),
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

const feature = {
  bootstrap: async () => undefined,
  mount: async () => undefined,
  unmount: async () => undefined,
  slice: { key: 'listings', reducer: () => ({}) },
};

/** A fresh registry module (its state is per page) and the runtime mock it talks to. */
async function freshPage(initial: RemoteRelease[] | null, served: () => RemoteRelease[]) {
  jest.resetModules();
  const runtime = jest.mocked(await import('@module-federation/enhanced/runtime'));
  runtime.loadRemote.mockResolvedValue(feature);
  const registry = await import('./registry');
  const fetchMock = mockRemoteFetch(served, () => manifestsOf([...served(), ...(initial ?? [])]));
  registry.startRegistry(initial);
  return { runtime, registry, fetchMock };
}

const V1 = release('listings', '0.1.0+11111111');
const V2 = release('listings', '0.1.0+22222222');
const RESERVATIONS_V1 = release('reservations', '0.1.0+33333333');
const RESERVATIONS_V2 = release('reservations', '0.1.0+44444444');

describe('the registry in the page', () => {
  it('starts from the registry the server put in the page, without reading /remotes.json', async () => {
    const { runtime, registry, fetchMock } = await freshPage([V1, RESERVATIONS_V1], () => [V1]);
    expect(await registry.loadRegistry()).toEqual([V1, RESERVATIONS_V1]);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'listings', entry: V1.manifest },
        { name: 'reservations', entry: RESERVATIONS_V1.manifest },
      ],
      { force: false },
    );
    expect(fetchMock).not.toHaveBeenCalledWith('/remotes.json', expect.anything());
  });

  it('reads /remotes.json when the page has no registry', async () => {
    const { registry, fetchMock } = await freshPage(null, () => [V1]);
    expect(await registry.loadRegistry()).toEqual([V1]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
  });

  it('reads the registry again for a user who signs in inside the page (a canary may pick them)', async () => {
    const { runtime, registry, fetchMock } = await freshPage([V1], () => [V2]);
    registry.setRegistryUser(null);
    expect(await registry.loadRegistry()).toEqual([V1]);
    registry.setRegistryUser('7');
    expect(await registry.loadRegistry()).toEqual([V2]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'listings', entry: V2.manifest }],
      { force: true },
    );
    await registry.loadRegistry();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps a running remote on its version and offers the new one once; a remote not loaded yet just switches', async () => {
    let served = [V1, RESERVATIONS_V1];
    const { runtime, registry } = await freshPage(served, () => served);
    await registry.loadFeature('listings');
    runtime.registerRemotes.mockClear();

    served = [V2, RESERVATIONS_V2];
    expect(await registry.checkForNewVersions(0)).toEqual([V2]);
    // Listings runs in the page: it stays registered on V1. Reservations was never loaded: it moves on.
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'reservations', entry: RESERVATIONS_V2.manifest }],
      { force: true },
    );
    expect(registry.remoteStatuses()).toEqual([
      { entry: V1, running: true, newer: V2 },
      { entry: RESERVATIONS_V2, running: false },
    ]);
    expect(await registry.checkForNewVersions(0)).toEqual([]);
  });

  it('reads the registry again at most once per interval', async () => {
    const { registry, fetchMock } = await freshPage([V1], () => [V2]);
    await registry.loadFeature('listings');
    fetchMock.mockClear();
    expect(await registry.checkForNewVersions(60_000)).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a remote whose contract range excludes this dashboard, before running any of its code', async () => {
    const { runtime, registry } = await freshPage([V2], () => [V2]);
    mockRemoteFetch(
      () => [V2],
      () => manifestsOf([V2], '^2.0.0'),
    );
    const failure = registry.loadFeature('listings');
    await expect(failure).rejects.toBeInstanceOf(registry.RemoteIncompatibleError);
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
    const { runtime, registry, fetchMock } = await freshPage([V1], () => [V1]);
    await registry.loadFeature('listings');
    const [[plugins]] = runtime.registerPlugins.mock.calls as unknown as [
      [{ fetch: (url: string) => Promise<Response> | undefined }[]],
    ];
    const plugin = plugins[0]!;
    const manifestUrl = new URL(V1.manifest, window.location.href).href;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const handed = (await plugin.fetch(manifestUrl)) as Response;
    expect(await handed.json()).toEqual(await (await fetch(V1.manifest)).json());
    expect(plugin.fetch('https://elsewhere.example/mf-manifest.json')).toBeUndefined();
  });

  it('treats a manifest that does not answer as a load failure', async () => {
    const { registry } = await freshPage([V1], () => [V1]);
    mockRemoteFetch(() => [V1]);
    await expect(registry.loadFeature('listings')).rejects.toBeInstanceOf(registry.RemoteLoadError);
  });
});
