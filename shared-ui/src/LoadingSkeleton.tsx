// The one loading skeleton of a page or a card (docs/page-kit.md; a table's first page uses
// PlaceholderRows, through ResponsiveList). It holds the space of what is coming so nothing jumps
// when it arrives, shows its grey blocks only once the wait outlasts the lazy-load delay, and
// tells a screen reader what is loading (a polite status, not a flash of skeletons).
import { Box, Skeleton, Stack } from '@mui/material';
import { useDelayed } from './useDelayed';

export function LoadingSkeleton({
  label,
  lines = 3,
  height,
}: {
  /** What is loading, read by screen readers: "Loading the invoices". */
  label: string;
  /** Text lines to stand in for (ignored with `height`). */
  lines?: number;
  /** A block this tall (a chart, a form), in px. */
  height?: number;
}) {
  const visible = useDelayed(true);
  return (
    <Box role="status" aria-label={label}>
      <Stack spacing={1} aria-hidden sx={{ visibility: visible ? 'visible' : 'hidden' }}>
        {height !== undefined ? (
          <Skeleton variant="rounded" height={height} />
        ) : (
          Array.from({ length: lines }, (_, line) => (
            <Skeleton key={line} width={line === lines - 1 ? '60%' : '100%'} />
          ))
        )}
      </Stack>
    </Box>
  );
}
