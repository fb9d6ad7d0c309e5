import { readShellConfig } from './config';

describe('the shell server’s settings', () => {
  it('sends telemetry from every tab session unless MONITORING_SAMPLE_RATE says a share', () => {
    expect(readShellConfig({}).monitoringSampleRate).toBe(1);
    expect(readShellConfig({ MONITORING_SAMPLE_RATE: '0.25' }).monitoringSampleRate).toBe(0.25);
    expect(readShellConfig({ MONITORING_SAMPLE_RATE: '0' }).monitoringSampleRate).toBe(0);
    for (const wrong of ['1.5', '-0.1', 'half', 'NaN'])
      expect(() => readShellConfig({ MONITORING_SAMPLE_RATE: wrong })).toThrow(
        `MONITORING_SAMPLE_RATE must be a number from 0 to 1, got "${wrong}"`,
      );
  });
});
