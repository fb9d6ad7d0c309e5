/** @jest-environment node */
import { readShellConfig } from './config';

describe('the shell server’s settings', () => {
  it('runs the rollout driver only with a delivery token, every 30 s by default', () => {
    expect(readShellConfig({})).toMatchObject({
      deliveryToken: null,
      rolloutCheckMs: 30_000,
      rolloutMinuteMs: 60_000,
    });
    const token = 'b'.repeat(32);
    expect(readShellConfig({ DELIVERY_TOKEN: token, ROLLOUT_CHECK_MS: '1000' })).toMatchObject({
      deliveryToken: token,
      rolloutCheckMs: 1000,
    });
    expect(() => readShellConfig({ DELIVERY_TOKEN: 'short' })).toThrow(
      'DELIVERY_TOKEN must be at least 32 printable characters without spaces',
    );
    expect(() => readShellConfig({ ROLLOUT_MINUTE_MS: 'fast' })).toThrow(
      'ROLLOUT_MINUTE_MS must be a positive whole number, got "fast"',
    );
  });

  it('sends telemetry from every tab session unless MONITORING_SAMPLE_RATE says a share', () => {
    expect(readShellConfig({}).monitoringSampleRate).toBe(1);
    expect(readShellConfig({ MONITORING_SAMPLE_RATE: '0.25' }).monitoringSampleRate).toBe(0.25);
    expect(readShellConfig({ MONITORING_SAMPLE_RATE: '0' }).monitoringSampleRate).toBe(0);
    for (const wrong of ['1.5', '-0.1', 'half', 'NaN'])
      expect(() => readShellConfig({ MONITORING_SAMPLE_RATE: wrong })).toThrow(
        `MONITORING_SAMPLE_RATE must be a number from 0 to 1, got "${wrong}"`,
      );
  });

  it('keeps the registry in the file unless DATABASE_URL names a PostgreSQL server, never echoing it', () => {
    expect(readShellConfig({})).toMatchObject({
      databaseUrl: null,
      registryRefreshMs: 30_000,
      shutdownTimeoutMs: 10_000,
    });
    const url = 'postgres://hostdash:secret@db.internal:5432/hostdash';
    expect(readShellConfig({ DATABASE_URL: url, REGISTRY_REFRESH_MS: '5000' })).toMatchObject({
      databaseUrl: url,
      registryRefreshMs: 5000,
    });
    for (const wrong of ['mysql://u:secret@db/x', 'secret at db'])
      expect(() => readShellConfig({ DATABASE_URL: wrong })).toThrow(
        new Error('DATABASE_URL must be a postgres:// or postgresql:// address'),
      );
  });
});
