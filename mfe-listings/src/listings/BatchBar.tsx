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
import { LISTING_STATUSES, type ListingStatus } from './listingsApi';
import { LISTING_STATUS_INFO } from './listingStatus';
import { listingsActions, selectBatch } from './listingsSlice';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What to do with the selected rows, the progress of a run, and what the last run did. */
export function BatchBar() {
  const dispatch = useDispatch();
  const { ids, running, progress, result } = useSelector(selectBatch);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  if (ids.length === 0 && !running && !result) return null;

  const setStatus = (status: ListingStatus) => {
    setMenu(null);
    dispatch(listingsActions.batchSetStatus.requested({ status }));
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
            <Typography sx={{ fontWeight: 600 }}>
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
      {result && !running && (
        <Alert
          severity={result.failures.length ? 'warning' : 'success'}
          onClose={() => dispatch(listingsActions.batchDismissResult())}
          role="status"
          aria-label="Batch result"
        >
          <AlertTitle>
            {result.failures.length
              ? `${result.succeeded} of ${result.succeeded + result.failures.length} listings set to ${LISTING_STATUS_INFO[result.status].label}`
              : `${plural(result.succeeded, 'listing')} set to ${LISTING_STATUS_INFO[result.status].label}`}
            {result.cancelled ? ' (stopped)' : ''}
          </AlertTitle>
          {result.failures.length > 0 && (
            <>
              {plural(result.failures.length, 'listing')} could not be changed and stayed selected:
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {result.failures.map((failure) => (
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
