import { Link as RouterLink } from 'react-router';
import { Button, Typography } from '@mui/material';
import { PageFrame } from '@hostdash/shared-ui';

/** An address under this remote that it does not know. */
export function NotFoundPage() {
  return (
    <PageFrame width="form" title="Page not found">
      <Typography>There is no reservations page at this address.</Typography>
      <div>
        <Button component={RouterLink} to="/reservations" variant="contained">
          Go to reservations
        </Button>
      </div>
    </PageFrame>
  );
}
