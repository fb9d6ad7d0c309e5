import { Link as RouterLink } from 'react-router';
import { Button, Typography } from '@mui/material';
import { PageFrame } from '@hostdash/shared-ui';

/** An address under this remote that it does not know. */
export function NotFoundPage() {
  return (
    <PageFrame width="form" title="Page not found">
      <Typography>There is no listings page at this address.</Typography>
      <div>
        <Button component={RouterLink} to="/listings" variant="contained">
          Go to listings
        </Button>
      </div>
    </PageFrame>
  );
}
