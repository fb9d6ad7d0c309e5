import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { buildingPath } from '@hostdash/shared-auth';
import { EmptyState, LoadError, PageFrame, useDelayed } from '@hostdash/shared-ui';
import type { BuildingSummary } from '../listings/listingsApi';
import { listingsActions, selectBuildings } from '../listings/listingsSlice';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
} as const;

function Figure({ value, label }: { value: number; label: string }) {
  return (
    <Box>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
    </Box>
  );
}

function BuildingCard({ building }: { building: BuildingSummary }) {
  return (
    <Card component="article" aria-labelledby={`building-${building.id}`}>
      <CardContent>
        <Typography id={`building-${building.id}`} variant="h6" component="h2">
          {building.name}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {building.address}, {building.city}
        </Typography>
        {/* Wraps rather than pushing the card wider than a phone. */}
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Figure
            value={building.listing_count}
            label={`listings · ${building.active_count} active`}
          />
          <Figure value={building.arrivals_today} label="arrivals today" />
          <Figure value={building.arrivals_next_7_days} label="next 7 days" />
        </Stack>
      </CardContent>
      <CardActions>
        <Button
          component={RouterLink}
          to={buildingPath(building)}
          aria-label={`Open building: ${building.name}`}
        >
          Open building
        </Button>
      </CardActions>
    </Card>
  );
}

export function BuildingsPage() {
  const dispatch = useDispatch();
  const { items, status } = useSelector(selectBuildings);
  const showSkeleton = useDelayed(status.loading && items.length === 0);

  useEffect(() => {
    dispatch(listingsActions.loadBuildings.requested());
  }, [dispatch]);

  return (
    <PageFrame width="list" title="Buildings">
      {status.error && (
        <LoadError
          error={status.error}
          onRetry={() => dispatch(listingsActions.loadBuildings.requested())}
        />
      )}
      {showSkeleton && (
        <Box sx={grid}>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={168} />
          ))}
        </Box>
      )}
      {!status.loading && !status.error && items.length === 0 && (
        <Paper>
          <EmptyState title="No buildings yet">
            Listings that share a building are grouped here once their building is set.
          </EmptyState>
        </Paper>
      )}
      {items.length > 0 && (
        <Box sx={grid}>
          {items.map((building) => (
            <BuildingCard key={building.id} building={building} />
          ))}
        </Box>
      )}
    </PageFrame>
  );
}
