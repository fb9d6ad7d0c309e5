import { clearSessionOnUnloadWhenSso } from './sso';

describe('the SSO marker', () => {
  const fetchMock = jest.fn(async () => new Response('{}'));

  beforeEach(() => {
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    document.cookie = 'hd_sso=; max-age=0';
  });

  it('clears the session when the page unloads and the marker cookie is "true"', () => {
    const stop = clearSessionOnUnloadWhenSso('hd_sso');
    document.cookie = 'hd_sso=true';
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/logout',
      expect.objectContaining({ keepalive: true }),
    );
    stop();
  });

  it('keeps the session otherwise', () => {
    const stop = clearSessionOnUnloadWhenSso('hd_sso');
    document.cookie = 'hd_sso=false';
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });
});
