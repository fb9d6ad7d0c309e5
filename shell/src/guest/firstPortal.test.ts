// The guest page's first act (firstPortal.ts): the portal's request leaves at once, once; what the
// way to the first screen would otherwise open first (the locale data, the page's storage) is
// opened afterwards, in a task of its own, while the page waits for its code.
import { FIRST_PORTAL_KEY, firstPortalRequest, requestFirstPortal } from './firstPortal';
import { GUEST_PAGE_PATH } from './guestConfig.types';

const TOKEN = 'Qx7_k2mP-9vB3nR8sT1uW4yZ6aC0dE5fG7hJ2kL9mN0';
const page = globalThis as unknown as Record<string, unknown>;

let fetchCalls: [string, RequestInit | undefined][];
beforeEach(() => {
  jest.useFakeTimers();
  delete page[FIRST_PORTAL_KEY];
  fetchCalls = [];
  page.fetch = jest.fn((url: string, init?: RequestInit) => {
    fetchCalls.push([url, init]);
    return Promise.resolve({ ok: true } as Response);
  });
  window.history.replaceState(null, '', `/guest/${TOKEN}`);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete page.fetch;
});

it('asks for the portal at once, with the link’s token and a trace of its own, and only once', () => {
  requestFirstPortal(GUEST_PAGE_PATH.source, FIRST_PORTAL_KEY);
  requestFirstPortal(GUEST_PAGE_PATH.source, FIRST_PORTAL_KEY);
  expect(fetchCalls).toHaveLength(1);
  const [url, init] = fetchCalls[0]!;
  expect(url).toBe('/api/guest/portal');
  const headers = init?.headers as Record<string, string>;
  expect(headers['x-guest-token']).toBe(TOKEN);
  expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  expect(firstPortalRequest(GUEST_PAGE_PATH.source)).toBe(page[FIRST_PORTAL_KEY]);
});

it('asks nothing on an address that is not a guest link', () => {
  window.history.replaceState(null, '', '/guest/short');
  expect(firstPortalRequest(GUEST_PAGE_PATH.source)).toBeUndefined();
  expect(fetchCalls).toHaveLength(0);
});

it('opens the locale data and the storage after the request has left, in a task of its own', () => {
  const formatter = jest.spyOn(Intl, 'DateTimeFormat');
  const storage = jest.spyOn(window, 'localStorage', 'get');
  requestFirstPortal(GUEST_PAGE_PATH.source, FIRST_PORTAL_KEY);
  expect(fetchCalls).toHaveLength(1);
  expect(formatter).not.toHaveBeenCalled();
  expect(storage).not.toHaveBeenCalled();
  jest.runAllTimers();
  expect(formatter).toHaveBeenCalledTimes(1);
  expect(storage).toHaveBeenCalled();
});

it('does without the storage where it is refused', () => {
  jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
  requestFirstPortal(GUEST_PAGE_PATH.source, FIRST_PORTAL_KEY);
  expect(() => jest.runAllTimers()).not.toThrow();
});
