import {
  previewEnds,
  previewKey,
  previewUser,
  readPreview,
  signPreview,
  type Preview,
} from './preview';

const key = previewKey('a delivery token of at least thirty-two characters');
const NOW = Date.parse('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;

const preview: Preview = {
  user: '9',
  remotes: {
    listings: {
      version: '0.3.0+55555555',
      manifest: 'listings/0.3.0+55555555/mf-manifest.json',
      until: NOW + 2 * HOUR,
      contract: '^1.25.0',
    },
    admin: {
      version: '0.2.0+66666666',
      manifest: 'admin/0.2.0+66666666/mf-manifest.json',
      until: NOW + HOUR,
    },
  },
};

describe('the preview cookie', () => {
  it('reads back what was signed, for the user it was made for', () => {
    const value = signPreview(key, preview);
    expect(readPreview(key, value, '9', NOW)).toEqual(preview);
    expect(previewUser(value)).toBe('9');
    expect(previewEnds(preview)).toBe(NOW + 2 * HOUR);
  });

  it('is nothing for another user, a signed-out browser, or another key', () => {
    const value = signPreview(key, preview);
    expect(readPreview(key, value, '1', NOW)).toBeNull();
    expect(readPreview(key, value, null, NOW)).toBeNull();
    expect(
      readPreview(previewKey('another token of at least thirty-two characters'), value, '9', NOW),
    ).toBeNull();
  });

  it('drops each remote whose preview has ended, and is nothing once all have', () => {
    const value = signPreview(key, preview);
    expect(Object.keys(readPreview(key, value, '9', NOW + HOUR)?.remotes ?? {})).toEqual([
      'listings',
    ]);
    expect(readPreview(key, value, '9', NOW + 2 * HOUR)).toBeNull();
  });

  it('is nothing when changed in the browser, however', () => {
    const value = signPreview(key, preview);
    const [payload, signature] = value.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, user: '1' })).toString('base64url');
    expect(readPreview(key, `${forged}.${signature}`, '1', NOW)).toBeNull();
    for (const broken of ['', 'x', `${payload}.`, `${payload}.${signature}.x`, `.${signature}`]) {
      expect(readPreview(key, broken, '9', NOW)).toBeNull();
    }
    expect(previewUser('not base64 json')).toBeNull();
  });

  it('skips a remote whose release is not one the registry could hold', () => {
    const odd: Preview = {
      user: '9',
      remotes: {
        listings: {
          ...(preview.remotes.listings as Preview['remotes'][string]),
          version: '../../etc',
        },
        Admin: preview.remotes.admin as Preview['remotes'][string],
      },
    };
    expect(readPreview(key, signPreview(key, odd), '9', NOW)).toBeNull();
  });
});
