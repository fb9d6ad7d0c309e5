import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ py: 5, px: 2, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      {children && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}
