// Route-level code splitting for a remote: each page is its own chunk, loaded when its route is
// first shown, so a remote's first page carries only its own code (charts only on /analytics).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useDelayed } from './useDelayed';

/**
 * A page component loaded on first render: `lazyPage(() => import('./risks/RisksPage'), 'RisksPage')`.
 * The named export keeps pages' plain `export function` style.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * What shows while a page's code arrives: the page's space, held so nothing below it moves, and a
 * spinner only if the wait outlasts the lazy-load delay.
 */
export function PageFallback() {
  const slow = useDelayed(true);
  return (
    <Box sx={{ minHeight: '60vh', display: 'flex', justifyContent: 'center', pt: 8 }}>
      {slow && <CircularProgress aria-label="Loading the page" />}
    </Box>
  );
}

/** The routes of a remote, with `PageFallback` while a lazy page loads. */
export function LazyPages({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}
