/** @jest-environment jsdom */
import { gateHistory, historyIndex, installHistoryGate } from './historyGate';

/** A Back move as the browser announces it, to the gate and then to whoever listens after it. */
function back(state: unknown): string[] {
  const heard: string[] = [];
  const router = () => heard.push('router');
  window.addEventListener('popstate', router);
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
  window.removeEventListener('popstate', router);
  return heard;
}

describe('the history gate', () => {
  beforeAll(() => installHistoryGate());

  it('lets every move through while nothing holds the history', () => {
    expect(back({ idx: 0 })).toEqual(['router']);
  });

  it('keeps a held move from the router, and lets moves through again once released', () => {
    const seen: (number | null)[] = [];
    const release = gateHistory((event) => {
      seen.push(historyIndex(event.state));
      return true;
    });
    expect(back({ idx: 3 })).toEqual([]);
    expect(seen).toEqual([3]);
    release();
    expect(back({ idx: 2 })).toEqual(['router']);
    expect(seen).toEqual([3]);
  });

  it('lets a move through that the gate does not hold', () => {
    const release = gateHistory(() => false);
    expect(back({ idx: 1 })).toEqual(['router']);
    release();
  });

  it("reads react-router's index of an entry, and nothing from other states", () => {
    expect(historyIndex({ usr: null, key: 'abc', idx: 4 })).toBe(4);
    expect(historyIndex(null)).toBeNull();
    expect(historyIndex({ idx: '4' })).toBeNull();
  });
});
