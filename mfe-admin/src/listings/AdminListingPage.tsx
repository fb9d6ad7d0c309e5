// /admin/listing/:id: one listing of any account, read-only: what support needs to answer a host
// (where it is, its state, where it came from, whose it is, when it changed, its next stays), and
// the way into the account (issue 33: "Open this account"). The way back keeps the list's filters.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Box, Card, CardContent, CardHeader, Link, Stack, Typography } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  bedroomsOf,
  countryName,
  formatDate,
  formatDateTime,
  formatTimeOfDay,
  labelOf,
} from '@hostdash/shared-auth';
import { DetailPlaceholder, PageFrame, VerificationChip } from '@hostdash/shared-ui';
import { OpenAccountButton } from '../accounts/OpenAccountButton';
import { listPath } from './listingsQuery';
import type { AdminListingDetail } from './platformListingsApi';
import { platformListingsActions, selectPlatformListings } from './platformListingsSlice';

/** Label and value pairs, two columns wide on a wide screen. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(110px, max-content) 1fr',
        columnGap: 2,
        rowGap: 1,
        m: 0,
      }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function ListingDetail({ listing }: { listing: AdminListingDetail }) {
  const stays = listing.upcoming_reservations;
  const customFields = Object.entries(listing.custom_fields);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      <Section title="Listing">
        <Facts
          facts={[
            ['Status', labelOf('listingStatus', listing.status)],
            [
              'Address',
              <>
                {listing.address}, {listing.city}, {countryName(listing.country)}
                {/* The code, for staff matching it with a PMS's or a support ticket's. */}
                <Typography variant="body2" color="textSecondary">
                  Country code {listing.country}
                </Typography>
              </>,
            ],
            ['Building', listing.building ?? '—'],
            ['Bedrooms', bedroomsOf(listing.bedrooms)],
            [
              'Check-in / out',
              `${formatTimeOfDay(listing.check_in_time)} / ${formatTimeOfDay(listing.check_out_time)}`,
            ],
            ['Time zone', listing.timezone],
          ]}
        />
      </Section>
      <Section title="Account">
        <Facts
          facts={[
            ['Account', `${listing.account_name} (id ${listing.account_id})`],
            [
              'Owner',
              listing.owner ? (
                <>
                  {listing.owner.name}
                  <Typography variant="body2" color="textSecondary">
                    {listing.owner.email}
                  </Typography>
                </>
              ) : (
                'No owner'
              ),
            ],
          ]}
        />
        <Box sx={{ mt: 2 }}>
          <OpenAccountButton accountId={listing.account_id} />
        </Box>
      </Section>
      <Section title="Import and changes">
        <Facts
          facts={[
            ['PMS', labelOf('pms', listing.pms)],
            ['Hostdash id', listing.id],
            ['Created', formatDateTime(listing.created_at)],
            ['Updated', formatDateTime(listing.updated_at)],
            // The record's version (one more with every change); imports may move `updated` alone.
            ['Version', listing.version],
            ...customFields.map(([name, value]): [string, ReactNode] => [name, value]),
          ]}
        />
      </Section>
      <Section title="Upcoming stays">
        {stays.length === 0 ? (
          <Typography color="textSecondary">No upcoming stays.</Typography>
        ) : (
          <>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {stays.length === 10 ? 'The next 10 stays' : plural(stays.length, 'upcoming stay')}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {stays.map((stay) => (
                <Box
                  component="li"
                  key={stay.id}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                >
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    {stay.guest_name}
                    <Typography variant="body2" color="textSecondary">
                      {formatDate(stay.check_in_date)} – {formatDate(stay.check_out_date)} ·{' '}
                      {labelOf('bookingSource', stay.source)}
                    </Typography>
                  </Box>
                  <VerificationChip status={stay.verification_status} />
                </Box>
              ))}
            </Stack>
          </>
        )}
      </Section>
    </Box>
  );
}

export function AdminListingPage() {
  const { id = '' } = useParams();
  const dispatch = useDispatch();
  const { detail, detailId, query, status } = useSelector(selectPlatformListings);
  const backTo = listPath(query);
  const load = () => dispatch(platformListingsActions.loadDetail.requested(id));
  // Asked for when the page opens a listing, and again when every page's state starts afresh under
  // it (staff opening or leaving an account, docs/adr/0031): the page may still be on screen, or be
  // shown again by Back, and would otherwise wait for a listing nobody asks for.
  const cleared = detailId === null;
  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    if (askedFor.current === id && !cleared) return;
    askedFor.current = id;
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, cleared]);

  const listing = detailId === id ? detail : null;
  if (!listing) {
    return (
      <DetailPlaceholder
        noun="listing"
        status={status.detail}
        back={{ to: backTo, label: 'Back to all listings' }}
        onRetry={load}
      />
    );
  }
  return (
    <PageFrame
      width="list"
      title={listing.nickname}
      subtitle={`${listing.account_name} · ${labelOf('pms', listing.pms)}`}
      breadcrumbs={[{ label: 'All listings', to: backTo }, { label: listing.nickname }]}
      actions={
        <Link component={RouterLink} to={backTo} underline="hover" sx={{ alignSelf: 'center' }}>
          Back to the list
        </Link>
      }
    >
      <ListingDetail listing={listing} />
    </PageFrame>
  );
}
