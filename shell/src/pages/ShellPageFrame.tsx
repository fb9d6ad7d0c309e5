// The shell's own pages inside the dashboard (an error, the server out of reach) sit in the page
// kit's frame (docs/page-kit.md) like every remote's: one readable width, left-aligned with the
// header, the h1 at the top. The shell does not bundle shared-ui (its first load stays small), so
// this is the frame's form width with the shell's own few lines; the sign-in pages are the one
// centred card, before the dashboard.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FORM_PAGE_WIDTH } from '@hostdash/shared-auth';

export function ShellPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      data-page-width="form"
      sx={{ width: '100%', maxWidth: FORM_PAGE_WIDTH, mr: 'auto', minWidth: 0 }}
    >
      <Typography variant="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
