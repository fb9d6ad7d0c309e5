// The one page frame (docs/page-kit.md): every signed-in page of every remote sits in it, so the
// dashboard reads as one product. Lists take the full width; forms and settings one readable
// width; both start at the left edge, under the header, never centred. The frame owns the page's
// one h1 through PageHeader.
import type { ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { FORM_PAGE_WIDTH } from '@hostdash/shared-auth';
import { PageHeader, type PageHeaderProps } from './PageHeader';

/** `list`: tables, calendars, dashboards (the full width). `form`: forms, settings, one record. */
export type PageWidth = 'list' | 'form';

export { FORM_PAGE_WIDTH };

/** The most a page's content takes, by its kind. */
export const PAGE_MAX_WIDTH: Record<PageWidth, number | 'none'> = {
  list: 'none',
  form: FORM_PAGE_WIDTH,
};

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
