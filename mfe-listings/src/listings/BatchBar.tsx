import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { ArchiveDialog } from './ArchiveDialog';
import { LISTING_STATUSES, type ListingStatus } from './listingsApi';
import { LISTING_STATUS_INFO } from './listingStatus';
import { listingsActions, selectBatch } from './listingsSlice';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What to do with the selected rows, the progress of a run, and what the last run did. */
export function BatchBar() {
  const dispatch = useDispatch();
  const { ids, rows, running, progress, result } = useSelector(selectBatch);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  // A run that changed everything is reported by the snackbar (with Undo); this page lists only
  // what did not go through, so nothing is said twice.
  const shownResult = result && (result.failures.length > 0 || result.cancelled) ? result : null;
  if (ids.length === 0 && !running && !shownResult) return null;

  const setStatus = (status: ListingStatus) => {
    setMenu(null);
    if (status === 'archived') setConfirmingArchive(true);
    else dispatch(listingsActions.batchSetStatus.requested({ status }));
  };

  return (
    <Stack spacing={1}>
      {(ids.length > 0 || running) && (
        <Paper
          variant="outlined"
          sx={{ px: 2, py: 1, bgcolor: 'action.hover' }}
          role="region"
          aria-label="Selected listings"
        >
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {/* Said as it changes ("Updating 3 of 40…"), without moving the focus. */}
            <Typography sx={{ fontWeight: 600 }} role="status">
              {running
                ? `Updating ${progress.done} of ${progress.total}…`
                : `${ids.length} selected`}
            </Typography>
            {running ? (
              <>
                <Box sx={{ flexGrow: 1, minWidth: 120 }}>
                  <LinearProgress
                    variant="determinate"
                    value={progress.total ? (progress.done / progress.total) * 100 : 0}
                    aria-label="Batch progress"
                  />
                </Box>
                <Button size="small" onClick={() => dispatch(listingsActions.batchCancelled())}>
                  Stop
                </Button>
              </>
            ) : (
              <>
                <Button
                  size="small"
                  variant="contained"
                  onClick={(event) => setMenu(event.currentTarget)}
                  aria-haspopup="menu"
                >
                  Set status
                </Button>
                <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
                  {LISTING_STATUSES.map((status) => (
                    <MenuItem key={status} onClick={() => setStatus(status)}>
                      {LISTING_STATUS_INFO[status].label}
                    </MenuItem>
                  ))}
                </Menu>
                <Button size="small" onClick={() => dispatch(listingsActions.batchSet([]))}>
                  Clear selection
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      )}
      <ArchiveDialog
        open={confirmingArchive}
        nicknames={ids.map((id) => rows[id]?.nickname ?? id)}
        onCancel={() => setConfirmingArchive(false)}
        onConfirm={() => {
          setConfirmingArchive(false);
          dispatch(listingsActions.batchSetStatus.requested({ status: 'archived' }));
        }}
      />
      {shownResult && !running && (
        <Alert
          severity={shownResult.failures.length ? 'warning' : 'info'}
          onClose={() => dispatch(listingsActions.batchDismissResult())}
          role="status"
          aria-label="Batch result"
        >
          <AlertTitle>
            {shownResult.failures.length
              ? `${shownResult.succeeded} of ${shownResult.succeeded + shownResult.failures.length} listings set to ${LISTING_STATUS_INFO[shownResult.status].label}`
              : `${plural(shownResult.succeeded, 'listing')} set to ${LISTING_STATUS_INFO[shownResult.status].label}`}
            {shownResult.cancelled ? ' (stopped)' : ''}
          </AlertTitle>
          {shownResult.failures.length > 0 && (
            <>
              {plural(shownResult.failures.length, 'listing')} could not be changed and stayed
              selected:
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {shownResult.failures.map((failure) => (
                  <li key={failure.id}>
                    <strong>{failure.nickname}</strong>: {failure.message}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      )}
    </Stack>
  );
}
