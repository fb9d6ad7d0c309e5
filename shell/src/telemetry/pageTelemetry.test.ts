import { webcrypto } from 'node:crypto';
import { waitFor } from '@testing-library/react';
import { TextEncoder } from 'node:util';
import { startRegistry } from '../remotes/registry';
import { candidate, discoveryDocument, release } from '../testing/remotes';
import {
  report,
  reportApiFailure,
  setTelemetryUser,
  startTelemetry,
  TELEMETRY_ENDPOINT,
} from './pageTelemetry';

interface Batch {
  session: string;
  shell: string;
  events: Record<string, unknown>[];
}

describe('the page’s telemetry', () => {
  const batches: Batch[] = [];
  beforeAll(() => {
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    Object.defineProperty(globalThis, 'TextEncoder', { value: TextEncoder, configurable: true });
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (endpoint: string, body: Blob) => {
        expect(endpoint).toBe(TELEMETRY_ENDPOINT);
        // jsdom's Blob has no text(): read it as a browser's FileReader would.
        const reader = new FileReader();
        reader.onload = () => batches.push(JSON.parse(String(reader.result)) as Batch);
        reader.readAsText(body);
        return true;
      },
    });
    startRegistry(discoveryDocument([candidate(release('reservations', '1.9.0'), '2.0.0')]));
    startTelemetry({ monitoringSampleRate: 1, user: null });
  });

  const sent = async () => {
    const before = batches.length;
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(batches.length).toBeGreaterThan(before));
    return batches.slice(before).flatMap((batch) => batch.events);
  };

  it('hears an uncaught error on a remote’s page, names the route, the remote and its rollout, and nothing personal', async () => {
    window.history.pushState({}, '', '/reservation/4711?guest=ana@example.com');
    await setTelemetryUser('42');
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('Cannot read guest ana@example.com of 4711000') }),
    );
    const [event] = await sent();
    expect(event).toEqual({
      type: 'error',
      message: 'Cannot read guest [email] of [number]',
      route: '/reservation/:id',
      remote: 'reservations',
      remoteVersion: '2.0.0',
      inRollout: true,
      user: expect.stringMatching(/^[0-9a-f]{64}$/),
      at: expect.any(String),
    });
    expect(JSON.stringify(batches)).not.toMatch(/4711|ana@|"42"/);
    expect(batches[0]!.session).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('reports a failed call with its method, path without ids and status, a refusal apart', async () => {
    window.history.pushState({}, '', '/reservation/4711');
    reportApiFailure({
      method: 'POST',
      path: '/reservation/changeVerification/4711/?supervised=1',
      status: 409,
      code: 'stale_write',
      outcome: 'refusal',
      durationMs: 120,
    });
    reportApiFailure({
      method: 'get',
      path: '/reservation/get/4711',
      status: null,
      code: 'no_response',
      outcome: 'failure',
      durationMs: 3_600_000,
    });
    const events = await sent();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'api_refusal',
        message: 'stale_write',
        apiMethod: 'POST',
        apiPath: '/reservation/changeVerification/:id/',
        apiStatus: 409,
        durationMs: 120,
        route: '/reservation/:id',
        remote: 'reservations',
      }),
      expect.objectContaining({
        type: 'api_failure',
        message: 'no_response',
        apiMethod: 'GET',
        apiPath: '/reservation/get/:id',
        // Nothing answered; a call longer than the collector takes is reported as its longest.
        apiStatus: 0,
        durationMs: 600_000,
      }),
    ]);
    expect(JSON.stringify(events)).not.toMatch(/4711|supervised/);
  });

  it('takes what the shell reports, for another remote than the page’s too', async () => {
    report({
      type: 'remote_load_failed',
      remote: 'guestportal',
      message: 'screensWidget: timeout',
    });
    const [event] = await sent();
    expect(event).toMatchObject({
      type: 'remote_load_failed',
      remote: 'guestportal',
      remoteVersion: null,
      inRollout: false,
      route: '/reservation/:id',
    });
  });
});
