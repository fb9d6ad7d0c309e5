import type { ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';

/** One figure with its label; a skeleton until the figure is known. */
export function StatCard({
  label,
  value,
  detail,
}: {
  label: string;
  value: ReactNode | null;
  detail?: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {value ?? <Skeleton width={60} />}
        </Typography>
        {detail !== undefined && (
          <Typography variant="caption" color="textSecondary">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A page's figures: two across on a phone, four across from a tablet up, as one labelled region. */
export function StatCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
