// A region that scrolls sideways must be reachable by keyboard (WCAG 2.1.1; axe's
// `scrollable-region-focusable`): while its content is wider than it, the region takes a tab stop
// and a name, so a keyboard user can focus it and scroll with the arrow keys. While everything fits
// it stays out of the tab order, so a table that fits adds no stop.
import { useCallback, useRef, useState } from 'react';

export interface ScrollRegionProps {
  ref: (element: HTMLElement | null) => void;
  tabIndex?: number;
  role?: 'region';
  'aria-label'?: string;
}

export function useScrollRegion(label: string): ScrollRegionProps {
  const [scrolls, setScrolls] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    // The content's width changes without the region's: rows arrive, a column grows.
    if (element.firstElementChild) observer.current.observe(element.firstElementChild);
  }, []);
  return scrolls ? { ref, tabIndex: 0, role: 'region', 'aria-label': label } : { ref };
}
