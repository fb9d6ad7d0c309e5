// jsdom has no media queries: this makes every query match, so ResponsiveList lays its rows out
// as a phone's cards (below the `md` breakpoint), as a 390 px screen would.
export function showAsPhone(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => ({
    matches: true,
    media,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
