import { Link as RouterLink } from 'react-router';
import { Button, Skeleton, Stack, Typography } from '@mui/material';
import type { RemoteStatus } from '@hostdash/shared-auth';
import { LoadError } from './LoadError';
import { useDelayed } from './useDelayed';

/**
 * What a detail page shows until its record is there: a skeleton after the lazy-load delay, the
 * load error with a retry, or a not-found page (404) with a way back.
 */
export function DetailPlaceholder({
  noun,
  status,
  back,
  onRetry,
}: {
  /** "listing", "reservation" … */
  noun: string;
  status: RemoteStatus;
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  const showSkeleton = useDelayed(status.loading);
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  if (status.error?.status === 404) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{title} not found</Typography>
        <Typography>This {noun} does not exist or is not shared with you.</Typography>
        <div>
          <Button component={RouterLink} to={back.to} variant="contained">
            {back.label}
          </Button>
        </div>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{showSkeleton ? <Skeleton width={320} /> : title}</Typography>
      {status.error && <LoadError error={status.error} onRetry={onRetry} />}
      {showSkeleton && <Skeleton variant="rounded" height={320} />}
    </Stack>
  );
}
