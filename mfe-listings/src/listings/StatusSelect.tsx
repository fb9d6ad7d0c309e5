import { useState } from 'react';
import { CircularProgress, MenuItem, Select } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { labelOf } from '@hostdash/shared-auth';
import { ArchiveDialog } from './ArchiveDialog';
import { LISTING_STATUSES, type Listing, type ListingStatus } from './listingsApi';
import { LISTING_STATUS_INFO } from './listingStatus';
import { listingsActions, selectRowUpdates } from './listingsSlice';

/**
 * Changes one row's status: posts the new status; the row changes when the API confirms, and the
 * snackbar offers Undo. Archiving asks first.
 */
export function StatusSelect({ listing }: { listing: Listing }) {
  const dispatch = useDispatch();
  const updating = useSelector(selectRowUpdates)[listing.id]?.loading ?? false;
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  const change = (status: ListingStatus) =>
    dispatch(listingsActions.changeStatus.requested({ listing, status }));
  return (
    <>
      <Select
        variant="standard"
        disableUnderline
        value={listing.status}
        disabled={updating}
        onChange={(event) => {
          const status = event.target.value as ListingStatus;
          if (status === listing.status) return;
          if (status === 'archived') setConfirmingArchive(true);
          else change(status);
        }}
        inputProps={{ 'aria-label': `Status of ${listing.nickname}` }}
        IconComponent={
          updating
            ? () => <CircularProgress size={14} sx={{ ml: 1 }} aria-label="Saving" />
            : undefined
        }
        renderValue={(status) =>
          LISTING_STATUS_INFO[status]?.label ?? labelOf('listingStatus', status)
        }
        sx={{ fontSize: 14, minWidth: 96 }}
      >
        {LISTING_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {LISTING_STATUS_INFO[status].label}
          </MenuItem>
        ))}
      </Select>
      <ArchiveDialog
        open={confirmingArchive}
        nicknames={[listing.nickname]}
        onCancel={() => setConfirmingArchive(false)}
        onConfirm={() => {
          setConfirmingArchive(false);
          change('archived');
        }}
      />
    </>
  );
}
