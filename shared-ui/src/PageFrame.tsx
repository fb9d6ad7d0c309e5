// The one page frame (docs/page-kit.md): every signed-in page of every remote sits in it, so the
// dashboard reads as one product. Lists take the full width; forms and settings one readable
// width; both start at the left edge, under the header, never centred. The frame owns the page's
// one h1 through PageHeader.
import type { ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { FORM_PAGE_WIDTH, PAGE_MAX_WIDTH, type PageWidth } from '@hostdash/shared-auth';
import { PageHeader, type PageHeaderProps } from './PageHeader';
import { ROUTE_FRAMES } from './routeFrames.generated';

export { FORM_PAGE_WIDTH, PAGE_MAX_WIDTH, type PageWidth };

export interface PageFrameProps extends PageHeaderProps {
  width: PageWidth;
  children?: ReactNode;
}

export function PageFrame({ width, children, ...header }: PageFrameProps) {
  return (
    <Box
      data-page-width={width}
      // Left-aligned with the layout's header: no auto margins, whatever the width.
      sx={{ width: '100%', maxWidth: PAGE_MAX_WIDTH[width], mr: 'auto', minWidth: 0 }}
    >
      <PageHeader {...header} />
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/** A page's frame as its route declares it: the title, the summary under it, the width. */
export interface RouteFrame {
  title: string;
  subtitle: string;
  width: PageWidth;
}

/**
 * The frame of the page at `path` (its pattern, as the remote's manifest writes it), for a page
 * whose header never changes: `<PageFrame {...routeFrame('/risks')} actions={…}>`. The shell draws
 * the same words in the same place while the remote's code loads (docs/adr/0045), so both come
 * from the manifest's one row; these as the remote was built. Throws for a route without a
 * summary: a page that says something else must not claim its route's frame.
 */
export function routeFrame(path: string): RouteFrame {
  const frame = ROUTE_FRAMES[path];
  if (!frame)
    throw new Error(`the route ${path} declares no summary and width in its remote's manifest`);
  return frame;
}
