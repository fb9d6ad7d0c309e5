// A building's page: its listings and who arrives today and in the next 7 days, with each guest's
// verification status. It is a vendor's whole world (front desk, security): never guest emails,
// phone numbers or identity images here (the API does not send them).
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  buildingPath,
  ERROR_PATHS,
  formatDate,
  isVendor,
  selectUser,
  toIsoDate,
  weekdayNames,
} from '@hostdash/shared-auth';
import { EmptyState, LoadError, useDelayed, VerificationChip } from '@hostdash/shared-ui';
import type { BuildingArrival } from '../listings/listingsApi';
import { ListingStatusChip } from '../listings/listingStatus';
import { listingsActions, selectBuilding } from '../listings/listingsSlice';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Today", "Tomorrow", or "Wed, Nov 25, 2026". */
export function arrivalDayLabel(isoDate: string, today = new Date()): string {
  if (isoDate === toIsoDate(today)) return 'Today';
  if (isoDate === toIsoDate(new Date(today.getTime() + DAY_MS))) return 'Tomorrow';
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${weekdayNames('short')[new Date(year, month - 1, day).getDay()]}, ${formatDate(isoDate)}`;
}

function groupByDay(arrivals: BuildingArrival[]): [string, BuildingArrival[]][] {
  const days = new Map<string, BuildingArrival[]>();
  for (const arrival of arrivals)
    days.set(arrival.check_in_date, [...(days.get(arrival.check_in_date) ?? []), arrival]);
  return [...days.entries()];
}

function Arrivals({ arrivals }: { arrivals: BuildingArrival[] }) {
  if (arrivals.length === 0) return <EmptyState title="No arrivals in the next 7 days" />;
  return (
    <Table size="small" aria-label="Arrivals">
      <TableHead>
        <TableRow>
          <TableCell>Guest</TableCell>
          <TableCell>Unit</TableCell>
          <TableCell align="right">Guests</TableCell>
          <TableCell>Leaves</TableCell>
          <TableCell>Verification</TableCell>
        </TableRow>
      </TableHead>
      {groupByDay(arrivals).map(([day, group]) => (
        <TableBody key={day}>
          <TableRow>
            <TableCell
              colSpan={5}
              component="th"
              scope="rowgroup"
              sx={{ bgcolor: 'action.hover', fontWeight: 600 }}
            >
              {arrivalDayLabel(day)}
            </TableCell>
          </TableRow>
          {group.map((arrival) => (
            <TableRow key={arrival.id}>
              <TableCell sx={{ fontWeight: 500 }}>{arrival.guest_name}</TableCell>
              <TableCell>{arrival.listing_nickname}</TableCell>
              <TableCell align="right">{arrival.guests}</TableCell>
              <TableCell>{formatDate(arrival.check_out_date)}</TableCell>
              <TableCell>
                <VerificationChip status={arrival.verification_status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      ))}
    </Table>
  );
}

export function BuildingPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { id: accountId = '', building: slug = '' } = useParams();
  const user = useSelector(selectUser);
  const { view, status } = useSelector(selectBuilding);
  const showSkeleton = useDelayed(status.loading && !view);
  const granted = user && isVendor(user) ? (user.vendor_buildings ?? []) : [];

  useEffect(() => {
    dispatch(listingsActions.loadBuilding.requested({ accountId, slug }));
  }, [accountId, slug, dispatch]);

  if (status.error?.status === 404) return <Navigate to={ERROR_PATHS.buildingNotFound} replace />;

  const current =
    view && view.building.account_id === accountId && view.building.slug === slug ? view : null;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h1">
            {current ? current.building.name : showSkeleton ? <Skeleton width={280} /> : 'Building'}
          </Typography>
          {current && (
            <Typography color="text.secondary">
              {current.building.address}, {current.building.city}
            </Typography>
          )}
        </Box>
        {granted.length > 1 && (
          <TextField
            select
            size="small"
            label="Building"
            value={
              granted.some(
                (building) => building.account_id === accountId && building.slug === slug,
              )
                ? `${accountId}/${slug}`
                : ''
            }
            onChange={(event) => {
              const [account_id = '', next = ''] = event.target.value.split('/');
              navigate(buildingPath({ account_id, slug: next }));
            }}
            sx={{ minWidth: 220 }}
          >
            {granted.map((building) => (
              <MenuItem
                key={`${building.account_id}/${building.slug}`}
                value={`${building.account_id}/${building.slug}`}
              >
                {building.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {status.error && (
        <LoadError
          error={status.error}
          onRetry={() => dispatch(listingsActions.loadBuilding.requested({ accountId, slug }))}
        />
      )}
      {showSkeleton && <Skeleton variant="rounded" height={240} />}
      {current && (
        <>
          <Card>
            <CardHeader
              title="Arrivals: today and the next 7 days"
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <Arrivals arrivals={current.arrivals} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader
              title={`Listings in this building (${current.listings.length})`}
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              {current.listings.length === 0 ? (
                <EmptyState title="No listings in this building" />
              ) : (
                <Table size="small" aria-label="Listings in this building">
                  <TableHead>
                    <TableRow>
                      <TableCell>Unit</TableCell>
                      <TableCell align="right">Bedrooms</TableCell>
                      <TableCell>Check-in from</TableCell>
                      <TableCell>Check-out by</TableCell>
                      <TableCell>Status</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {current.listings.map((listing) => (
                      <TableRow key={listing.id}>
                        <TableCell>{listing.nickname}</TableCell>
                        <TableCell align="right">{listing.bedrooms}</TableCell>
                        <TableCell>{listing.check_in_time}</TableCell>
                        <TableCell>{listing.check_out_time}</TableCell>
                        <TableCell>
                          <ListingStatusChip status={listing.status} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
