import { readCookie } from './cookies';

/**
 * Cookie-based single sign-on (spec section 4): when the SSO marker cookie is "true", the session
 * is cleared as the page unloads. The session cookie is HttpOnly, so the server clears it.
 */
export function clearSessionOnUnloadWhenSso(ssoCookie: string): () => void {
  const onPageHide = () => {
    if (readCookie(ssoCookie) !== 'true') return;
    fetch('/api/logout', { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(
      () => undefined,
    );
  };
  window.addEventListener('pagehide', onPageHide);
  return () => window.removeEventListener('pagehide', onPageHide);
}
