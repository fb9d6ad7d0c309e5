/** @jest-environment node */
import { parseRegistry } from './registry';

describe('parseRegistry', () => {
  it('resolves manifest addresses against the remote origin', () => {
    const registry = parseRegistry(
      JSON.stringify({
        remotes: [
          { name: 'listings', manifest: 'listings/mf-manifest.json' },
          {
            name: 'billing',
            manifest: 'https://cdn.example/billing/mf-manifest.json',
            version: '1.2.0',
          },
        ],
      }),
      'http://localhost:3001',
    );
    expect(registry.remotes).toEqual([
      { name: 'listings', manifest: 'http://localhost:3001/listings/mf-manifest.json' },
      {
        name: 'billing',
        manifest: 'https://cdn.example/billing/mf-manifest.json',
        version: '1.2.0',
      },
    ]);
  });

  it.each([
    ['not an object', '[]', /"remotes" array/],
    ['a bad name', '{"remotes":[{"name":"../x","manifest":"a"}]}', /no valid "name"/],
    ['no manifest', '{"remotes":[{"name":"listings"}]}', /no "manifest"/],
  ])('refuses %s', (_case, text, message) => {
    expect(() => parseRegistry(text, 'http://localhost:3001')).toThrow(message);
  });
});
