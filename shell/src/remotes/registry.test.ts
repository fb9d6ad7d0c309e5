import { discoveryDocument, mockRemoteFetch, previewed, release } from '../testing/remotes';
import type { RemoteRelease } from '../clientConfig.types';

/** A fresh registry module (its state is per page), with what it tells the federation runtime. */
async function freshPage(initial: RemoteRelease[] | null, served: () => RemoteRelease[]) {
  jest.resetModules();
  const registry = await import('./registry');
  const fetchMock = mockRemoteFetch(served);
  registry.startRegistry(initial && discoveryDocument(initial));
  const runtime = jest.fn();
  return { registry, fetchMock, runtime };
}

const V1 = release('listings', '0.1.0+11111111');
const V2 = release('listings', '0.1.0+22222222');
const RESERVATIONS_V1 = release('reservations', '0.1.0+33333333');
const RESERVATIONS_V2 = release('reservations', '0.1.0+44444444');

describe('the registry in the page', () => {
  it('loads a version this browser previews, with the live one to fall back to', async () => {
    const preview = previewed(V1, '0.3.0+55555555', '2026-11-28T14:00:00.000Z');
    const { registry } = await freshPage([preview, RESERVATIONS_V1], () => []);
    expect(await registry.loadRegistry()).toEqual([preview, RESERVATIONS_V1]);
    expect(preview).not.toHaveProperty('canary');
    expect(registry.previewedRemotes()).toEqual([preview]);
    // It fails to load: the live version, and no preview any more.
    expect(registry.fallBack('listings')).toEqual(V1);
    expect(registry.previewedRemotes()).toEqual([]);
  });

  it('starts from the registry the server put in the page, without reading /remotes.json', async () => {
    const { registry, fetchMock } = await freshPage([V1, RESERVATIONS_V1], () => [V1]);
    expect(await registry.loadRegistry()).toEqual([V1, RESERVATIONS_V1]);
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

  it('hands the federation runtime what is registered when it starts, then every change', async () => {
    const { registry, runtime } = await freshPage([V1], () => [V2, RESERVATIONS_V1]);
    expect(registry.watchRegistrations(runtime)).toEqual([V1]);
    await registry.loadRegistry(true);
    expect(runtime).toHaveBeenCalledWith({ added: [RESERVATIONS_V1], replaced: [V2] });
  });

  it('reads the registry again for a user who signs in inside the page (a canary may pick them)', async () => {
    const { registry, fetchMock, runtime } = await freshPage([V1], () => [V2]);
    registry.watchRegistrations(runtime);
    registry.setRegistryUser(null);
    expect(await registry.loadRegistry()).toEqual([V1]);
    registry.setRegistryUser('7');
    expect(await registry.loadRegistry()).toEqual([V2]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(runtime).toHaveBeenLastCalledWith({ added: [], replaced: [V2] });
    await registry.loadRegistry();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps a running remote on its version and offers the new one once; a remote not loaded yet just switches', async () => {
    let served = [V1, RESERVATIONS_V1];
    const { registry, runtime } = await freshPage(served, () => served);
    registry.watchRegistrations(runtime);
    registry.setRunning('listings', true);

    served = [V2, RESERVATIONS_V2];
    expect(await registry.checkForNewVersions(0)).toEqual([V2]);
    // Listings runs in the page: it stays registered on V1. Reservations was never loaded: it moves on.
    expect(runtime).toHaveBeenCalledTimes(1);
    expect(runtime).toHaveBeenCalledWith({ added: [], replaced: [RESERVATIONS_V2] });
    expect(registry.remoteStatuses()).toEqual([
      { entry: V1, running: true, newer: V2 },
      { entry: RESERVATIONS_V2, running: false },
    ]);
    expect(await registry.checkForNewVersions(0)).toEqual([]);
  });

  it('reads the registry again at most once per interval', async () => {
    const { registry, fetchMock } = await freshPage([V1], () => [V2]);
    registry.setRunning('listings', true);
    expect(await registry.checkForNewVersions(60_000)).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
