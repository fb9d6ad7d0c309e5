import { base32Decode, hotp, totp, totpReused, totpStep, verifyTotp } from './totp';

// RFC 6238 appendix B, SHA-1 rows: the key is the ASCII "12345678901234567890".
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s gives %s (8 digits) and its last 6 digits', (seconds, code) => {
    const step = totpStep(seconds * 1000);
    expect(hotp(RFC_KEY, step, 8)).toBe(code);
    expect(hotp(RFC_KEY, step)).toBe(code.slice(-6));
  });

  it('reads base32 secrets as authenticator apps do', () => {
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe(
      '12345678901234567890',
    );
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe(
      '12345678901234567890',
    );
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });

  it('accepts the current step and one step of drift either side, nothing further', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(verifyTotp(secret, totp(secret, now), { timeMs: now })).toBe(step);
    expect(verifyTotp(secret, totp(secret, now - 30_000), { timeMs: now })).toBe(step - 1);
    expect(verifyTotp(secret, totp(secret, now + 30_000), { timeMs: now })).toBe(step + 1);
    expect(verifyTotp(secret, totp(secret, now - 60_000), { timeMs: now })).toBeNull();
    expect(verifyTotp(secret, totp(secret, now + 60_000), { timeMs: now })).toBeNull();
  });

  it('refuses a code of a step already used, or older', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(verifyTotp(secret, totp(secret, now), { timeMs: now, lastUsedStep: step })).toBeNull();
    expect(
      verifyTotp(secret, totp(secret, now - 30_000), { timeMs: now, lastUsedStep: step - 1 }),
    ).toBeNull();
    expect(verifyTotp(secret, totp(secret, now), { timeMs: now, lastUsedStep: step - 1 })).toBe(
      step,
    );
  });

  it('tells a right code already used from a wrong one', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const code = totp(secret, now);
    expect(totpReused(secret, code, { timeMs: now, lastUsedStep: step })).toBe(true);
    expect(totpReused(secret, code, { timeMs: now, lastUsedStep: step + 1 })).toBe(true);
    // Not used yet, never used, or not a code of this secret at all.
    expect(totpReused(secret, code, { timeMs: now, lastUsedStep: step - 1 })).toBe(false);
    expect(totpReused(secret, code, { timeMs: now, lastUsedStep: null })).toBe(false);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(totpReused(secret, wrong, { timeMs: now, lastUsedStep: step })).toBe(false);
    expect(totpReused(secret, 'abcdef', { timeMs: now, lastUsedStep: step })).toBe(false);
  });

  it('refuses anything that is not six digits', () => {
    expect(verifyTotp('JBSWY3DPEHPK3PXP', '12345')).toBeNull();
    expect(verifyTotp('JBSWY3DPEHPK3PXP', 'abcdef')).toBeNull();
  });
});
