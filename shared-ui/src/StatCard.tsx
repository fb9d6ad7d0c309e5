import type { ReactNode } from 'react';
import { Card, CardContent, Skeleton, Typography } from '@mui/material';

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
    <Card variant="outlined" sx={{ flex: 1, minWidth: 160 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {value ?? <Skeleton width={60} />}
        </Typography>
        {detail !== undefined && (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
