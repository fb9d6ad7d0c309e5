// The flagsmith client itself runs against the API's flag endpoints in the e2e suite
// (outage-banner.spec.ts); here, the guards around it.
import { describeFlagError, withTimeout } from './featureFlags';

describe('feature flag guards', () => {
  afterEach(() => jest.useRealTimers());

  it('time out after 5 seconds with the spec message', async () => {
    jest.useFakeTimers();
    const timed = withTimeout(new Promise<never>(() => undefined), 5000);
    jest.advanceTimersByTime(4999);
    const settled = jest.fn();
    timed.catch(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await expect(timed).rejects.toThrow('Flagsmith request timed out after 5000ms');
  });

  it('pass an answer through before the time-out', async () => {
    await expect(withTimeout(Promise.resolve('flags'), 5000)).resolves.toBe('flags');
  });

  it('make the plain objects flagsmith rejects with readable', () => {
    expect(describeFlagError(new Error('offline'))).toBe('offline');
    expect(describeFlagError({ message: 'Network down' })).toBe('Network down');
    expect(describeFlagError({ status: 500 })).toBe('{"status":500}');
    expect(describeFlagError('bad')).toBe('bad');
  });
});
