// A building's page: its listings and who arrives today and in the next 7 days, with each guest's
// verification status. It is a vendor's whole world (front desk, security): never guest emails,
// phone numbers or identity images here (the API does not send them).
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Card, CardContent, CardHeader, MenuItem, Skeleton, TextField } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  buildingPath,
  bedroomsOf,
  ERROR_PATHS,
  formatDate,
  formatTimeOfDay,
  isVendor,
  selectUser,
  toIsoDate,
  weekdayNames,
} from '@hostdash/shared-auth';
import {
  LoadError,
  PageFrame,
  ResponsiveList,
  useDelayed,
  VerificationChip,
  type ListColumn,
} from '@hostdash/shared-ui';
import type { BuildingArrival, BuildingView } from '../listings/listingsApi';
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

/**
 * Checking arrivals is the vendor's whole job: on a phone each card is headed by the guest and
 * their verification, so nobody scrolls sideways to see whether a guest may pick up the keys.
 */
const ARRIVAL_COLUMNS: ListColumn<BuildingArrival>[] = [
  {
    key: 'guest',
    header: 'Guest',
    width: '24%',
    phone: 'primary',
    render: (arrival) => arrival.guest_name,
  },
  {
    key: 'verification',
    header: 'Verification',
    width: '18%',
    phone: 'primary',
    render: (arrival) => <VerificationChip status={arrival.verification_status} />,
  },
  {
    key: 'arrives',
    header: 'Arrives',
    width: '18%',
    render: (arrival) => arrivalDayLabel(arrival.check_in_date),
  },
  { key: 'unit', header: 'Unit', width: '18%', render: (arrival) => arrival.listing_nickname },
  {
    key: 'guests',
    header: 'Guests',
    width: '8%',
    align: 'right',
    render: (arrival) => arrival.guests,
  },
  {
    key: 'leaves',
    header: 'Leaves',
    width: '14%',
    render: (arrival) => formatDate(arrival.check_out_date),
  },
];

type BuildingListing = BuildingView['listings'][number];

const LISTING_COLUMNS: ListColumn<BuildingListing>[] = [
  // Fixed widths: without them the unit's name wrapped beside a half-empty status column.
  {
    key: 'unit',
    header: 'Unit',
    width: '36%',
    phone: 'primary',
    render: (listing) => listing.nickname,
  },
  {
    key: 'status',
    header: 'Status',
    width: '16%',
    render: (listing) => <ListingStatusChip status={listing.status} />,
  },
  {
    key: 'bedrooms',
    header: 'Bedrooms',
    width: '12%',
    align: 'right',
    render: (listing) => bedroomsOf(listing.bedrooms),
  },
  {
    key: 'check_in',
    header: 'Check-in from',
    width: '18%',
    render: (listing) => formatTimeOfDay(listing.check_in_time),
  },
  {
    key: 'check_out',
    header: 'Check-out by',
    width: '18%',
    render: (listing) => formatTimeOfDay(listing.check_out_time),
  },
];

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
    <PageFrame
      width="list"
      title={current ? current.building.name : showSkeleton ? <Skeleton width={280} /> : 'Building'}
      documentTitle={current?.building.name ?? 'Building'}
      subtitle={current ? `${current.building.address}, ${current.building.city}` : undefined}
      // A vendor cannot open the buildings page: their way between buildings is the switcher.
      breadcrumbs={
        user && !isVendor(user)
          ? [
              { label: 'Buildings', to: '/buildings' },
              { label: current?.building.name ?? 'Building' },
            ]
          : undefined
      }
      actions={
        granted.length > 1 && (
          <TextField
            select
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
            sx={{ minWidth: 220, width: { xs: '100%', sm: 'auto' } }}
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
        )
      }
    >
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
            {/* No side padding on a phone: the cards of the list have their own. */}
            <CardContent sx={{ pt: 0, px: { xs: 0, md: 2 } }}>
              <ResponsiveList
                label="Arrivals"
                columns={ARRIVAL_COLUMNS}
                rows={current.arrivals}
                rowKey={(arrival) => arrival.id}
                empty={{ title: 'No arrivals in the next 7 days' }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader
              title={`Listings in this building (${current.listings.length})`}
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0, px: { xs: 0, md: 2 } }}>
              <ResponsiveList
                label="Listings in this building"
                columns={LISTING_COLUMNS}
                rows={current.listings}
                rowKey={(listing) => listing.id}
                empty={{ title: 'No listings in this building' }}
              />
            </CardContent>
          </Card>
        </>
      )}
    </PageFrame>
  );
}
