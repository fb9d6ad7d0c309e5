// The one empty state (docs/page-kit.md): what a list, a card or a page shows when it has nothing
// yet, a sentence that says why and, where there is one, the action that fills it.
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  /** Why it is empty, or what fills it. */
  children?: ReactNode;
  /** The one action that fills it (a button or link). */
  action?: ReactNode;
}) {
  return (
    <Box role="status" sx={{ py: 5, px: 2, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      {children && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {children}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
