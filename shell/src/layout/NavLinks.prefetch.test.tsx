// Issue 34: a navigation link loads its remote on the person's intent (pointer, focus, touch),
// never because it is on screen or the page sat idle: an owner who never opens a section
// downloads none of its code.
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, renderShell } from '../testing/renderShell';
import { prefetchFeature } from '../remotes/loader';
import { NavLinks } from './NavLinks';

jest.mock('../remotes/loader', () => ({ prefetchFeature: jest.fn() }));

const prefetch = jest.mocked(prefetchFeature);

/** An IntersectionObserver that reports every element it is given as on screen at once. */
class VisibleEverything {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  prefetch.mockClear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  Object.assign(globalThis, {
    IntersectionObserver: VisibleEverything,
    requestIdleCallback: (callback: IdleRequestCallback) =>
      setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 0),
  });
  // The registry cannot be read: every remote of the route table is in the navigation.
  globalThis.fetch = jest.fn(async () => ({
    ok: false,
    status: 503,
    json: async () => ({ error: 'registry_unreadable', message: 'unreadable' }),
  })) as unknown as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

async function renderNavigation() {
  renderShell(<NavLinks />, { path: '/', user: makeUser() });
  const navigation = screen.getByRole('navigation', { name: 'Main' });
  return {
    link: async (name: string) => within(navigation).findByRole('link', { name }),
  };
}

it('loads nothing for links that are merely visible, even after the page sat idle for a minute', async () => {
  jest.useFakeTimers();
  const { link } = await renderNavigation();
  await link('Listings');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(60_000);
  });
  expect(prefetch).not.toHaveBeenCalled();
});

it('loads a remote when the pointer comes onto its link, once', async () => {
  const user = userEvent.setup();
  const { link } = await renderNavigation();
  const listings = await link('Listings');
  await user.hover(listings);
  await user.unhover(listings);
  await user.hover(listings);
  expect(prefetch).toHaveBeenCalledTimes(1);
  expect(prefetch).toHaveBeenCalledWith('listings');
});

it('loads a remote when its link gets keyboard focus', async () => {
  const { link } = await renderNavigation();
  const reservations = await link('Reservations');
  act(() => reservations.focus());
  expect(prefetch).toHaveBeenCalledWith('reservations');
  expect(prefetch).toHaveBeenCalledTimes(1);
});

it('loads a remote when a finger touches its link, before the click', async () => {
  const { link } = await renderNavigation();
  fireEvent.touchStart(await link('Analytics'));
  expect(prefetch).toHaveBeenCalledTimes(1);
  expect(prefetch).toHaveBeenCalledWith('reservations');
});
