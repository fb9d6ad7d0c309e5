import { webcrypto } from 'node:crypto';
import { TextEncoder } from 'node:util';
import { apiPathTemplate, hashUserId, routeTemplate, scrubMessage, UNKNOWN_ROUTE } from './shape';

describe('what leaves the browser', () => {
  it('names a page by its route template, never its ids or query', () => {
    expect(routeTemplate('/reservation/1234')).toBe('/reservation/:id');
    expect(routeTemplate('/building/7/harbour-loft')).toBe('/building/:id/:building');
    expect(routeTemplate('/guestportal/screen/selfie')).toBe('/guestportal/screen/:name');
    expect(routeTemplate('/nothing/here/at/all')).toBe(UNKNOWN_ROUTE);
  });

  it('an API path loses its ids, tokens, emails and query', () => {
    expect(apiPathTemplate('/reservation/get/1234?from=0')).toBe('/reservation/get/:id');
    expect(apiPathTemplate('/user/accounts/acceptInvite/AbCdEfGhIjKlMnOpQrStUvWx')).toBe(
      '/user/accounts/acceptInvite/:id',
    );
    expect(apiPathTemplate('/user/lookup/ana%40example.com')).toBe('/user/lookup/:id');
    expect(apiPathTemplate('/listing/load')).toBe('/listing/load');
    expect(apiPathTemplate('/x/%E0%A4%A')).toBe('/x/:id');
  });

  it('an error message loses emails, query strings, tokens and long numbers', () => {
    const message = scrubMessage(
      'Cannot load https://hostdash.app/reservation/99?email=ana@example.com for ana.guest@example.com, token AbCdEfGhIjKlMnOpQrStUvWxYz, card 4242424242424242',
    );
    expect(message).toBe(
      'Cannot load https://hostdash.app/reservation/99 for [email], token [token], card [number]',
    );
    expect(message).not.toMatch(/example\.com|AbCdEf|4242/);
    expect(scrubMessage('word '.repeat(200))).toHaveLength(300);
  });

  it('a user is a stable hash, not their id', async () => {
    // jsdom has no Web Crypto; the browser's is the same API as Node's.
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    Object.defineProperty(globalThis, 'TextEncoder', { value: TextEncoder, configurable: true });
    const hash = await hashUserId('42');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('42');
    expect(await hashUserId('42')).toBe(hash);
    expect(await hashUserId('43')).not.toBe(hash);
  });
});
