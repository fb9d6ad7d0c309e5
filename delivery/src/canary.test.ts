/** @jest-environment node */
import { canaryBucket, getsCanary } from './canary';
import type { Canary } from './model';

const canary = (percent: number, users: string[] = []): Canary => ({
  version: '0.2.0+bbbbbbbb',
  manifest: 'listings/0.2.0+bbbbbbbb/mf-manifest.json',
  percent,
  users,
});

const ids = Array.from({ length: 10_000 }, (_, index) => String(index + 1));

describe('who gets a canary', () => {
  it('gives each user a stable bucket from 0 to 99, per remote', () => {
    for (const id of ids.slice(0, 500)) {
      const bucket = canaryBucket('listings', id);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
      expect(canaryBucket('listings', id)).toBe(bucket);
    }
    const differs = ids
      .slice(0, 100)
      .filter((id) => canaryBucket('listings', id) !== canaryBucket('reservations', id));
    expect(differs.length).toBeGreaterThan(80);
  });

  it('sends about half of many users to a 50% canary, the same ones every time', () => {
    const chosen = ids.filter((id) => getsCanary('listings', canary(50), id));
    expect(chosen.length / ids.length).toBeGreaterThan(0.48);
    expect(chosen.length / ids.length).toBeLessThan(0.52);
    expect(ids.filter((id) => getsCanary('listings', canary(50), id))).toEqual(chosen);
  });

  it('only adds users when the share grows', () => {
    const at10 = ids.filter((id) => getsCanary('listings', canary(10), id));
    const at30 = new Set(ids.filter((id) => getsCanary('listings', canary(30), id)));
    expect(at10.every((id) => at30.has(id))).toBe(true);
    expect(at10.length / ids.length).toBeCloseTo(0.1, 1);
  });

  it('always includes named users, never a signed-out visitor, nobody at 0% and everybody at 100%', () => {
    const outside = ids.find((id) => canaryBucket('listings', id) >= 50) as string;
    expect(getsCanary('listings', canary(0, [outside]), outside)).toBe(true);
    expect(getsCanary('listings', canary(100), null)).toBe(false);
    expect(ids.some((id) => getsCanary('listings', canary(0), id))).toBe(false);
    expect(ids.every((id) => getsCanary('listings', canary(100), id))).toBe(true);
  });
});
